// The arbiter's panel on a game played on one tablet (clock and scoresheet):
// an illegal move found five moves later puts back the position and the
// clocks the log had then, and the game goes on. The page's time is
// Playwright's, so every clock reading is exact.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { choosePrint, createGame, openSettingsGroup, pdfLines, savePin, unlockGate, tap, tapAndPress, typeMoves, useApp } from './harness.mjs';

const app = useApp();
const T0 = Date.parse('2026-03-01T09:00:00Z');
const PIN = '1357';
const THINK = { White: 20_000, Black: 30_000 };

const written = (page) => page.locator('.move-list .written').allInnerTexts();
const dial = (page, side) => page.locator('.sheet-clock .dial', { hasText: side }).innerText();

const EDITION_2014 = 'From July 2014 (two minutes to the opponent; the 2nd illegal move loses)';
const EDITION_SOURCE = 'Until July 2009 (with adjournments; no penalty for an illegal move)';

/// A fresh tablet at `viewport`, its clock installed at T0, the arbiter's
/// PIN set, and a game under the 2014 Laws or `edition` (with
/// `timeControl` when given).
async function gameUnderPin(viewport, timeControl, edition = EDITION_2014, fide = {}) {
  const context = await app.browser.newContext({ locale: 'en-US', viewport });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e));
  await page.clock.install({ time: T0 });
  await page.goto(app.url + '#/');
  await savePin(page, PIN);
  await page.getByRole('link', { name: 'New game' }).first().click();
  if (timeControl) await page.getByLabel('Time control').selectOption(timeControl);
  await page.getByLabel('Edition of the Laws the rulings follow').selectOption({ label: edition });
  await createGame(page, { white: 'Kowalski, Jan', black: 'Nowak, Anna', ...fide });
  return { context, page, errors, game: page.url() };
}

/// The arbiter takes the tablet back from recording mode with his PIN and
/// opens the game's rulings.
async function toRulings(page, game) {
  await page.getByRole('button', { name: 'Leave recording mode (arbiter)' }).click();
  await page.getByLabel("Arbiter's PIN").fill(PIN);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.goto(game);
  await page.getByRole('link', { name: "Arbiter's rulings" }).click();
}

/// Rules `title` from a correction's `card` in place of ruling 1: both
/// rulings stay in the log, listed newest first.
async function correctRulingOne(page, card, title) {
  await card.getByRole('button', { name: `Rule: ${title}` }).click();
  await page.getByRole('alertdialog').getByText('in place of ruling 1?').waitFor();
  await page.getByRole('button', { name: 'Apply the ruling' }).click();
  await page.getByText('Ruling applied (Article 7.4).').waitFor();
  const given = page.locator('.rulings', { hasText: 'Rulings given' }).locator('li');
  assert.equal(await given.count(), 2, 'both rulings stay in the log');
  return given;
}

/// White's clock started at T0 + 1', and the scoresheet handed to the players.
async function startAndHandOver(page, game) {
  await page.getByRole('link', { name: 'Clock' }).click();
  await page.locator('.clock-screen').waitFor();
  await page.clock.pauseAt(T0 + 60_000);
  await page.getByRole('button', { name: "Start White's clock" }).click();
  await page.goto(game);
  await page.getByRole('link', { name: 'Scoresheet', exact: true }).click();
  await page.getByRole('button', { name: 'Recording mode (hand to the player)' }).click();
}

