import { chromium } from 'playwright-core';
import { generateKeyPairSync } from 'node:crypto';
import { startServer } from './scripts/static-server.mjs';
const server = await startServer({ dir: 'dist', port: 0, base: '/' });
const url = `http://127.0.0.1:${server.address().port}/`;
const { publicKey } = generateKeyPairSync('ed25519');
const signer = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
const join = `#/event/join?server=https%3A%2F%2Fcouch.hall.example%3A6984&database=open-2026&signer=${signer}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
for (const [name, viewport, phone] of [['tablet', { width: 1180, height: 820 }, false], ['upright', { width: 820, height: 1180 }, false], ['phone', { width: 390, height: 844 }, true]]) {
  const context = await browser.newContext({ viewport, hasTouch: phone, isMobile: phone });
  const page = await context.newPage();
  await page.goto(url + join);
  await page.getByRole('heading', { name: 'Join an event' }).waitFor();
  await page.screenshot({ path: `/tmp/join-${name}.png` });
  const box = await page.getByRole('button', { name: 'Join the event' }).boundingBox();
  console.log(name, 'join button bottom', box.y + box.height, 'of', viewport.height, 'page height', await page.evaluate(() => document.documentElement.scrollHeight));
  await context.close();
}
await browser.close();
server.close();
