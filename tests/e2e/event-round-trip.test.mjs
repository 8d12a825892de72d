// A round trip: the chief loads the pairing program's file, a board tablet
// plays round 3's games in the app (a resignation, a flag, a draw and an A10
// forfeit; a half-point bye stays as the program gave it), and the file
// comes back with only round 3's results and the points changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import { makeKey, savePin, sealEnvelope, sealMove, tapAndPress, useApp } from './harness.mjs';
import { BOARD1, CHIEF, joinByCode, joinEvent, status, until, useEvent } from './couch.mjs';

const app = useApp();
const DB = 'round-trip';
const event = useEvent(DB);
const PIN = '8642';
const TRF = fileURLToPath(new URL('../../crates/laws/tests/cases/trf/round-trip.trf', import.meta.url));

const synced = (page) => status(page).filter({ hasText: /^Synced$/ }).waitFor({ timeout: 15_000 });

test('round 3 played in the app comes back to the pairing program with its results and points, and nothing else changed', async () => {
  const couch = event.server();
  const chief = await app.open();
  const board = await app.open();
  // Playwright's clocks, flowing as the real one until the test moves
  // both on by an hour (A10).
  for (const { page } of [chief, board]) {
    await page.clock.install();
    await page.reload();
    await page.locator('main#main').waitFor();
  }
  await savePin(chief.page, PIN);
  await savePin(board.page, PIN);
  await joinEvent(chief.page, { app: app.url, couch: couch.url, db: DB, who: CHIEF });
  await synced(chief.page);
  await joinByCode(board.page, chief.page, { app: app.url, who: BOARD1 });
  await synced(board.page);

  await chief.page.goto(app.url + '#/event');
  await chief.page.reload();
  await chief.page.getByLabel("Load the pairing program's file").setInputFiles(TRF);
  await chief.page.getByRole('button', { name: 'Publish round 3' }).click();
  await chief.page.getByRole('dialog').getByLabel("Arbiter's PIN").fill(PIN);
  await chief.page.getByRole('dialog').getByRole('button', { name: 'Unlock' }).click();
  await chief.page.getByText('Round 3 published: each board tablet now sets up its game from it.').waitFor();
  await synced(chief.page);

  // One tablet sets up each board's game from the round (a tablet per
  // board in a hall; one here, to keep the test short).
  const setUp = async (label, heading) => {
    await board.page.goto(app.url + '#/');
    await board.page.getByRole('link', { name: 'New game' }).first().click();
    await board.page.getByLabel("This tablet's board").selectOption({ label });
    await board.page.getByRole('button', { name: 'Use this board' }).click();
    await board.page.getByRole('button', { name: 'Create game' }).click();
    await board.page.getByRole('heading', { name: heading }).waitFor();
    return decodeURIComponent(board.page.url().split('#/game/')[1]);
  };
  const game = (id, screen = '') => board.page.goto(`${app.url}#/game/${encodeURIComponent(id)}${screen}`);
  // e4 e5 in recording mode, the clock running on the same tablet.
  const twoMoves = async (id) => {
    await board.page.getByRole('link', { name: 'Clock' }).click();
    await board.page.getByRole('button', { name: "Start White's clock" }).click();
    await game(id, '/scoresheet');
    await board.page.getByRole('button', { name: 'Recording mode (hand to the player)' }).click();
    await tapAndPress(board.page, [['e2', 'e4'], ['e7', 'e5']]);
    await board.page.getByRole('button', { name: 'Leave recording mode (arbiter)' }).click();
    await board.page.getByLabel("Arbiter's PIN").fill(PIN);
    await board.page.getByRole('button', { name: 'Unlock' }).click();
  };
  const result = async (id, button, told) => {
    await game(id, '/arbiter');
    await board.page.getByRole('button', { name: button }).click();
    await board.page.getByRole('button', { name: 'Record the result' }).click();
    await board.page.getByText(told).waitFor();
  };

  // Board 1: Black resigns.
  const one = await setUp('Round 3, board 1: Kowalski, Jan – Wójcik, Marek', 'Kowalski, Jan – Wójcik, Marek');
  await twoMoves(one);
  await result(one, 'Black resigns (5.1b)', 'Result recorded (Article 5.1b).');

  // Board 2: White's flag falls (the arbiter sets White's clock to 2 s).
  const two = await setUp('Round 3, board 2: Kamiński, Tomasz – Nowak, Anna', 'Kamiński, Tomasz – Nowak, Anna');
  await twoMoves(two);
  await game(two, '/clock');
  await board.page.getByRole('button', { name: 'Arbiter…' }).click();
  const pin = board.page.getByRole('dialog', { name: "Arbiter's menu: it pauses the clocks" });
  await pin.getByLabel("Arbiter's PIN").fill(PIN);
  await pin.getByRole('button', { name: 'Unlock' }).click();
  const menu = board.page.getByRole('dialog', { name: "Arbiter's menu", exact: true });
  await menu.getByLabel("White's time").fill('0:02');
  await menu.getByLabel("Reason (kept in the game's log)").fill('for the test: the flag falls');
  await menu.getByRole('button', { name: 'Set both clocks' }).click();
  await menu.getByText('Both clocks are set.').waitFor();
  await menu.getByRole('button', { name: 'Close' }).click();
  await board.page.getByRole('button', { name: 'Resume', exact: true }).click();
  const flag = board.page.locator('.flag-ruling');
  await flag.getByRole('button', { name: /^Confirm the result/ }).click({ timeout: 10_000 });
  await board.page.getByRole('alertdialog').getByRole('button', { name: /Confirm/ }).click();
  await board.page.locator('.clock-face[data-side=white] .face-status', { hasText: 'Game over' }).waitFor();

  // Board 3: a draw agreed.
  const three = await setUp('Round 3, board 3: Lewandowski, Piotr – Müller, Hans', 'Lewandowski, Piotr – Müller, Hans');
  await twoMoves(three);
  await result(three, 'Draw agreed (9.1)', 'Result recorded (Article 9.1).');

  // Board 4: adjourned before a move (White seals her first), resumed
  // with Black absent, who is then more than an hour late (both tablets'
  // clocks moved on together): he loses by A10, a forfeit, no move played.
  const four = await setUp('Round 3, board 4: Zielińska, Ewa – Dąbrowska, Zofia', 'Zielińska, Ewa – Dąbrowska, Zofia');
  await makeKey(board.page, 'Irena Arbiter', '135790');
  await game(four);
  await board.page.getByRole('button', { name: 'Adjourn' }).click();
  await board.page.getByRole('alertdialog').getByRole('button', { name: 'Adjourn' }).click();
  await board.page.getByRole('heading', { name: /: write your sealed move$/ }).waitFor();
  await sealMove(board.page, 'e4');
  await sealEnvelope(board.page);
  for (const box of await board.page.locator('.checklist input[type=checkbox]').all()) await box.check();
  await board.page.getByRole('button', { name: 'Envelope verified' }).click();
  await board.page.getByText('verified and kept by the arbiter').waitFor();
  await game(four, '/resume');
  await board.page.getByRole('button', { name: 'Board and clocks set up as recorded' }).click();
  await board.page.getByLabel('Zielińska, Ewa (White) is present').check();
  await board.page.getByRole('button', { name: 'Resume play' }).click();
  await chief.page.clock.fastForward(61 * 60_000);
  await board.page.clock.fastForward(61 * 60_000);
  await board.page.getByRole('button', { name: 'Black is more than the limit late (A10)' }).click();
  await board.page.getByText(/Result — Article A10: Black is more than 1:00:00 late: White wins/).waitFor();
  await synced(board.page);

  // The chief's table has every board; the file comes back with round 3
  // written into each player's line, the half-point bye counted, and
  // every other character as it came.
  await chief.page.goto(app.url + '#/event');
  const rows = chief.page.locator('.round-boards').last().locator('tbody tr');
  await until(async () => (await rows.allInnerTexts()).every((r) => / – /.test(r.split('\t')[3] ?? '')), 15_000);
  assert.deepEqual((await rows.allInnerTexts()).map((r) => r.split('\t')[3]), ['1 – 0', '0 – 1', '= – =', '+ – -']);
  const [download] = await Promise.all([
    chief.page.waitForEvent('download'),
    chief.page.getByRole('button', { name: "Download the pairing program's file with round 3's results" }).click(),
  ]);
  await chief.page.getByText('Saved as round-3-results.trf: every board\'s result is in it.').waitFor();
  const before = (await readFile(TRF, 'utf8')).split('\n');
  const after = (await readFile(await download.path(), 'utf8')).split('\n');
  assert.equal(after.length, before.length);
  const changed = before.flatMap((line, i) => (line === after[i] ? [] : [[line.slice(4, 8).trim(), after[i].slice(80, 84), after[i].slice(111)]]));
  assert.deepEqual(changed, [
    ['1', ' 3.0', '   6 w 1'],
    ['2', ' 2.5', '   7 b 1'],
    ['3', ' 1.5', '   4 b ='],
    ['4', ' 1.0', '   3 w ='],
    ['5', ' 1.0', '   8 w +'],
    ['6', ' 1.5', '   1 b 0'],
    ['7', ' 1.0', '   2 w 0'],
    ['8', ' 0.0', '   5 b -'],
    ['9', ' 0.5', '0000 - H'],
  ]);
  for (const { context, errors } of [chief, board]) {
    assert.deepEqual(errors, []);
    await context.close();
  }
});
