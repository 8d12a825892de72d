// Lighthouse on every screen of the release build, served compressed as a
// static host does: accessibility for each screen, then performance of the
// games list with Lighthouse's default mobile emulation and throttling.
//   node scripts/lighthouse.mjs [DIR] [--min-accessibility 95]
// Exits non-zero on a crash, or when a screen scores under the minimum given.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { startServer } from './static-server.mjs';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at < 0 ? null : args.splice(at, 2)[1];
};
const minAccessibility = Number(option('--min-accessibility') ?? 0);
const dir = args[0] ?? 'dist';

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const PORT = 9300 + (process.pid % 500);

const server = await startServer({ dir, port: 0 });
const app = `http://127.0.0.1:${server.address().port}/`;
const profile = await mkdtemp(join(tmpdir(), 'arbiter-lighthouse-'));
// A persistent context is the browser's default one, so the tabs Lighthouse
// opens through the debugging port see the data seeded here.
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: [...FLAGS, `--remote-debugging-port=${PORT}`],
  viewport: { width: 1024, height: 768 },
});

let failed = false;
try {
  const id = await seed(await browser.newPage());
  const screens = ['#/', '#/new', '#/settings', '#/envelopes'];
  for (const screen of ['', '/edit', '/clock', '/scoresheet', '/review', '/arbiter', '/adjourn', '/resume']) {
    screens.push(`#/game/${id}${screen}`);
  }
  for (const screen of screens) {
    const { lhr } = await lighthouse(app + screen, {
      port: PORT, onlyCategories: ['accessibility'], disableStorageReset: true, logLevel: 'error',
    });
    const score = Math.round(lhr.categories.accessibility.score * 100);
    console.log(`accessibility  ${String(score).padStart(3)}  ${screen}`);
    for (const audit of Object.values(lhr.audits)) {
      if (audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary') {
        console.log(`    failed: ${audit.id} (${audit.details?.items?.length ?? 0}): ${audit.title}`);
      }
    }
    if (score < minAccessibility) failed = true;
  }
  const { lhr } = await lighthouse(app + '#/', {
    port: PORT, onlyCategories: ['performance'], disableStorageReset: true, logLevel: 'error',
  });
  const figure = (audit) => lhr.audits[audit].displayValue;
  console.log(`performance    ${String(Math.round(lhr.categories.performance.score * 100)).padStart(3)}  #/ (mobile)`
    + `  FCP ${figure('first-contentful-paint')}  LCP ${figure('largest-contentful-paint')}`
    + `  TBT ${figure('total-blocking-time')}  CLS ${figure('cumulative-layout-shift')}`);
  if (failed) console.log(`some screen scores under ${minAccessibility} for accessibility`);
} finally {
  await browser.close();
  await new Promise((done) => server.close(done));
  await rm(profile, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

/// Creates a game through the new-game form, as an arbiter would, and returns its id.
async function seed(page) {
  await page.goto(app + '#/new');
  await page.getByLabel('White', { exact: true }).fill('Kowalski, Jan');
  await page.getByLabel('Black', { exact: true }).fill('Nowak, Anna');
  await page.getByLabel('Event', { exact: true }).fill('Club championship');
  await page.getByRole('button', { name: 'Create game' }).click();
  await page.getByRole('heading', { name: 'Kowalski, Jan – Nowak, Anna' }).waitFor();
  const id = new URL(page.url()).hash.split('/')[2];
  await page.close();
  return id;
}
