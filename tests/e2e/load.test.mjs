// The first load as a browser makes it, from a server that compresses as
// static hosts do: the list of games comes with no screen's module, within
// the 350 KB budget, and each other screen's module is fetched when the
// screen is first shown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createGame, importAndReview, openSettingsGroup, useApp } from './harness.mjs';

const app = useApp();
const BUDGET = 350 * 1024;

test('the list of games loads within 350 KB and without the other screens', async () => {
  const { context, page, errors } = await app.open();
  // The page's own requests: the service worker's precaching of every
  // file, once the app runs, is not the first load.
  // Each request's sizes are read asynchronously: the readings are kept and
  // awaited, so none is still pending when the context closes.
  const fetched = [];
  const reading = [];
  const measure = (request) => {
    if (request.serviceWorker()) return;
    reading.push(request.sizes().then((sizes) => {
      fetched.push({ url: request.url(), bytes: sizes.responseBodySize + sizes.responseHeadersSize });
    }));
  };
  page.on('requestfinished', measure);
  await page.reload();
  await page.getByRole('heading', { name: 'Games' }).waitFor();
  await page.waitForLoadState('networkidle');
  await Promise.all(reading);
  const total = fetched.reduce((sum, f) => sum + f.bytes, 0);
  console.log(`first load in the browser: ${(total / 1024).toFixed(1)} KB in ${fetched.length} requests`);
  assert.ok(total <= BUDGET, `first load ${total} bytes: ${JSON.stringify(fetched, null, 1)}`);
  assert.ok(fetched.some((f) => f.url.endsWith('arbiter_bg.wasm')), 'the main module');
  assert.deepEqual(fetched.filter((f) => /split_/.test(f.url)), [], 'no screen module');

  // The screen's module, awaited: `fetched` is filled only once each
  // request's sizes are read, after the screen may already show.
  const screens = page.waitForEvent('requestfinished', { predicate: (r) => /split_screens/.test(r.url()), timeout: 10_000 });
  await page.getByRole('link', { name: 'New game' }).first().click();
  await page.getByLabel('White', { exact: true }).waitFor();
  await screens;
  page.off('requestfinished', measure);
  await Promise.all(reading);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the list shows a game from its listing, fetching no other module; a game an earlier release stored without one is read and listed', async () => {
  const { context, page, errors } = await app.open();
  // A record as the release before listings wrote it: the game alone.
  const record = (await readFile('tests/records/a1b-a9c-a13.format2.json', 'utf8')).trim();
  await page.evaluate((text) => localStorage.setItem('arbiter/v1/game/g', text), record);
  const modules = [];
  page.on('request', (request) => { if (/\.wasm$/.test(request.url())) modules.push(request.url().split('/').pop()); });
  await page.reload();
  const card = page.locator('.game-card', { hasText: 'Kowalski, Jan – Nowak, Anna' });
  await card.waitFor();
  const status = await card.locator('.game-status').textContent();
  assert.match(status, /^(Game over|In play|Adjourned|Not started)/);
  assert.ok(modules.includes('split_games.wasm'), `read in full: ${modules}`);
  assert.ok(await page.evaluate(() => localStorage.getItem('arbiter/v1/listing/g') !== null), 'listed in storage');

  // Listed now: the list comes from the main module alone, the same card.
  modules.length = 0;
  await page.reload();
  await card.waitFor();
  await page.waitForLoadState('networkidle');
  assert.equal(await card.locator('.game-status').textContent(), status);
  assert.deepEqual(modules, ['arbiter_bg.wasm']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('opened cold by a link, a game screen paints at once, fetches its own modules only after the main one and takes the first paint\'s place without a shift', async () => {
  for (const [locale, line] of [['en-US', 'Opening the game…'], ['pl-PL', 'Otwieranie partii…']]) {
    const context = await app.browser.newContext({ locale, viewport: { width: 1180, height: 820 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e));
    // The main module held back: what the page shows before it has come.
    let release;
    const held = new Promise((done) => { release = done; });
    await page.route(/arbiter_bg\.wasm$/, async (route) => { await held; await route.continue(); });
    const requested = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${app.url}#/game/nope/clock`);
    const shellLine = page.locator('#app-shell p');
    await shellLine.waitFor();
    assert.equal(await shellLine.textContent(), line);
    const brand = await page.getByRole('link', { name: 'Arbiter' }).boundingBox();
    // The page's preloads asked for (the screens' loader is the last), but
    // none of the clock's modules: the main module has the network alone.
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => /__wasm_split\.js$/.test(r.name)));
    assert.deepEqual(requested.filter((url) => /(split_\w+|chunk_\d+)\.wasm$/.test(url)), [], 'no screen module before the main one');
    await page.screenshot({ path: `tests/e2e/output/first-paint-${locale}.png` });

    await page.evaluate(() => {
      window.shifted = 0;
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.shifted += e.value; })
        .observe({ type: 'layout-shift', buffered: true });
    });
    release();
    await page.locator('main#main h1').waitFor();
    assert.equal(await page.locator('#app-shell').count(), 0, 'the first paint is gone');
    assert.deepEqual(await page.getByRole('link', { name: 'Arbiter' }).boundingBox(), brand, 'the header did not move');
    assert.equal(await page.evaluate(() => window.shifted), 0, 'no layout shift');
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('opened cold on a game of this tablet, its screen is headed with the game from its listing while the screen\'s module comes, where the screen puts it', async () => {
  const title = 'Kowalski, Jan – Nowak, Anna';
  // No service worker: every file is fetched, and held here, as on a first
  // visit. A tablet's width, where the scoresheet and the review are wider
  // than other screens.
  const context = await app.browser.newContext({ viewport: { width: 1180, height: 820 }, serviceWorkers: 'block' });
  const seed = await context.newPage();
  await seed.goto(`${app.url}#/`);
  await importAndReview(seed, `[White "Kowalski, Jan"]\n[Black "Nowak, Anna"]\n\n1. e4 e5 2. Nf3 *\n`, title);
  const id = new URL(seed.url()).hash.split('/')[2];
  await seed.close();
  for (const [screen, heading, body] of [['review', `Review: ${title}`, '.sheet-board'], ['scoresheet', title, '.move-list']]) {
    const { page, errors, release } = await openHeld(context, `#/game/${id}/${screen}`);
    await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    assert.equal(await page.locator('main#main p.opening').textContent(), 'Opening the game…');
    assert.equal(await page.locator(body).count(), 0, `the ${screen} itself waits for its module`);
    await page.screenshot({ path: `tests/e2e/output/opening-${screen}.png` });
    const opening = await page.locator('main#main h1').boundingBox();
    release();
    await page.locator(body).waitFor();
    assert.equal(await page.locator('main#main h1').count(), 1);
    assert.deepEqual(await page.locator('main#main h1').boundingBox(), opening, 'the heading did not move');
    assert.equal(await page.locator('main#main h1').textContent(), heading, 'the screen\'s heading reads as the one shown while it came');
    assert.equal(await page.locator('main#main p.opening').count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  }
  await context.close();
});

test('a screen left while the next one\'s module comes stays whole: a game saved meanwhile in another tab breaks nothing', async () => {
  // No service worker: the clock's module is fetched when asked, not precached.
  const { context, page, errors } = await app.open('#/', { serviceWorkers: 'block' });
  await createGame(page, { white: 'Kowalski, Jan', black: 'Nowak, Anna' });
  const id = decodeURIComponent(page.url().split('#/game/')[1]);
  // Settings, which count the games stored, then the clock, whose module
  // is held: Settings stay up meanwhile.
  await page.goto(`${app.url}#/settings`);
  await openSettingsGroup(page, 'Storage');
  await page.waitForLoadState('networkidle');
  let release;
  const held = new Promise((done) => { release = done; });
  await page.route(/(split_clock|chunk_\d+)\.wasm$/, async (route) => { await held; await route.continue(); });
  await page.goto(`${app.url}#/game/${id}/clock`);
  // Another tab corrects the game's details: this one reads them, and the
  // screen still up counts the games again.
  const other = await context.newPage();
  await other.goto(`${app.url}#/game/${id}/edit`);
  await other.getByLabel('Round').fill('7');
  await other.getByRole('button', { name: 'Save details' }).click();
  await other.getByRole('heading', { name: 'Kowalski, Jan – Nowak, Anna' }).waitFor();
  await page.getByText(/^Games stored: 1, using/).waitFor();
  await page.waitForTimeout(300);
  assert.deepEqual(errors, []);
  release();
  await page.getByRole('button', { name: /Start/ }).first().waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('opened cold, a clock at rest shows its faces\' times from the listing while its module comes; a running clock shows no time it cannot know', async () => {
  const title = 'Kowalski, Jan – Nowak, Anna';
  const context = await app.browser.newContext({ viewport: { width: 1180, height: 820 }, serviceWorkers: 'block' });
  const seed = await context.newPage();
  await seed.goto(`${app.url}#/`);
  await importAndReview(seed, `[White "Kowalski, Jan"]\n[Black "Nowak, Anna"]\n[TimeControl "40/5400+30:1800+30"]\n\n1. e4 e5 2. Nf3 *\n`, title);
  const id = new URL(seed.url()).hash.split('/')[2];
  const faces = (page) => page.locator('.clock-face .face-time').allTextContents();
  const openClock = async () => {
    const opened = await openHeld(context, `#/game/${id}/clock`);
    await opened.page.locator('main#main p.opening').waitFor();
    return opened;
  };

  // Not started: both faces' times at once, the screen's controls not yet.
  const resting = await openClock();
  assert.deepEqual(await faces(resting.page), ['1:30:30', '1:30:30'], 'Black\'s face, then White\'s, as the clock shows them');
  assert.equal(await resting.page.locator('main#main p.opening').textContent(), 'Opening the game…');
  assert.equal(await resting.page.getByRole('button', { name: /^Start/ }).count(), 0, 'the clock itself waits for its module');
  await resting.page.screenshot({ path: 'tests/e2e/output/opening-clock.png' });
  const before = await resting.page.locator('.face-time').first().boundingBox();
  resting.release();
  await resting.page.getByRole('button', { name: /^Start/ }).waitFor();
  assert.deepEqual(await faces(resting.page), ['1:30:30', '1:30:30'], 'the clock shows what its faces showed while it came');
  const after = await resting.page.locator('.face-time').first().boundingBox();
  assert.deepEqual([after.width, after.height], [before.width, before.height], 'the time is as large as it was');
  assert.equal(await resting.page.locator('main#main p.opening').count(), 0);
  // Started: its time runs on from the last save, which the listing cannot follow.
  await resting.page.getByRole('button', { name: /^Start/ }).click();
  await resting.page.locator('.clock-face.running').waitFor();
  assert.deepEqual(resting.errors, []);

  const running = await openClock();
  await running.page.getByRole('heading', { name: title, exact: true }).waitFor();
  assert.equal(await running.page.locator('.face-time').count(), 0, 'no frozen time for a running clock');
  running.release();
  await running.page.locator('.clock-face.running').waitFor();
  assert.deepEqual(running.errors, []);
  await context.close();
});

test('opened cold on a game screen, the service worker is registered only once the screen has come: its precache never shares the line with the screen\'s modules', async () => {
  const context = await app.browser.newContext();
  const seed = await context.newPage();
  await seed.goto(`${app.url}#/`);
  const title = 'Kowalski, Jan – Nowak, Anna';
  await importAndReview(seed, `[White "Kowalski, Jan"]\n[Black "Nowak, Anna"]\n\n1. e4 e5 *\n`, title);
  const id = new URL(seed.url()).hash.split('/')[2];
  // A first visit to this game's link: no service worker, nothing cached.
  await seed.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    for (const name of await caches.keys()) await caches.delete(name);
  });
  await seed.close();
  const registered = (page) => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);

  const { page, errors, release } = await openHeld(context, `#/game/${id}/scoresheet`);
  await page.getByRole('heading', { name: title, exact: true }).waitFor();
  // A second for the app to register it, were it to do so as it starts.
  for (let look = 0; look < 10; look++) {
    assert.equal(await registered(page), 0, 'no service worker while the screen\'s modules come');
    await page.waitForTimeout(100);
  }
  release();
  await page.locator('.move-list').waitFor();
  await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistrations()).length === 1);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  assert.deepEqual(errors, []);
  await context.close();
});

/// Opens `hash` in a new page of `context` with the screens' modules held
/// back until `release` is called, as on a slow first visit; the page's
/// errors are collected in `errors`.
async function openHeld(context, hash) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e));
  let release;
  const held = new Promise((done) => { release = done; });
  await page.route(/(split_\w+|chunk_\d+)\.wasm$/, async (route) => { await held; await route.continue(); });
  await page.goto(`${app.url}${hash}`);
  return { page, errors, release };
}
