// Records that keep the facts: the PGN's date, clocks in whole seconds and
// the arbiter's notes, read back by the app's own import; the printed
// scoresheet's details; corrections and draw offers on every screen; an
// imported game shown as the players' view.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createGame, importAndReview, savePin, tap, useApp } from './harness.mjs';

const app = useApp();
const PIN = '2468';

async function downloadPgn(page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PGN' }).click(),
  ]);
  return readFile(await download.path(), 'utf8');
}

const written = (page) => page.locator('.move-list .written').allInnerTexts();

test('the PGN has the date and whole-second clocks; the sheet keeps corrections and draw offers in check mode, Review and print', async () => {
  const { context, page, errors } = await app.open('#/', { viewport: { width: 1180, height: 820 } });
  await savePin(page, PIN);
  await page.getByRole('link', { name: 'New game' }).first().click();
  await page.getByLabel("White's FIDE ID (optional)").fill('1503014');
  await page.getByLabel("Black's FIDE ID (optional)").fill('1170546');
  await createGame(page, { white: 'Kowalski, Jan', black: 'Nowak, Anna', event: 'Club ch.' });
  await page.getByRole('link', { name: 'Clock' }).click();
  await page.getByRole('button', { name: "Start White's clock" }).click();
  await page.evaluate(() => { location.hash = location.hash.replace(/\/clock$/, '/scoresheet'); });
  await page.getByRole('button', { name: 'Recording mode (hand to the player)' }).click();
  await tap(page, 'd2', 'd3');
  await page.getByRole('button', { name: 'Draw offer (=) with this move' }).click();
  await tap(page, 'd7', 'd5');
  await page.locator('.move-list .written', { hasText: 'd5' }).waitFor();
  await page.getByRole('button', { name: 'Leave recording mode (arbiter)' }).click();
  await page.getByLabel("Arbiter's PIN").fill(PIN);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.getByText('Arbiter check', { exact: true }).waitFor();
  // The arbiter corrects White's box: d4, not d3 (tapped, so d2-d3).
  await page.getByLabel('Box to correct').selectOption({ label: '1. White' });
  await page.getByLabel('Write instead (a move, or - for a dash)').fill('d4');
  await page.getByRole('button', { name: 'Correct the box' }).click();
  await page.getByText('1. corrected; the old writing stays, struck out.').waitFor();
  assert.deepEqual(await written(page), ['d4 (was d2-d3)', 'd7-d5 (=)']);
  await page.screenshot({ path: 'tests/e2e/output/check-1180x820.png' });

  await page.getByRole('link', { name: 'Review and PGN' }).click();
  await page.getByRole('heading', { name: 'Review: Kowalski, Jan – Nowak, Anna' }).waitFor();
  assert.deepEqual(await written(page), ['d4 (was d2-d3)', 'd5 (=)']);
  const pgn = await downloadPgn(page);
  const today = await page.evaluate(() => new Date().toISOString().slice(0, 10).replaceAll('-', '.'));
  assert.match(pgn, new RegExp(`\\[Date "${today}"\\]`));
  const clocks = [...pgn.matchAll(/\[%clk ([^\]]*)\]/g)].map((m) => m[1]);
  assert.ok(clocks.length >= 1, pgn);
  for (const clock of clocks) assert.match(clock, /^\d+:\d\d:\d\d$/, 'whole seconds, H:MM:SS as lichess writes');
  // The printed scoresheet: date, time control, FIDE IDs.
  const printed = await page.locator('.print-sheet').evaluate((el) => el.textContent);
  for (const fact of [today, '1503014', '1170546', 'Time control', '90', 'Date']) {
    assert.ok(printed.includes(fact), `printed sheet has ${fact}: ${printed}`);
  }
  assert.match(printed, /d4 \(was d2-d3\)/);
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => document.documentElement.setAttribute('data-print', 'sheet'));
  await page.screenshot({ path: 'tests/e2e/output/printed-sheet-1180x820.png', fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  assert.deepEqual(errors, []);
  await context.close();
});

const RECORD = `[Event "Club ch."]
[Site "Warsaw"]
[Date "2026.11.30"]
[Round "4"]
[White "Kowalski, Jan"]
[Black "Nowak, Anna"]
[Result "*"]

1. e4 { [%clk 1:29:50] } 1... e5 { [%clk 1:29:40] } 2. Nf3 Nc6 {Arbiter: illegal move by White; struck out: 3. Ke1-e3; 0:02:00 added to Black} 3. Bb5 a6 {Arbiter: adjourned} *
`;

test("an imported game keeps the arbiter's notes, exports them again, and is the players' view", async () => {
  const { context, page, errors } = await app.open('#/', { viewport: { width: 1180, height: 820 } });
  await importAndReview(page, RECORD, 'Kowalski, Jan – Nowak, Anna');
  const list = await page.locator('.move-list').innerText();
  assert.match(list, /Nc6\s+illegal move by White \(7\.4\); struck out: 3\. Ke1-e3; 0:02:00 added to Black/);
  assert.match(list, /a6\s+adjourned/);
  const pgn = (await downloadPgn(page)).split(/\s+/).join(' ');
  assert.match(pgn, /\[Date "2026\.11\.30"\]/);
  assert.match(pgn, /1\. e4 \{ \[%clk 1:29:50\] \} 1\.\.\. e5 \{ \[%clk 1:29:40\] \}/);
  assert.match(pgn, /2\. Nf3 Nc6 \{Arbiter: illegal move by White; struck out: 3\. Ke1-e3; 0:02:00 added to Black\} 3\. Bb5 a6 \{Arbiter: adjourned\} \*/);

  // The game's own page is the players' view: the board first, the moves,
  // PGN and print; nothing to run, adjourn or delete, no import time.
  await page.getByRole('link', { name: 'Games' }).click();
  await page.locator('.game-card', { hasText: 'Kowalski, Jan – Nowak, Anna' }).click();
  await page.locator('.board').waitFor();
  const main = await page.locator('main').innerText();
  for (const arbiters of ['Clock', 'Adjourn', 'Delete game', 'Created', 'edition of the source texts', 'Import PGN', 'Scoresheet']) {
    assert.ok(!main.includes(arbiters), `no "${arbiters}" for a player`);
  }
  await page.getByText('Club ch. · Round 4 · 2026.11.30').waitFor();
  for (const name of ['Download PGN', 'Copy PGN', 'Print scoresheet']) {
    await page.getByRole('button', { name }).waitFor();
  }
  const board = await page.locator('.board').boundingBox();
  const moves = await page.locator('.move-list').boundingBox();
  assert.ok(board.y < 300 && board.y + board.height <= 820, `board first, in view: ${JSON.stringify(board)}`);
  assert.ok(moves.y < 820, 'the moves in view');
  await page.screenshot({ path: 'tests/e2e/output/player-view-1180x820.png' });
  assert.deepEqual(errors, []);
  await context.close();
});
