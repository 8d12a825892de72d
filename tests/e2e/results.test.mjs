// How a game ends (5.1b, 6.9), on the release build at 1180x820: a
// resignation recorded on the rulings screen, and a flag in standard play
// confirmed on the clock. Each ends the game everywhere it shows: the games
// list, the game's page, the clock (no press is taken any more), the PGN
// Result tag, Review, the printed scoresheet and the printed report.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createGame, useApp } from './harness.mjs';

const app = useApp();
const T0 = Date.parse('2026-03-01T09:00:00Z');
const face = (page, side) => page.locator(`.clock-face[data-side=${side}]`);

/// A new game under `control`, its clock started at T0 + 1'.
async function startedGame() {
  const context = await app.browser.newContext({ acceptDownloads: true, locale: 'en-US', viewport: { width: 1180, height: 820 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e));
  await page.clock.install({ time: T0 });
  await page.goto(app.url + '#/');
  await createGame(page, { white: 'Kowalski, Jan', black: 'Nowak, Anna' });
  const game = page.url();
  await page.getByRole('link', { name: 'Clock' }).click();
  await page.locator('.clock-screen').waitFor();
  await page.clock.pauseAt(T0 + 60_000);
  await page.getByRole('button', { name: "Start White's clock" }).click();
  return { context, page, errors, game };
}

/// The result as every screen shows it: `banner` on the game's page and in
/// the games list, the PGN's Result tag `tag`, the report's `banner` too.
async function shownEverywhere(page, game, banner, tag) {
  await page.goto(game);
  await page.getByRole('status').filter({ hasText: `Game over: ${banner}.` }).waitFor();
  await page.screenshot({ path: `tests/e2e/output/result-game-${tag.replace('/', '_')}.png` });
  await page.getByRole('link', { name: 'Games' }).first().click();
  await page.locator('.game-status', { hasText: `Game over: ${banner}` }).waitFor();
  await page.goto(game);
  await page.getByRole('link', { name: 'Review and PGN' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PGN' }).click(),
  ]);
  const pgn = await readFile(await download.path(), 'utf8');
  assert.match(pgn, new RegExp(`\\[Result "${tag}"\\]`));
  assert.equal(await page.locator('.report-result').textContent(), banner);
  // Review says it, and the printed scoresheet has it on its Result line.
  assert.equal(await page.locator('.review-result').innerText(), `Result: ${banner}`);
  assert.ok((await page.locator('.print-sheet .print-sign').textContent()).endsWith(`Result ${tag}`), 'the Result line filled in');
}

/// The clock says the game is over; a press starts no clock; the times stand.
async function noPress(page, game, side, banner) {
  await page.goto(game);
  await page.getByRole('link', { name: 'Clock' }).click();
  await page.locator('.clock-screen').waitFor();
  await page.getByRole('status').filter({ hasText: `Game over: ${banner}.` }).waitFor();
  const before = await face(page, side).locator('.face-time').innerText();
  await face(page, side).dispatchEvent('pointerdown', { button: 0, isPrimary: true });
  await page.keyboard.press(side === 'white' ? 'a' : 'l');
  await page.clock.fastForward(30_000);
  assert.equal(await face(page, side).locator('.face-time').innerText(), before);
  assert.doesNotMatch(await face(page, 'white').getAttribute('class'), /running/);
  assert.doesNotMatch(await face(page, 'black').getAttribute('class'), /running/);
}

test('a resignation (5.1b) ends the game everywhere it shows; no press is taken after it', async () => {
  const { context, page, errors, game } = await startedGame();
  await page.clock.fastForward(20_000);
  await face(page, 'white').dispatchEvent('pointerdown', { button: 0, isPrimary: true });
  await page.goto(game);
  await page.getByRole('link', { name: "Arbiter's rulings" }).click();
  await page.getByRole('heading', { name: 'What did you find?' }).waitFor();
  await page.getByRole('button', { name: 'Black resigns (5.1b)' }).click();
  await page.getByRole('alertdialog').getByText('record the result, White wins (Article 5.1b)?').waitFor();
  await page.getByRole('button', { name: 'Record the result' }).click();
  await page.getByText('Result recorded (Article 5.1b).').waitFor();
  // Nothing more is ruled: the rulings screen says the game is over.
  await page.getByRole('status').filter({ hasText: 'Game over: White wins (Article 5.1b: Black resigned).' }).waitFor();
  assert.equal(await page.getByRole('heading', { name: 'What did you find?' }).count(), 0);
  await page.screenshot({ path: 'tests/e2e/output/result-arbiter.png' });

  await noPress(page, game, 'black', 'White wins (Article 5.1b: Black resigned)');
  await shownEverywhere(page, game, 'White wins (Article 5.1b: Black resigned)', '1-0');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a flag confirmed in standard play (6.9) ends the game: the opponent no longer restarts it', async () => {
  const { context, page, errors, game } = await startedGame();
  await page.clock.fastForward(5_430_000 + 1_000);
  const panel = page.locator('.flag-ruling');
  await panel.getByRole('heading', { name: /White's flag fell first/ }).waitFor();
  await panel.getByRole('button', { name: 'Confirm the result (6.9)' }).click();
  await page.getByRole('button', { name: 'Confirm the result', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Game over: Black wins (Article 6.9).' }).waitFor();
  assert.equal(await panel.getByRole('button', { name: 'Confirm the result (6.9)' }).count(), 0);
  await page.screenshot({ path: 'tests/e2e/output/result-clock-flag.png' });
  // White presses, as he could before: Black's clock no longer starts.
  await noPress(page, game, 'white', 'Black wins (Article 6.9)');
  await shownEverywhere(page, game, 'Black wins (Article 6.9)', '0-1');
  // The rulings screen gives no more rulings.
  await page.goto(game);
  await page.getByRole('link', { name: "Arbiter's rulings" }).click();
  await page.locator('.rulings', { hasText: 'Rulings given' }).getByText('Article 6.9').waitFor();
  await page.getByRole('status').filter({ hasText: 'Game over: Black wins (Article 6.9).' }).waitFor();
  assert.equal(await page.getByRole('heading', { name: 'What did you find?' }).count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});
