// The scoresheet as a player and an arbiter use it: moves tapped on the
// board in recording mode (locked, never judged), the arbiter's check, and
// a game taken out as PGN and brought back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createGame, savePin, useApp } from './harness.mjs';

const app = useApp();
const PIN = '2468';

async function startRecording(page) {
  await page.getByRole('link', { name: 'Scoresheet', exact: true }).click();
  await page.getByRole('button', { name: 'Recording mode (hand to the player)' }).click();
  await page.getByText('Recording mode', { exact: true }).waitFor();
}

async function tap(page, from, to) {
  await page.getByRole('button', { name: new RegExp(`^${from},`) }).click();
  await page.getByRole('button', { name: new RegExp(`^${to},`) }).click();
}

async function leaveRecording(page, pin) {
  await page.getByRole('button', { name: 'Leave recording mode (arbiter)' }).click();
  await page.getByLabel("Arbiter's PIN").fill(pin);
  await page.getByRole('button', { name: 'Unlock' }).click();
}

const written = (page) => page.locator('.move-list .written').allInnerTexts();

test('a game tapped on the board goes out as PGN and comes back the same', async () => {
  const { page, errors, context } = await app.open();
  await savePin(page, PIN);
  await createGame(page, { white: 'Kowalski, Jan', black: 'Nowak, Anna' });
  await startRecording(page);
  await tap(page, 'e2', 'e4');
  await tap(page, 'e7', 'e5');
  await tap(page, 'g1', 'f3');
  await page.getByRole('button', { name: 'Draw offer (=) with this move' }).click();
  await tap(page, 'b8', 'c6');
  await page.getByRole('button', { name: 'f1, white bishop' }).dragTo(page.getByRole('button', { name: 'b5, empty' }));
  // Typed in the game's notation, as a player may.
  await page.getByLabel(/Type the move/).fill('a6');
  await page.getByRole('button', { name: 'Write move' }).click();
  await page.locator('.move-list .written', { hasText: 'a6' }).waitFor();
  // By the keyboard: a square focused and Enter, then another.
  await page.getByRole('button', { name: 'b5, white bishop' }).press('Enter');
  await page.getByRole('button', { name: 'a4, empty' }).press('Enter');
  await page.locator('.move-list .written', { hasText: 'Bb5-a4' }).waitFor();
  // Tapped moves in the long form, the typed one as typed.
  assert.deepEqual(await written(page), ['e2-e4', 'e7-e5', 'Ng1-f3', 'Nb8-c6 (=)', 'Bf1-b5', 'a6', 'Bb5-a4']);
  await leaveRecording(page, PIN);

  await page.getByRole('link', { name: 'Review and PGN' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PGN' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'Kowalski-Jan-vs-Nowak-Anna.pgn');
  const pgn = await readFile(await download.path(), 'utf8');
  assert.match(pgn, /\[White "Kowalski, Jan"\]/);
  assert.match(pgn, /1\. e4 e5 2\. Nf3 Nc6 \{draw offer\} 3\. Bb5 a6 4\. Ba4 \*/);
  const original = await written(page);

  // The file back in, with a broken game beside it: the good one still comes in.
  const broken = '[White "Broken"]\n[Black "Game"]\n\n1. e4 e5 2. Ke3 *\n';
  await page.getByLabel('Or paste PGN').fill(`${pgn}\n${broken}`);
  await page.getByRole('button', { name: 'Import pasted PGN' }).click();
  await page.getByText('Imported 1 game:').waitFor();
  assert.match(await page.locator('.import-result [role=alert]').innerText(), /game 2: move 2\. Ke3: illegal move/);
  // The imported game has the names of the one under review: wait for its own address.
  const imported = page.locator('.import-result a', { hasText: 'Kowalski, Jan – Nowak, Anna' });
  const address = await imported.getAttribute('href');
  await imported.click();
  await page.waitForURL((url) => url.hash === address);
  // The screen is built after the address changes: the old one, with the
  // import's result, goes first (the heading alone reads the same on both).
  await page.locator('.import-result').waitFor({ state: 'detached' });
  await page.getByRole('heading', { name: 'Review: Kowalski, Jan – Nowak, Anna' }).waitFor();
  assert.deepEqual(await written(page), original);

  // Step through with the keyboard: back to the start, then one move.
  await page.keyboard.press('Home');
  await page.getByText('Start position').waitFor();
  await page.keyboard.press('ArrowRight');
  await page.getByText('After 1. e4').waitFor();
  assert.match(await page.getByRole('button', { name: /^e4,/ }).getAttribute('aria-label'), /white pawn/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('recording mode never judges, holds the tablet until the PIN, and the check finds the illegal entry', async () => {
  const { page, errors, context } = await app.open();
  await savePin(page, PIN);
  await createGame(page, { white: 'Player, One', black: 'Player, Two' });
  await startRecording(page);
  await tap(page, 'e2', 'e4');
  await tap(page, 'e7', 'e5');
  await tap(page, 'e1', 'e3'); // no king can go there
  await tap(page, 'b8', 'c6');
  await page.locator('.move-list .written', { hasText: 'c6' }).waitFor();
  // Taps start from the board shown, the king on e3. The illegal king's
  // move is written as the legal ones are: the sheet gives nothing away.
  assert.deepEqual(await written(page), ['e2-e4', 'e7-e5', 'Ke1-e3', 'Nb8-c6']);
  assert.equal(await page.locator('.irregular, .verdict').count(), 0);
  // The board moves what was tapped, legal or not.
  await page.getByRole('button', { name: 'e3, white king' }).waitFor();
  assert.doesNotMatch(await page.locator('main').innerText(), /illegal|legal:/i);

  // No way out without the PIN: no navigation, the URL leads back, a reload too.
  assert.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 0);
  await page.evaluate(() => { location.hash = '#/settings'; });
  await page.waitForURL(/\/scoresheet$/);
  await page.reload();
  await page.getByText('Recording mode', { exact: true }).waitFor();
  await leaveRecording(page, '1111');
  assert.match(await page.getByRole('dialog').getByRole('alert').innerText(), /not the arbiter's PIN/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  assert.equal(await page.getByText('Recording mode', { exact: true }).count(), 1);

  await leaveRecording(page, PIN);
  await page.getByText('Arbiter check', { exact: true }).waitFor();
  const first = page.locator('.move.first-irregular');
  assert.match(await first.innerText(), /Ke1-e3[\s\S]*illegal/);
  assert.match(await page.locator('.irregularity-summary').innerText(), /2\. White “Ke1-e3”/);
  // The position after an entry, on a tap.
  await page.getByRole('button', { name: /^1\. White: e2-e4/ }).click();
  await page.getByText('The board shows the position after 1. White.').waitFor();
  assert.match(await page.getByRole('button', { name: /^e5,/ }).getAttribute('aria-label'), /empty/);
  assert.match(await page.getByRole('button', { name: /^e4,/ }).getAttribute('aria-label'), /white pawn/);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();

  // The arbiter corrects the box: the old writing stays, struck out.
  await page.getByLabel('Box to correct').selectOption({ label: '2. White' });
  await page.getByLabel('Write instead (a move, or - for a dash)').fill('Nf3');
  await page.getByRole('button', { name: 'Correct the box' }).click();
  await page.getByText('2. corrected; the old writing stays, struck out.').waitFor();
  await page.getByText('Every entry reads as a legal move, dash or not yet judged.').waitFor();
  assert.match(await page.locator('.move-list').innerText(), /Nf3[\s\S]*legal: Nf3/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a draw claimed by writing the intended move (9.2) is judged on the position it would make', async () => {
  const { page, errors, context } = await app.open();
  const pgn = '[White "Kowalski, Jan"]\n[Black "Nowak, Anna"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 *\n';
  await page.getByRole('button', { name: 'Import PGN', exact: true }).click();
  await page.getByLabel('Or paste PGN').fill(pgn);
  await page.getByRole('button', { name: 'Import pasted PGN' }).click();
  // The imported game has the names of the one under review: wait for its own address.
  const imported = page.locator('.import-result a', { hasText: 'Kowalski, Jan – Nowak, Anna' });
  const address = await imported.getAttribute('href');
  await imported.click();
  await page.waitForURL((url) => url.hash === address);
  // The screen is built after the address changes: the old one, with the
  // import's result, goes first (the heading alone reads the same on both).
  await page.locator('.import-result').waitFor({ state: 'detached' });
  await page.getByRole('heading', { name: 'Review: Kowalski, Jan – Nowak, Anna' }).waitFor();
  await page.goto(page.url().replace(/\/review$/, '/scoresheet'));
  const claims = page.locator('.claims');
  // Folded under the sheet: one tap opens it.
  await claims.locator('summary', { hasText: 'Claims from the record (9.2, 9.3)' }).click();
  await claims.getByText(/Threefold repetition \(9\.2\): a claim by Black now would be incorrect/).waitFor();
  await page.getByLabel('Claim by writing the intended move (9.2, 9.3; optional)').fill('Ng8');
  await claims.getByText('With the intended move Ng8, written and not played:').waitFor();
  await claims.getByText(/Threefold repetition \(9\.2\): a claim by Black now would be correct/).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('after an illegal entry the board follows what was written, and taps start from the board shown (1180x820)', async () => {
  const { page, errors, context } = await app.open();
  await page.setViewportSize({ width: 1180, height: 820 });
  await savePin(page, PIN);
  await createGame(page, { white: 'Pinning, Paul', black: 'Pinned, Pia' });
  await startRecording(page);
  const type = async (text) => {
    await page.getByLabel(/Type the move/).fill(text);
    await page.getByRole('button', { name: 'Write move' }).click();
    await page.locator('.move-list .written', { hasText: text }).last().waitFor();
  };
  const square = (name) => page.getByRole('button', { name: new RegExp(`^${name},`) }).getAttribute('aria-label');
  // 4... Nxd4 with the knight pinned by the bishop on b5 (d7 is empty).
  for (const text of ['e4', 'e5', 'Nf3', 'd6', 'd4', 'Nc6', 'Bb5', 'Nxd4']) await type(text);
  // The knight moved and the capture is made, as written.
  assert.equal(await square('d4'), 'd4, black knight');
  assert.equal(await square('c6'), 'c6, empty');
  // White's knight takes it on the board shown: a capture, not a move onto his own pawn.
  await tap(page, 'f3', 'd4');
  await page.locator('.move-list .written').nth(8).waitFor();
  assert.equal((await written(page))[8], 'Nf3xd4');
  assert.equal(await square('d4'), 'd4, white knight');
  assert.equal(await square('f3'), 'f3, empty');
  await type('Bd7');
  // Castling tapped as the king's two steps: king and rook move.
  await tap(page, 'e1', 'g1');
  await page.locator('.move-list .written').nth(10).waitFor();
  assert.equal(await square('g1'), 'g1, white king');
  assert.equal(await square('f1'), 'f1, white rook');
  assert.equal(await square('e1'), 'e1, empty');
  // Written as O-O, the board does the same.
  await type('zz');
  assert.equal(await square('g1'), 'g1, white king');
  assert.doesNotMatch(await page.locator('main').innerText(), /illegal|legal:/i);
  await page.screenshot({ path: 'tests/e2e/output/recording-after-illegal-1180x820.png' });
  assert.deepEqual(errors, []);
  await context.close();
});
