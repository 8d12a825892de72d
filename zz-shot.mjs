import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServer } from './scripts/static-server.mjs';
const text = readFileSync('crates/laws/tests/data/twic1599_1000k.pgn', 'utf8');
const pgn = text.split(/\n(?=\[Event )/)[5].trim() + '\n';
const server = await startServer({ dir: 'dist', port: 0 });
const url = `http://127.0.0.1:${server.address().port}/#/pgn/${deflateSync(Buffer.from(pgn), { level: 9 }).toString('base64url')}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['tablet', { width: 1180, height: 820 }]]) {
  const context = await browser.newContext({ viewport, isMobile: name === 'phone', hasTouch: true, serviceWorkers: 'block' });
  const page = await context.newPage();
  let release; const held = new Promise((r) => { release = r; });
  await page.route(/split_review\.wasm$/, async (route) => { await held; await route.continue(); });
  await page.goto(url);
  await page.locator('.players-copy-page .sheet-board [data-square]').first().waitFor();
  const box = async () => page.evaluate(() => ({ board: document.querySelector('.sheet-board').getBoundingClientRect().top, steps: document.querySelector('.steps').getBoundingClientRect().top }));
  const before = await box();
  await page.screenshot({ path: `/tmp/zz-${name}-first.png` });
  release();
  await page.getByRole('status').filter({ hasText: 'Result:' }).waitFor();
  const after = await box();
  await page.screenshot({ path: `/tmp/zz-${name}-full.png` });
  console.log(name, JSON.stringify(before), JSON.stringify(after));
  await context.close();
}
await browser.close(); server.close();