test('an illegal move found five moves later: position and clocks restored, the game goes on', async () => {
  const { context, page, errors, game } = await gameUnderPin({ width: 1024, height: 768 }, '5400+30');
  await startAndHandOver(page, game);
  // 3. Ke1-e3 is illegal; nobody notices until after 7... h6.
  const moves = [['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3'], ['b8', 'c6'], ['e1', 'e3'],
    ['g8', 'f6'], ['e3', 'd3'], ['f8', 'c5'], ['b1', 'c3'], ['d7', 'd6'],
    ['a2', 'a3'], ['a7', 'a6'], ['h2', 'h3'], ['h7', 'h6']];
  let afterNc6;
  await tapAndPress(page, moves, {
    think: THINK,
    each: async (i) => {
      if (i === 3) afterNc6 = [await dial(page, 'White'), await dial(page, 'Black')];
    },
  });
  // 90' + 30" from move 1: two moves each of 20" and 30" thinking.
  assert.deepEqual(afterNc6, ['White 1:30:50', 'Black 1:30:30']);
  assert.equal((await written(page))[4], 'Ke1-e3');
  await toRulings(page, game);
  await page.getByRole('heading', { name: 'Arbiter: Kowalski, Jan – Nowak, Anna' }).waitFor();
  await page.getByRole('button', { name: 'Stop the clocks' }).click();
  // Proposed on top: the scoresheet shows who made it.
  const card = page.locator('.proposed .ruling-card', { hasText: 'White made an illegal move' }).first();
  await card.getByText('Article 7.4').waitFor();
  assert.match(await card.innerText(), /The clocks are set to White 1:30:50, Black 1:30:30\./);
  assert.match(await card.innerText(), /0:02:00 is added to Black's clock\./);
  // The position put back, as a diagram: on the card and in the confirmation.
  await card.getByRole('img', { name: /Diagram: White to move \(move 3\)/ }).waitFor();
  await card.getByRole('button', { name: 'Rule: White made an illegal move' }).click();
  await page.getByRole('alertdialog').getByRole('img', { name: /Diagram: White to move \(move 3\)/ }).waitFor();
  await page.setViewportSize({ width: 1180, height: 820 });
  await page.screenshot({ path: 'tests/e2e/output/ruling-7.4-confirmation-1180x820.png' });
  await page.getByRole('button', { name: 'Apply the ruling' }).click();
  await page.getByText('Ruling applied (Article 7.4).').waitFor();
  await page.locator('.rulings', { hasText: 'Rulings given' }).getByText('Article 7.4').waitFor();

  // The sheet: 1. e4 e5 2. Nf3 Nc6 stand (tapped, so in the long form), the rest struck out.
  await page.getByRole('link', { name: 'Scoresheet' }).click();
  await page.getByText('Struck out by the arbiter').waitFor();
  assert.deepEqual(await written(page), ['e2-e4', 'e7-e5', 'Ng1-f3', 'Nb8-c6']);
  // Taps after 3. Ke1-e3 started from the board shown, where 7... h6 is a move.
  assert.match(await page.locator('.struck-out').innerText(), /3\. Ke1-e3 .*7\.\.\. h7-h6$/);
  await page.getByRole('button', { name: /^e1, white king/ }).waitFor();

  // The clocks as the log had them after 2... Nc6, two minutes to Black, and
  // White to move; the arbiter restarts them and the game goes on.
  await page.goto(game);
  await page.getByRole('link', { name: 'Clock' }).click();
  await page.locator('.clock-screen').waitFor();
  await page.getByRole('button', { name: 'Resume' }).click();
  await page.goto(game);
  await page.getByRole('link', { name: 'Scoresheet', exact: true }).click();
  await page.getByRole('button', { name: 'Recording mode (hand to the player)' }).click();
  assert.deepEqual([await dial(page, 'White'), await dial(page, 'Black')], ['White 1:30:50', 'Black 1:32:30']);
  await page.clock.fastForward(5_000);
  await tap(page, 'f1', 'c4');
  await page.getByRole('button', { name: 'Press the clock: White has moved' }).click();
  await page.locator('.move-list .written').nth(4).waitFor();
  assert.deepEqual(await written(page), ['e2-e4', 'e7-e5', 'Ng1-f3', 'Nb8-c6', 'Bf1-c4']);
  assert.deepEqual([await dial(page, 'White'), await dial(page, 'Black')], ['White 1:31:15', 'Black 1:32:30']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('presses ahead of the sheet are told; 4... Kd6 in Black\'s box: the 7.4 ruling proposed on top names Black and gives White two minutes; a ruling corrected by a later one', async () => {
  const { context, page, errors, game } = await gameUnderPin({ width: 1180, height: 820 });
  // Ten presses, nothing written.
  await page.getByRole('link', { name: 'Clock' }).click();
  await page.locator('.clock-screen').waitFor();
  await page.clock.pauseAt(T0 + 60_000);
  await page.getByRole('button', { name: "Start White's clock" }).click();
  for (let i = 0; i < 10; i += 1) {
    await page.clock.fastForward(10_000);
    await page.keyboard.press(i % 2 === 0 ? 'a' : 'l');
  }
  await page.goto(game);
  await page.getByRole('link', { name: "Arbiter's rulings" }).click();
  // The clock has run: the tablet locked; the arbiter unlocks.
  await unlockGate(page, PIN);
  const notice = page.locator('.clock-sheet-notice');
  await notice.getByText('Half-moves on the clock: 10; on the scoresheet: 0.').waitFor();

  // 1. e4 d5 2. d4 Kd6: the king cannot go there.
  await page.goto(game);
  await page.getByRole('link', { name: 'Scoresheet', exact: true }).click();
  await page.getByRole('button', { name: 'Recording mode (hand to the player)' }).click();
  await typeMoves(page, ['e4', 'd5', 'd4', 'Kd6']);
  await toRulings(page, game);
  await notice.getByText('Half-moves on the clock: 10; on the scoresheet: 4.').waitFor();
  await page.getByRole('button', { name: 'Stop the clocks' }).click();
  // The screen asks first, and proposes what the log shows on top.
  const found = page.getByRole('heading', { name: 'What did you find?' });
  await found.waitFor();
  const proposed = page.locator('.proposed .ruling-card');
  assert.equal(await proposed.count(), 1);
  const card = proposed.first();
  assert.match(await card.innerText(), /Black made an illegal move/);
  assert.match(await card.innerText(), /0:02:00 is added to White's clock\./);
  // The presses cannot be matched to the moves: no clock reading is guessed.
  assert.doesNotMatch(await card.innerText(), /The clocks are set to/);
  assert.match(await card.innerText(), /the log has no clock reading for it/);
  // The full list is folded away.
  assert.equal(await page.locator('details.all-rulings').getAttribute('open'), null);
  assert.equal(await page.locator('details.all-rulings .ruling-card').first().isVisible(), false);
  await page.screenshot({ path: 'tests/e2e/output/arbiter-rulings.png', fullPage: true });
  // The proposal starts on the first screen; the whole screen, with the
  // position to put back drawn on the card, is about half its old 3,616 px.
  const proposal = await card.getByRole('heading', { name: 'Black made an illegal move' }).boundingBox();
  assert.ok(proposal.y + proposal.height <= 820, `the proposed ruling starts at ${proposal.y} px`);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  console.log(`rulings screen height at 1180x820: ${height} px`);
  assert.ok(height <= 1900, `the rulings screen is ${height} px tall`);

  // By mistake, the arbiter rules that nobody can say who made it.
  await page.locator('details.all-rulings > summary').click();
  const form = page.locator('details.all-rulings .finding-form');
  assert.equal(await form.getByRole('combobox', { name: /^Who made it/ }).inputValue(), 'black');
  await form.getByText('The clock\'s presses cannot be matched to the moves on the scoresheet').waitFor();
  await form.getByRole('combobox', { name: /^Who made it/ }).selectOption('nobody');
  await form.getByRole('button', { name: 'Rule: An illegal move was made' }).click();
  await page.getByRole('button', { name: 'Apply the ruling' }).click();
  await page.getByText('Ruling applied (Article 7.4).').waitFor();

  // The later ruling says it corrects ruling 1, with the times given.
  await page.locator('details.correct-ruling > summary', { hasText: 'Correct ruling 1, given by mistake' }).click();
  const fix = page.locator('details.correct-ruling .finding-form');
  assert.equal(await fix.getByRole('combobox', { name: /^Who made it/ }).inputValue(), 'black');
  await fix.getByLabel("White's time (h:mm:ss)").fill('1:29:00');
  await fix.getByLabel("Black's time (h:mm:ss)").fill('1:29:30');
  const fixed = fix.locator('.ruling-card');
  assert.match(await fixed.innerText(), /The clocks are set to White 1:29:00, Black 1:29:30\./);
  const given = await correctRulingOne(page, fixed, 'Black made an illegal move');
  assert.match(await given.nth(0).innerText(), /White receives 2 minutes extra for Black's illegal move number 1/);
  // The ruling it corrects, folded under "Earlier rulings".
  assert.match(await given.nth(1).textContent(), /No penalty: nobody can say which player made the illegal move/);
  await page.screenshot({ path: 'tests/e2e/output/arbiter-corrected.png', fullPage: true });

  // The clock: White 1:29:00 and the two minutes, Black 1:29:30.
  await page.goto(game);
  await page.getByRole('link', { name: 'Clock' }).click();
  const time = (side) => page.locator(`.clock-face[data-side=${side}] .face-time`).innerText();
  assert.deepEqual([await time('white'), await time('black')], ['1:31:00', '1:29:30']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('7.4 as the arbiter finds it: a short illegal move identified and written from the board, Black named is charged, "Nobody can say" charges nobody, whatever the scoresheet shows', async () => {
  const { context, page, errors, game } = await gameUnderPin({ width: 1024, height: 768 }, '5400+30');
  await startAndHandOver(page, game);
  // 2. Ke3, written short in White's box: the only king, so the record
  // shows the move, and the scoresheet shows White made it.
  await tapAndPress(page, [['e2', 'e4'], ['e7', 'e5']], { think: { White: 10_000, Black: 10_000 } });
  await page.clock.fastForward(10_000);
  await page.getByLabel(/Type the move/).fill('Ke3');
  await page.getByRole('button', { name: 'Write move' }).click();
  await page.getByRole('button', { name: 'Press the clock: White has moved' }).click();
  await page.locator('.move-list .written').nth(2).waitFor();
  await toRulings(page, game);
  await page.getByRole('button', { name: 'Stop the clocks' }).click();
  await page.locator('details.all-rulings > summary').click();
  const form = page.locator('details.all-rulings .finding-form');
  const who = form.getByRole('combobox', { name: /^Who made it/ });
  const card = form.locator('.ruling-card');
  assert.equal(await who.inputValue(), 'white');
  // The ruling writes the move from the board it was made on.
  assert.match(await card.innerText(), /2\. Ke1-e3 is illegal: a king cannot move from e1 to e3/);
  assert.doesNotMatch(await card.innerText(), /cannot identify|e1e3/);
  assert.match(await card.innerText(), /0:02:00 is added to Black's clock\./);
  // The arbiter finds Black made it: the ruling charges Black.
  await who.selectOption('black');
  await card.getByRole('heading', { name: 'Black made an illegal move' }).waitFor();
  assert.match(await card.innerText(), /0:02:00 is added to White's clock\./);
  assert.doesNotMatch(await card.innerText(), /added to Black's clock/);
  // Nobody can say: no penalty, whatever the scoresheet shows.
  await who.selectOption('nobody');
  await card.getByRole('heading', { name: 'An illegal move was made; nobody can say by whom' }).waitFor();
  assert.match(await card.innerText(), /No penalty: nobody can say which player made the illegal move/);
  assert.doesNotMatch(await card.innerText(), /is added to/);
  await card.getByRole('button', { name: /^Rule: An illegal move was made/ }).click();
  await page.getByRole('button', { name: 'Apply the ruling' }).click();
  await page.getByText('Ruling applied (Article 7.4).').waitFor();
  const given = page.locator('.rulings', { hasText: 'Rulings given' }).locator('li');
  assert.match(await given.first().innerText(), /No penalty: nobody can say which player made the illegal move/);
  // The clocks: put back to after 1... e5 (90' + 30", ten seconds each and
  // the increment), and no two minutes to anybody.
  await page.goto(game);
  await page.getByRole('link', { name: 'Clock' }).click();
  const time = (side) => page.locator(`.clock-face[data-side=${side}] .face-time`).innerText();
  assert.deepEqual([await time('white'), await time('black')], ['1:30:50', '1:30:50']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a ruling corrected after the competition\'s edition of the Laws is changed: the penalty the new edition gives; the printed scoresheet (PDF) has the struck-out move, the FIDE IDs and the result', async () => {
  const fide = { whiteFide: '1503014', blackFide: '1111111' };
  const { context, page, errors, game } = await gameUnderPin({ width: 1180, height: 820 }, '5400+30', EDITION_SOURCE, fide);
  await startAndHandOver(page, game);
  await tapAndPress(page, [['e2', 'e4'], ['e7', 'e5'], ['e1', 'e3']], { think: { White: 10_000, Black: 10_000 } });
  await toRulings(page, game);
  await page.getByRole('button', { name: 'Stop the clocks' }).click();
  // Under the source texts: no penalty.
  const card = page.locator('.proposed .ruling-card').first();
  assert.doesNotMatch(await card.innerText(), /is added to/);
  await card.getByRole('button', { name: 'Rule: White made an illegal move' }).click();
  await page.getByRole('button', { name: 'Apply the ruling' }).click();
  await page.getByText('Ruling applied (Article 7.4).').waitFor();
  // The competition plays the 2014 Laws after all.
  await page.goto(game);
  await page.getByRole('link', { name: 'Edit details' }).click();
  await page.getByLabel('Edition of the Laws the rulings follow').selectOption({ label: EDITION_2014 });
  await page.getByRole('button', { name: 'Save details' }).click();
  await page.getByText('Details saved.').waitFor();
  await page.getByRole('link', { name: "Arbiter's rulings" }).click();
  await page.locator('details.correct-ruling > summary', { hasText: 'Correct ruling 1, given by mistake' }).click();
  const fixed = page.locator('details.correct-ruling .finding-form .ruling-card');
  assert.match(await fixed.innerText(), /0:02:00 is added to Black's clock\./);
  const given = await correctRulingOne(page, fixed, 'White made an illegal move');
  assert.match(await given.nth(0).innerText(), /Black receives 2 minutes extra for White's illegal move number 1/);
  // Put back to after 1... e5 (ten seconds each and the increment), and
  // Black's two minutes.
  await page.goto(game);
  await page.getByRole('link', { name: 'Clock' }).click();
  const time = (side) => page.locator(`.clock-face[data-side=${side}] .face-time`).innerText();
  assert.deepEqual([await time('white'), await time('black')], ['1:30:50', '1:32:50']);

  // White resigns; the scoresheet printed: the move struck out stays,
  // crossed out in its box; each FIDE ID on its player's line; the result.
  await page.goto(game);
  await page.getByRole('link', { name: "Arbiter's rulings" }).click();
  await page.getByRole('button', { name: 'White resigns (5.1b)' }).click();
  await page.getByRole('button', { name: 'Record the result' }).click();
  await page.getByText('Result recorded (Article 5.1b).').waitFor();
  await page.goto(game);
  await page.getByRole('link', { name: 'Review and PGN' }).click();
  await choosePrint(page, 'Print scoresheet');
  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.locator('.print-sheet tbody tr').nth(1).locator('td s').innerText(), 'Ke1-e3');
  const widths = await page.locator('.print-sheet thead th').evaluateAll((ths) => ths.map((th) => th.getBoundingClientRect().width));
  assert.ok(Math.abs(widths[1] - widths[2]) < 1, `White's and Black's columns: ${widths}`);
  const paper = await pdfLines(page);
  await page.emulateMedia({ media: 'screen' });
  assert.ok(paper.includes('White Kowalski, Jan FIDE ID 1503014'), paper.join('\n'));
  assert.ok(paper.includes('Black Nowak, Anna FIDE ID 1111111'), paper.join('\n'));
  assert.ok(paper.some((line) => /^1 e2-e4 e7-e5 31$/.test(line)), paper.join('\n'));
  assert.ok(paper.some((line) => /^2 Ke1-e3 32$/.test(line)), paper.join('\n'));
  assert.ok(paper.some((line) => line.endsWith('Result 0-1')), paper.join('\n'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a dead position reached by a recorded move is shown to the arbiter with 9.6, from the analyser worker', async () => {
  const { context, page, errors } = await app.open();
  const workers = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  // A closed position the quick look cannot settle: White's king never
  // gets past the wall of pawns, and Black has only his king.
  const pgn = '[White "Kowalski, Jan"]\n[Black "Nowak, Anna"]\n[SetUp "1"]\n'
    + '[FEN "1k6/6p1/6P1/6PK/6P1/6PR/7P/8 b - - 0 1"]\n\n1... Kc8 *\n';
  await page.getByRole('button', { name: 'Import PGN', exact: true }).click();
  await page.getByLabel('Or paste PGN').fill(pgn);
  await page.getByRole('button', { name: 'Import pasted PGN' }).click();
  await page.locator('.import-result a', { hasText: 'Kowalski, Jan – Nowak, Anna' }).click();
  await page.getByRole('heading', { name: 'Review: Kowalski, Jan – Nowak, Anna' }).waitFor();
  await page.goto(page.url().replace(/\/review$/, '/scoresheet'));
  // The finding, not a result: the result is the core's, once recorded.
  await page.getByText('Dead position: no series of legal moves can lead to checkmate (9.6).').waitFor();
  assert.ok(workers.some((url) => url.endsWith('/analyser_loader.js')), `workers: ${workers}`);
  // The arbiter's panel says the same.
  await page.goto(page.url().replace(/\/scoresheet$/, '/arbiter'));
  await page.getByText('Dead position: no series of legal moves can lead to checkmate (9.6).').waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test("wrong PINs make the next try wait, twice as long each time, across a reload", async () => {
  const { context, page, errors, game } = await gameUnderPin({ width: 1180, height: 820 });
  await page.goto(`${game}/scoresheet`);
  await page.getByRole('button', { name: 'Recording mode (hand to the player)' }).click();
  const leave = page.getByRole('button', { name: 'Leave recording mode (arbiter)' });
  const dialog = page.getByRole('dialog');
  const tryPin = async (pin) => {
    await page.getByLabel("Arbiter's PIN").fill(pin);
    await page.getByRole('button', { name: 'Unlock' }).click();
  };
  await leave.click();
  for (let i = 0; i < 2; i++) {
    await tryPin('0000');
    await dialog.getByText("That is not the arbiter's PIN.", { exact: true }).waitFor();
  }
  await tryPin('0000');
  await dialog.getByText("That is not the arbiter's PIN. Too many wrong PINs: the next try must wait 30 s.").waitFor();
  // While it runs, even the right PIN is not tried; a reload keeps the wait.
  await tryPin(PIN);
  await dialog.getByText('Too many wrong PINs: wait 30 s before trying again.').waitFor();
  await page.reload();
  await leave.click();
  await tryPin(PIN);
  await dialog.getByText(/^Too many wrong PINs: wait \d+ s before trying again\.$/).waitFor();
  await page.clock.fastForward(60_000);
  await tryPin(PIN);
  await page.getByRole('button', { name: 'Recording mode (hand to the player)' }).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test("one arbiter lock: once the clock runs, Settings, its keys and recipients, the rulings, editing and deleting ask for the PIN, however they are reached", async () => {
  const { context, page, errors, game } = await gameUnderPin({ width: 1180, height: 820 });
  const id = decodeURIComponent(game.split('#/game/')[1]);
  const gate = page.getByRole('heading', { name: 'For the arbiter' });
  const locked = async () => {
    await gate.waitFor();
    assert.equal(await page.locator('.arbiter-gate').count(), 1);
  };
  // Saving the PIN left the arbiter's screens open; starting the clock
  // hands the game to the players and closes them.
  await page.goto(`${game}/arbiter`);
  await page.getByRole('heading', { name: 'What did you find?' }).waitFor();
  assert.equal(await gate.count(), 0);
  await page.goto(`${game}/clock`);
  await page.getByRole('button', { name: 'Start White\'s clock' }).click();
  await page.getByRole('button', { name: 'Pause' }).waitFor();
  // By "Back to the game", then its links.
  await page.getByRole('link', { name: 'Back to the game' }).click();
  await page.getByRole('link', { name: "Arbiter's rulings" }).click();
  await locked();
  assert.equal(await page.getByRole('heading', { name: 'What did you find?' }).count(), 0);
  await page.goBack();
  await page.getByRole('link', { name: 'Edit details' }).click();
  await locked();
  assert.equal(await page.getByRole('button', { name: 'Save details' }).count(), 0);
  await page.goBack();
  // Deleting asks first; cancelled, the game stays.
  await page.getByRole('button', { name: 'Delete game' }).click();
  await page.getByRole('dialog').getByRole('heading', { name: "Delete the game: the arbiter's PIN" }).waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  // By typing the address: Settings (its keys and recipients inside), the
  // rulings, the edit form, a join code.
  for (const hash of ['#/settings', `#/game/${encodeURIComponent(id)}/arbiter`, `#/game/${encodeURIComponent(id)}/edit`,
    '#/event/join?server=http%3A%2F%2F127.0.0.1%3A9&database=x&signer=' + '0'.repeat(64)]) {
    await page.goto(app.url + hash);
    await locked();
  }
  assert.equal(await page.getByRole('button', { name: 'Add this arbiter' }).count(), 0);
  // A wrong PIN opens nothing; the right one opens the screen in place.
  await page.goto(app.url + '#/settings');
  await page.getByLabel("Arbiter's PIN").fill('0000');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.getByRole('alert').filter({ hasText: "That is not the arbiter's PIN." }).waitFor();
  await locked();
  await page.getByLabel("Arbiter's PIN").fill(PIN);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.getByRole('heading', { name: 'Settings' }).waitFor();
  await openSettingsGroup(page, 'Seal envelopes to');
  await page.getByRole('button', { name: 'Add this arbiter' }).waitFor();
  // Open until the page is opened afresh.
  await page.goto(`${game}/edit`);
  await page.getByRole('button', { name: 'Save details' }).waitFor();
  await page.reload();
  await locked();
  assert.deepEqual(errors, []);
  await context.close();
});
