// Draws the PNG icons of the web manifest from public/icons/arbiter.svg with
// Debian's Chromium. Run by hand after changing the drawing, and commit the
// PNGs: the build only copies them.
//   node scripts/icons.mjs
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const dir = new URL('../public/icons/', import.meta.url);
const svg = `data:image/svg+xml;base64,${readFileSync(new URL('arbiter.svg', dir)).toString('base64')}`;
// A maskable icon is cut to any shape inside its central circle (80% of
// the width): the drawing is scaled into it, on a background to the edges.
const ICONS = [
  { file: 'arbiter-192.png', size: 192, scale: 1, background: 'transparent' },
  { file: 'arbiter-512.png', size: 512, scale: 1, background: 'transparent' },
  { file: 'arbiter-maskable-512.png', size: 512, scale: 0.8, background: '#1f3a2e' },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const { file, size, scale, background } of ICONS) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const side = size * scale;
  await page.setContent(`<body style="margin:0;display:grid;place-items:center;width:${size}px;height:${size}px;background:${background}">
    <img src="${svg}" width="${side}" height="${side}"></body>`);
  await page.locator('img').evaluate((img) => img.decode());
  await page.screenshot({ path: new URL(file, dir).pathname, omitBackground: true });
  await page.close();
  console.log(`public/icons/${file}`);
}
await browser.close();
