// The built dist/ works from a sub-path of a static host, not only from /.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createGame, useApp } from './harness.mjs';

const app = useApp({ base: '/chess/arbiter/' });

test('the app works when hosted under a sub-path', async () => {
  const { page, errors, context } = await app.open();
  assert.match(page.url(), /\/chess\/arbiter\/#\/$/);
  await createGame(page, { white: 'Sub, Path', black: 'Host, Static' });
  await page.reload();
  await page.getByRole('heading', { name: 'Sub, Path – Host, Static' }).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});
