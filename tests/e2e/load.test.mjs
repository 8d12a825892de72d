// The first load as a browser makes it, from a server that compresses as
// static hosts do: the list of games comes with no screen's module, within
// the 350 KB budget, and each other screen's module is fetched when the
// screen is first shown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp } from './harness.mjs';

const app = useApp();
const BUDGET = 350 * 1024;

test('the list of games loads within 350 KB and without the other screens', async () => {
  const { context, page, errors } = await app.open();
  // The page's own requests: the service worker's precaching of every
  // file, once the app runs, is not the first load.
  const fetched = [];
  page.on('requestfinished', async (request) => {
    if (request.serviceWorker()) return;
    const sizes = await request.sizes();
    fetched.push({ url: request.url(), bytes: sizes.responseBodySize + sizes.responseHeadersSize });
  });
  await page.reload();
  await page.getByRole('heading', { name: 'Games' }).waitFor();
  await page.waitForLoadState('networkidle');
  const total = fetched.reduce((sum, f) => sum + f.bytes, 0);
  console.log(`first load in the browser: ${(total / 1024).toFixed(1)} KB in ${fetched.length} requests`);
  assert.ok(total <= BUDGET, `first load ${total} bytes: ${JSON.stringify(fetched, null, 1)}`);
  assert.ok(fetched.some((f) => f.url.endsWith('arbiter_bg.wasm')), 'the main module');
  assert.deepEqual(fetched.filter((f) => /split_/.test(f.url)), [], 'no screen module');

  const before = fetched.length;
  await page.getByRole('link', { name: 'New game' }).first().click();
  await page.getByLabel('White', { exact: true }).waitFor();
  assert.ok(fetched.slice(before).some((f) => /split_screens/.test(f.url)),
    `the new game screen's module: ${fetched.slice(before).map((f) => f.url)}`);
  assert.deepEqual(errors, []);
  await context.close();
});
