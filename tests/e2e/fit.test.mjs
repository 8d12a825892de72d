// Screens that fit a tablet either way round and a phone, measured: every
// element a player needs has its box inside the viewport, without scrolling.
// Notices stay on their screen; the paused clock says whose move it is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { createGame, importAndReview, openSettingsGroup, savePin, tap, useApp } from './harness.mjs';

const app = useApp();
const PIN = '2468';
const LANDSCAPE = { width: 1180, height: 820 };
const PORTRAIT = { width: 820, height: 1180 };
await mkdir('tests/e2e/output', { recursive: true });

/// Asserts that each element's whole box is inside the viewport, the page
/// scrolled to its top.
async function assertInView(page, elements) {
  const { width, height } = page.viewportSize();
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page is not scrolled');
  for (const [name, locator] of Object.entries(elements)) {
    const box = await locator.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    });
    const inside = box.top >= 0 && box.left >= 0 && box.bottom <= height + 0.5 && box.right <= width + 0.5;
    assert.ok(inside, `${name} at ${JSON.stringify(box)} is outside ${width}×${height}`);
  }
}

test('recording mode fits 1180×820 and 820×1180: board with its first rank, last moves, entry, dash, draw offer, press reminder', async () => {
  const { context, page, errors } = await app.open('#/', { viewport: LANDSCAPE });
  await savePin(page, PIN);
  await createGame(page, { white: 'Kowalski, Jan', black: 'Nowak, Anna' });
  await page.getByRole('link', { name: 'Clock' }).click();
  await page.getByRole('button', { name: "Start White's clock" }).click();
  await page.evaluate(() => { location.hash = location.hash.replace(/\/clock$/, '/scoresheet'); });
  await page.getByRole('button', { name: 'Recording mode (hand to the player)' }).click();
  await page.getByText('Recording mode', { exact: true }).waitFor();
  for (const [from, to] of [['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3'], ['b8', 'c6'], ['f1', 'b5'], ['a7', 'a6'], ['b5', 'a4'], ['g8', 'f6'], ['e1', 'g1']]) {
    await tap(page, from, to);
  }
  await page.locator('.move-list .written', { hasText: 'O-O' }).waitFor();
  const elements = {
    board: page.locator('.board'),
    'first rank (a1)': page.getByRole('button', { name: /^a1,/ }),
    'first rank (h1)': page.getByRole('button', { name: /^h1,/ }),
    'last move': page.locator('.move-list .written').last(),
    'move input': page.getByLabel(/Type the move/),
    'write move': page.getByRole('button', { name: 'Write move' }),
    dash: page.getByRole('button', { name: 'Dash (move not written)' }),
    'draw offer': page.getByRole('button', { name: 'Draw offer (=) with this move' }),
    'press reminder': page.getByRole('button', { name: /^Press the clock: / }),
  };
  await assertInView(page, elements);
  await page.screenshot({ path: 'tests/e2e/output/recording-1180x820.png' });
  await page.setViewportSize(PORTRAIT);
  await assertInView(page, elements);
  await page.screenshot({ path: 'tests/e2e/output/recording-820x1180.png' });
  // The board stays a board, large enough to tap.
  const board = await elements.board.boundingBox();
  assert.ok(board.width >= 400, `board ${board.width} px wide`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('recording mode on a phone (390×844, touch): the board is as wide as the page and takes a move; nothing is wider than the screen', async () => {
  const { context, page, errors } = await app.open('#/', { viewport: { width: 390, height: 844 }, phone: true });
  await savePin(page, PIN);
  await createGame(page, { white: 'Kowalski, Jan', black: 'Nowak, Anna' });
  await page.getByRole('link', { name: 'Scoresheet', exact: true }).click();
  await page.getByRole('button', { name: 'Recording mode (hand to the player)' }).click();
  await page.getByText('Recording mode', { exact: true }).waitFor();
  const board = await page.locator('.board').boundingBox();
  assert.ok(board.width >= 340, `board ${board.width} px wide`);
  await page.getByRole('button', { name: /^e2,/ }).tap();
  await page.getByRole('button', { name: /^e4,/ }).tap();
  await page.locator('.move-list .written', { hasText: 'e4' }).waitFor();
  const banner = await page.getByRole('button', { name: 'Leave recording mode (arbiter)' }).boundingBox();
  assert.ok(banner.x + banner.width <= 390, 'the banner\'s button is on the screen');
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390, 'nothing wider than the screen');
  await page.screenshot({ path: 'tests/e2e/output/recording-390x844.png', fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the clock shows its keys on a screen with a keyboard and mouse, not on a touch screen', async () => {
  for (const [phone, shown] of [[true, false], [false, true]]) {
    const viewport = phone ? { width: 390, height: 844 } : { width: 1180, height: 820 };
    const { context, page, errors } = await app.open('#/', { viewport, phone });
    await createGame(page, { white: 'Kowalski, Jan', black: 'Nowak, Anna' });
    await page.getByRole('link', { name: 'Clock' }).click();
    await page.locator('.clock-screen').waitFor();
    assert.equal(await page.locator('.clock-keys').isVisible(), shown, phone ? 'on a phone' : 'with a mouse');
    assert.deepEqual(errors, []);
    await context.close();
  }
});

const RECORD = `[Event "Club ch."]
[Site "Warsaw"]
[Date "2026.11.30"]
[Round "4"]
[White "Kowalski, Jan"]
[Black "Nowak, Anna"]
[Result "*"]

1. e4 { [%clk 1:29:50] } 1... e5 { [%clk 1:29:40] } 2. Nf3 Nc6 {Arbiter: illegal move by White; struck out: 3. Ke1-e3; 0:02:00 added to Black} 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O {Arbiter: adjourned} *
`;

test("review's step buttons are in view at 1180×820 and 820×1180, and a phone's header is one row above the board", async () => {
  const { context, page, errors } = await app.open('#/', { viewport: LANDSCAPE });
  await importAndReview(page, RECORD, 'Kowalski, Jan – Nowak, Anna');
  const steps = {
    board: page.locator('.board'),
    start: page.getByRole('button', { name: 'Go to the start' }),
    back: page.getByRole('button', { name: 'One move back' }),
    forward: page.getByRole('button', { name: 'One move forward' }),
    end: page.getByRole('button', { name: 'Go to the end' }),
  };
  await assertInView(page, steps);
  await page.screenshot({ path: 'tests/e2e/output/review-1180x820.png' });
  await page.setViewportSize(PORTRAIT);
  await assertInView(page, steps);

  // A phone: the list of games scrolled down, then the game opened.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('link', { name: 'Games' }).click();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.locator('.game-card', { hasText: 'Kowalski, Jan – Nowak, Anna' }).click();
  await page.locator('.board').waitFor();
  const header = await page.locator('.app-header').boundingBox();
  const links = await page.locator('.app-header .nav-link').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
  assert.equal(new Set(links).size, 1, `navigation on one row: ${links}`);
  assert.ok(header.height <= 70, `header ${header.height} px tall`);
  const board = await page.locator('.board').boundingBox();
  assert.ok(board.y >= header.y + header.height, 'the board starts below the header');
  await assertInView(page, { 'board (a8)': page.getByRole('button', { name: /^a8,/ }), 'board (h1)': page.getByRole('button', { name: /^h1,/ }) });
  // Scrolled, the header does not cover the board.
  await page.evaluate(() => window.scrollTo(0, 200));
  assert.notEqual(await page.locator('.app-header').evaluate((el) => getComputedStyle(el).position), 'sticky');
  await page.screenshot({ path: 'tests/e2e/output/review-390x844.png' });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a notice coming or going in recording mode moves no square under the player\'s finger, at 1180×820 and 820×1180', async () => {
  for (const viewport of [LANDSCAPE, PORTRAIT]) {
    const { context, page, errors } = await app.open('#/', { viewport });
    const at = `at ${viewport.width}×${viewport.height}`;
    await savePin(page, PIN);
    await createGame(page, { white: 'Kowalski, Jan', black: 'Nowak, Anna' });
    await page.getByRole('link', { name: 'Scoresheet', exact: true }).click();
    await page.getByRole('button', { name: 'Recording mode (hand to the player)' }).click();
    const square = page.getByRole('button', { name: /^e2,/ });
    const where = () => square.evaluate((el) => { const r = el.getBoundingClientRect(); return [r.x, r.y, r.width, r.height].map(Math.round); });
    // Told as the tablet is handed over...
    const told = page.getByRole('status').getByText('Recording mode: hand the tablet to the player.');
    await told.waitFor();
    const withNotice = await where();
    // ...dismissed...
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await told.waitFor({ state: 'detached' });
    assert.deepEqual(await where(), withNotice, `dismissing the notice moved e2 ${at}`);
    // ...and a warning given in the middle of recording, whole on the
    // screen with its button.
    await page.getByRole('button', { name: 'Write move' }).click();
    await page.getByRole('alert').getByText('Nothing is written').waitFor();
    assert.deepEqual(await where(), withNotice, `a warning moved e2 ${at}`);
    await assertInView(page, { warning: page.locator('.notice.error'), dismiss: page.getByRole('button', { name: 'Dismiss' }) });
    await page.screenshot({ path: `tests/e2e/output/recording-notice-${viewport.width}x${viewport.height}.png` });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('a notice stays on the screen it belongs to', async () => {
  const { context, page, errors } = await app.open('#/', { viewport: LANDSCAPE });
  await createGame(page, { white: 'Kowalski, Jan', black: 'Nowak, Anna' });
  // "Game created." is told on the game it leads to...
  await page.getByRole('status').getByText('Game created.').waitFor();
  // ...and stays there when the arbiter goes on.
  await page.getByRole('link', { name: 'Review and PGN' }).click();
  await page.getByRole('heading', { name: 'Review: Kowalski, Jan – Nowak, Anna' }).waitFor();
  assert.equal(await page.getByText('Game created.').count(), 0);
  await page.goBack();
  await page.getByRole('heading', { name: 'Kowalski, Jan – Nowak, Anna' }).waitFor();
  assert.equal(await page.getByText('Game created.').count(), 0);
  // A warning too belongs to the screen where it was given.
  await page.getByRole('link', { name: 'Settings' }).click();
  await openSettingsGroup(page, "Arbiter's PIN");
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await page.locator('.notice.error').waitFor();
  await page.getByRole('link', { name: 'Games' }).click();
  await page.locator('.game-card').first().waitFor();
  assert.equal(await page.locator('.notice').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the paused clock shows whose move it is', async () => {
  const { context, page, errors } = await app.open('#/', { viewport: LANDSCAPE });
  await createGame(page, { white: 'Kowalski, Jan', black: 'Nowak, Anna' });
  await page.getByRole('link', { name: 'Clock' }).click();
  await page.getByRole('button', { name: "Start White's clock" }).click();
  await page.locator('.clock-face[data-side=white]').dispatchEvent('pointerdown', { button: 0, isPrimary: true });
  await page.locator('.clock-face[data-side=black].running').waitFor();
  await page.getByRole('button', { name: 'Pause' }).click();
  const status = (side) => page.locator(`.clock-face[data-side=${side}] .face-status`).innerText();
  await page.getByText('Paused by the arbiter · to move').waitFor();
  assert.equal(await status('black'), 'Paused by the arbiter · to move');
  assert.equal(await status('white'), 'Paused by the arbiter');
  await page.screenshot({ path: 'tests/e2e/output/clock-paused-1180x820.png' });
  assert.deepEqual(errors, []);
  await context.close();
});

test("the event screen's table of boards scrolls in its own box on a phone, not the page", async () => {
  const { context, page, errors } = await app.open('#/event', { viewport: { width: 390, height: 844 } });
  await page.locator('table.event-boards').waitFor();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} px wide on a 390 px phone`);
  assert.deepEqual(errors, []);
  await context.close();
});
