// Rounds: the chief arbiter loads the pairing program's file, publishes its
// round, and each board tablet sets up its game from it, with no name typed.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import { savePin, tapAndPress, useApp } from './harness.mjs';
import { BOARD1, CHIEF, PLAYER, joinByCode, joinEvent, status, stored, syncRecord, until, useEvent } from './couch.mjs';
import { startLichess } from './lichess.mjs';

const app = useApp();
const DB = 'rounds';
const event = useEvent(DB);
const PIN = '8642';
const TRF = fileURLToPath(new URL('../../crates/laws/tests/cases/trf/swiss-round3.trf', import.meta.url));

let lichess;
after(() => lichess?.stop());

const synced = (page) => status(page).filter({ hasText: /^Synced$/ }).waitFor({ timeout: 15_000 });

test("the chief publishes the pairing program's round; a board tablet's game takes its names from it; a round altered in the database is refused", async () => {
  const couch = event.server();
  const chief = await app.open();
  const board = await app.open();
  await savePin(chief.page, PIN);
  await savePin(board.page, PIN);
  await joinEvent(chief.page, { app: app.url, couch: couch.url, db: DB, who: CHIEF });
  await synced(chief.page);
  await joinByCode(board.page, chief.page, { app: app.url, who: BOARD1 });
  await synced(board.page);

  // A file the app cannot read names its line and column; nothing else.
  await chief.page.goto(app.url + '#/event');
  await chief.page.reload();
  const load = chief.page.getByLabel("Load the pairing program's file");
  await load.setInputFiles({ name: 'bad.trf', mimeType: 'text/plain',
    buffer: Buffer.from('012 Bad\n001    1 m    One, Player                       2100 POL     1100000 1990/01/01  0.0    1     2 x  \n') });
  await chief.page.getByRole('alert').filter({ hasText: "line 2, column 97: 'x' is not a colour (w, b or -)" }).waitFor();
  assert.equal(await chief.page.getByRole('button', { name: /^Publish round/ }).count(), 0);

  // A list of boards pasted, for an event with no pairing program: a bad
  // line is named, the round's number asked for, then it shows as boards.
  const paste = chief.page.getByLabel('Or paste the file, or a list of boards');
  await paste.fill('Board;White;Black\n1;Lee, Min;Brown, Pat\n1;Kim, Jo;Park, Su\n');
  await chief.page.getByRole('alert').filter({ hasText: 'line 3, column 1: board 1 is listed twice, or is 0' }).waitFor();
  await paste.fill('Board;White;Black\n1;Lee, Min;Brown, Pat\n2;Kim, Jo;Park, Su\n');
  await chief.page.getByRole('alert').filter({ hasText: "A list of boards: give the round's number." }).waitFor();
  const roundField = chief.page.getByLabel('Round (empty: the one to play)');
  await roundField.fill('4');
  await chief.page.getByLabel('Event (for a list)').fill('Club night');
  const listed = chief.page.locator('table.round-boards', { hasText: 'Round 4: Club night' });
  assert.deepEqual(await listed.locator('tbody tr').allInnerTexts(), ['1\tLee, Min\tBrown, Pat', '2\tKim, Jo\tPark, Su']);
  await roundField.fill('');

  // A file an older pairing program wrote in Latin-1 is read as Latin-1:
  // its accents come through.
  const latin1 = (await readFile(TRF, 'utf8')).replace(/[ąńś]/g, (c) => ({ ą: 'a', ń: 'n', ś: 's' })[c]);
  await load.setInputFiles({ name: 'latin1.trf', mimeType: 'text/plain', buffer: Buffer.from(latin1, 'latin1') });
  await chief.page.locator('table.round-boards tbody tr', { hasText: 'FM Müller, Hans (2310)' }).filter({ hasText: 'Lewandowski, Piotr' }).waitFor();
  await chief.page.locator('table.round-boards tbody tr', { hasText: 'Wójcik, Marek (2050)' }).waitFor();

  // The file's round to play, as boards in the program's order, then
  // published behind the PIN (the page opened afresh is locked).
  await load.setInputFiles(TRF);
  const table = chief.page.locator('table.round-boards', { hasText: 'Round 3: Kraków Spring Open' });
  await table.waitFor();
  const rows = await table.locator('tbody tr').allInnerTexts();
  assert.deepEqual(rows.map((r) => r.split('\t').map((c) => c.trim())), [
    ['1', 'GM Kowalski, Jan (2580)', 'IM Nowak, Anna (2430)'],
    ['2', 'FM Müller, Hans (2310)', 'Lewandowski, Piotr (2205)'],
    ['3', 'Kamiński, Tomasz (1980)', 'Wójcik, Marek (2050)'],
    ['4', 'Dąbrowska, Zofia (1875)', 'WFM Zielińska, Ewa (2150)'],
  ]);
  await chief.page.getByRole('button', { name: 'Publish round 3' }).click();
  await chief.page.getByRole('dialog').getByLabel("Arbiter's PIN").fill(PIN);
  await chief.page.getByRole('dialog').getByRole('button', { name: 'Unlock' }).click();
  await chief.page.getByText('Round 3 published: each board tablet now sets up its game from it.').waitFor();
  await synced(chief.page);
  const published = (await couch.request('GET', `/${DB}/round:003:0001`)).body;
  assert.equal(published.boards[1].white.name, 'Müller, Hans');

  // Rewritten in the database (board 2's names swapped, as a higher
  // version) without the chief's signature matching: refused and listed.
  const forged = { ...published, _id: 'round:003:0002', _rev: '1-abcd', version: 2,
    boards: published.boards.map((b) => (b.number === 2 ? { ...b, white: b.black, black: b.white } : b)) };
  assert.equal((await couch.request('POST', `/${DB}/_bulk_docs`, { docs: [forged], new_edits: false })).status, 201);
  const refusedOn = async (page) => (await syncRecord(page))?.refused ?? [];
  await until(async () => (await refusedOn(board.page)).some((r) => r.id === 'round:003:0002' && r.why.detail?.type === 'invalid'), 15_000);

  // The board tablet chooses its board: the names are the round's and
  // cannot be typed over.
  await board.page.getByRole('link', { name: 'New game' }).first().click();
  await board.page.getByLabel("This tablet's board").selectOption({ label: 'Round 3, board 2: Müller, Hans – Lewandowski, Piotr' });
  await board.page.getByRole('button', { name: 'Use this board' }).click();
  const white = board.page.getByLabel('White', { exact: true });
  await until(async () => (await white.inputValue()) === 'Müller, Hans');
  assert.equal(await white.getAttribute('readonly'), '');
  assert.equal(await board.page.getByLabel("Black's FIDE ID (optional)").inputValue(), '1100004');
  assert.equal(await board.page.getByLabel('Board', { exact: true }).inputValue(), '2');
  await board.page.getByRole('button', { name: 'Create game' }).click();
  await board.page.getByRole('heading', { name: 'Müller, Hans – Lewandowski, Piotr' }).waitFor();
  const id = decodeURIComponent(board.page.url().split('#/game/')[1]);
  const text = JSON.stringify(await stored(board.page, id));
  assert.match(text, /"round":"3"/);
  assert.match(text, /"board":"2"/);
  assert.match(text, /"name":"Müller, Hans","fide_id":4600003/);

  // Before play the chief swaps board 2's colours (as version 3: the
  // forged version 2 holds its id): the board tablet's game,
  // with no move yet, follows; swapped back, it follows again. He marks
  // board 4's Black absent at the default time. Each change is logged.
  const changes = chief.page.locator('form.round-changes').last();
  const change = async (board, what, told) => {
    await changes.getByLabel('Board to change').selectOption({ label: `Board ${board}` });
    await changes.getByRole('combobox', { name: /^Change/ }).selectOption({ label: what });
    await changes.getByRole('button', { name: 'Make the change' }).click();
    await chief.page.getByText(told).waitFor();
  };
  await change(2, 'Swap the colours', 'Round 3, version 3: board 2: colours swapped. Every tablet takes it.');
  await board.page.getByRole('heading', { name: 'Lewandowski, Piotr – Müller, Hans' }).waitFor({ timeout: 15_000 });
  await change(2, 'Swap the colours', 'Round 3, version 4: board 2: colours swapped. Every tablet takes it.');
  await board.page.getByRole('heading', { name: 'Müller, Hans – Lewandowski, Piotr' }).waitFor({ timeout: 15_000 });
  await change(4, 'Black absent at the default time (forfeit)', 'Round 3, version 5: board 4: Black absent at the default time, White wins by forfeit (6.7). Every tablet takes it.');
  assert.deepEqual((await chief.page.locator('.round-change-log').last().locator('li').allInnerTexts()).map((l) => l.replace(/^\d\d:\d\d · /, '')), [
    'board 2: colours swapped', 'board 2: colours swapped',
    'board 4: Black absent at the default time, White wins by forfeit (6.7)']);
  await chief.page.locator('.round-boards tr[data-board="4"]').filter({ hasText: '+ – -' }).waitFor();
  await changes.getByLabel('Board to change').selectOption({ label: 'Board 1' });
  await changes.getByRole('combobox', { name: /^Change/ }).selectOption({ label: 'Move to another board number' });
  await changes.getByLabel('New board number').fill('2');
  await changes.getByRole('button', { name: 'Make the change' }).click();
  await chief.page.getByRole('alert').filter({ hasText: 'Board 2 is taken: move a board to a number no board has.' }).waitFor();
  // Nor are the names typed over when the game's details are corrected.
  // (The board tablet is unlocked since it joined behind the PIN.)
  await board.page.goto(`${app.url}#/game/${encodeURIComponent(id)}/edit`);
  await board.page.getByRole('heading', { name: 'Edit game details' }).waitFor();
  assert.equal(await board.page.getByLabel('White', { exact: true }).getAttribute('readonly'), '');
  assert.equal(await board.page.getByLabel('White', { exact: true }).inputValue(), 'Müller, Hans');
  await board.page.goto(`${app.url}#/game/${encodeURIComponent(id)}`);

  // Board 2 is played: two moves, then Black resigns.
  await board.page.getByRole('link', { name: 'Clock' }).click();
  await board.page.getByRole('button', { name: "Start White's clock" }).click();
  await board.page.goto(`${app.url}#/game/${encodeURIComponent(id)}/scoresheet`);
  await board.page.getByRole('button', { name: 'Recording mode (hand to the player)' }).click();

  // The players call the arbiter from recording mode, with no PIN: the
  // chief's event screen shows the board and the time within 2 s, sounding
  // every few seconds, until he answers; the board then shows who comes.
  await chief.context.addInitScript(() => {
    window.tones = 0;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args) { window.tones += 1; return start.apply(this, args); };
  });
  await chief.page.reload();
  const calls = chief.page.locator('section.calls li');
  await board.page.getByRole('button', { name: 'Call the arbiter' }).click();
  let called = Date.now();
  await calls.filter({ hasText: /^Board 2, round 3 · Müller, Hans – Lewandowski, Piotr · called at \d\d:\d\d · tablet board1/ }).waitFor({ timeout: 2_000 });
  const online = Date.now() - called;
  await board.page.getByText(/^Arbiter called at \d\d:\d\d: the arbiters' screens show the call until one answers\.$/).waitFor();
  await until(() => chief.page.evaluate(() => window.tones >= 2), 10_000);
  await chief.page.getByRole('button', { name: 'Answer: I am coming' }).click();
  await calls.first().waitFor({ state: 'detached' });
  await board.page.getByText(/^The chief arbiter is coming \(answered at \d\d:\d\d\)\.$/).waitFor({ timeout: 15_000 });
  const tones = await chief.page.evaluate(() => window.tones);
  await new Promise((done) => setTimeout(done, 4_500));
  assert.equal(await chief.page.evaluate(() => window.tones), tones, 'an answered call still sounds');

  // Offline, the call waits on the tablet and goes when the network is back.
  await board.context.setOffline(true);
  await board.page.getByRole('button', { name: 'Call the arbiter' }).click();
  await board.page.getByText(/Not sent yet: it goes as soon as the network is back\.$/).waitFor();
  await new Promise((done) => setTimeout(done, 2_000));
  assert.equal(await calls.count(), 0);
  await board.context.setOffline(false);
  called = Date.now();
  await calls.filter({ hasText: 'Board 2, round 3' }).waitFor({ timeout: 2_000 });
  console.log(`the call on the chief's screen: ${online} ms online, ${Date.now() - called} ms after the network came back`);
  await chief.page.getByRole('button', { name: 'Answer: I am coming' }).click();
  await calls.first().waitFor({ state: 'detached' });

  // The live broadcast: the chief pushes round 3 to a lichess broadcast
  // round (a local stand-in). A wrong token is shown; with the right one,
  // each move reaches lichess within 2 s, and the round's PGN in the
  // database is the same.
  lichess = await startLichess({ token: 'lip_round3' });
  const broadcast = chief.page.locator('section.broadcast');
  await broadcast.getByLabel('Round pushed to lichess').selectOption({ label: 'Round 3' });
  await broadcast.getByLabel('Lichess broadcast round id').fill('abc');
  await broadcast.getByLabel('Lichess token (study:write)').fill('lip_wrong');
  await broadcast.getByLabel(/^Lichess server/).fill(lichess.url);
  await broadcast.getByRole('button', { name: 'Save the broadcast settings' }).click();
  await chief.page.getByRole('alert').filter({ hasText: '"abc" is not a lichess broadcast round\'s id' }).waitFor();
  await broadcast.getByLabel('Lichess broadcast round id').fill('abcd1234');
  await broadcast.getByRole('button', { name: 'Save the broadcast settings' }).click();
  await chief.page.getByRole('dialog').getByLabel("Arbiter's PIN").fill(PIN);
  await chief.page.getByRole('dialog').getByRole('button', { name: 'Unlock' }).click();
  await broadcast.getByText(/^Not pushed at \d\d:\d\d: lichess refused the token: make one with study:write and give it again\./).waitFor();
  assert.equal(lichess.pushes.length, 0);
  await broadcast.getByLabel('Lichess token (study:write)').fill('lip_round3');
  await broadcast.getByRole('button', { name: 'Save the broadcast settings' }).click();
  // Boards 1 and 3 have no game yet: their pairings go too; board 4 is
  // a forfeit.
  await broadcast.getByText(/^Round 3 pushed to lichess at \d\d:\d\d: 3 game\(s\) taken\.$/).waitFor();
  assert.match(lichess.pushes.at(-1).body, /\[Round "3\.1"\][^]*\[Round "3\.2"\][^]*\[Round "3\.3"\]/);
  assert.doesNotMatch(lichess.pushes.at(-1).body, /\[Round "3\.4"\]/);
  assert.match(lichess.pushes.at(-1).body, /\[Round "3\.2"\][^]*\[White "Müller, Hans"\][^]*\n\n\*\n/);
  const feed = async () => (await fetch(`${couch.url}/${DB}/feed%3A003/round.pgn`, { headers: { Authorization: `Basic ${Buffer.from(`${PLAYER.name}:${PLAYER.password}`).toString('base64')}` } })).text();
  for (const [i, [move, written]] of [[['e2', 'e4'], /1\. e4 \{ \[%clk [0-9:]+\] \} \*/], [['e7', 'e5'], /1\. e4 \{ \[%clk [0-9:]+\] \} 1\.\.\. e5 \{ \[%clk [0-9:]+\] \} \*/]].entries()) {
    const before = lichess.pushes.length;
    await tapAndPress(board.page, [move], { first: i });
    const moved = Date.now();
    await until(() => lichess.pushes.slice(before).some((p) => written.test(p.body)), 2_000);
    console.log(`the move on lichess after ${lichess.pushes.find((p, i) => i >= before && written.test(p.body)).at - moved} ms`);
  }
  await until(async () => (await feed()) === lichess.pushes.at(-1).body, 10_000);
  // Held back two minutes: what lichess and the database show is the game
  // as it stood then, before either move.
  const undelayed = lichess.pushes.length;
  await broadcast.getByLabel('Delay (minutes)').fill('2');
  await broadcast.getByRole('button', { name: 'Save the broadcast settings' }).click();
  await until(() => lichess.pushes.length > undelayed, 5_000);
  assert.match(lichess.pushes.at(-1).body, /\[White "Müller, Hans"\]/);
  assert.doesNotMatch(lichess.pushes.at(-1).body, /e4/);
  await until(async () => (await feed()) === lichess.pushes.at(-1).body, 10_000);

  await board.page.getByRole('button', { name: 'Leave recording mode (arbiter)' }).click();
  await board.page.getByLabel("Arbiter's PIN").fill(PIN);
  await board.page.getByRole('button', { name: 'Unlock' }).click();
  await board.page.goto(`${app.url}#/game/${encodeURIComponent(id)}/arbiter`);
  await board.page.getByRole('button', { name: 'Black resigns (5.1b)' }).click();
  await board.page.getByRole('button', { name: 'Record the result' }).click();
  await board.page.getByText('Result recorded (Article 5.1b).').waitFor();
  await synced(board.page);

  // The chief's results table has it; the others have no game yet. The
  // pairing program's file comes back with board 2's result and points,
  // and nothing else changed; the unfinished boards are named.
  await chief.page.goto(app.url + '#/event');
  const row = chief.page.locator('.round-boards tr[data-board="2"]');
  await row.filter({ hasText: '1 – 0' }).waitFor({ timeout: 15_000 });
  assert.match(await row.innerText(), /Game over: White wins \(Article 5\.1b/);
  assert.match(await chief.page.locator('.round-boards tr[data-board="1"]').innerText(), /No game set up from it yet/);
  assert.match(await chief.page.locator('.round-boards tr[data-board="4"]').innerText(), /\+ – -\tForfeit: a player absent at the default time \(6\.7\)/);
  // On a phone the results table scrolls in its own box, not the page.
  await chief.page.setViewportSize({ width: 390, height: 844 });
  assert.ok(await chief.page.evaluate(() => document.documentElement.scrollWidth <= 390), 'the page is wider than a phone');
  await chief.page.setViewportSize({ width: 1180, height: 820 });
  const [download] = await Promise.all([
    chief.page.waitForEvent('download'),
    chief.page.getByRole('button', { name: "Download the pairing program's file with round 3's results" }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'round-3-results.trf');
  await chief.page.getByText('the round is not finished: board(s) 1, 3 have no result yet').waitFor();
  const before = (await readFile(TRF, 'utf8')).split('\r\n');
  const after = (await readFile(await download.path(), 'utf8')).split('\r\n');
  assert.equal(after.length, before.length);
  const changed = before.flatMap((line, i) => (line === after[i] ? [] : [[line.slice(4, 8).trim(), after[i].slice(80, 84), after[i].slice(111)]]));
  assert.deepEqual(changed, [['3', ' 2.5', '   4 w 1'], ['4', ' 1.5', '   3 b 0'], ['5', ' 0.0', '   8 b -'], ['8', ' 1.0', '   5 w +']]);
  // The round's games as PGN: board 2's, as round 3.2, with the ratings
  // and the clock readings.
  const [games] = await Promise.all([
    chief.page.waitForEvent('download'),
    chief.page.getByRole('button', { name: "Download round 3's games (PGN)" }).click(),
  ]);
  assert.equal(games.suggestedFilename(), 'round-3.pgn');
  const pgn = await readFile(await games.path(), 'utf8');
  assert.match(pgn, /\[Round "3\.2"\]/);
  assert.match(pgn, /\[White "Müller, Hans"\][^]*\[WhiteElo "2310"\]\n\[BlackElo "2205"\]/);
  assert.match(pgn, /1\. e4 \{ \[%clk [0-9:]+\] \} 1\.\.\. e5 \{ \[%clk [0-9:]+\] \} 1-0/);
  await chief.page.getByText('board(s) 1, 3, 4 have no game on this tablet yet').waitFor();

  for (const { context, errors } of [chief, board]) {
    assert.deepEqual(errors, []);
    await context.close();
  }
});
