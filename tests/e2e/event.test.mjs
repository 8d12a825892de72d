// A tournament's tablets in sync through a CouchDB-compatible server
// (pouchdb-server in memory, started here on a free port and stopped
// afterwards): a board tablet and the chief arbiter's, a player's phone.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createGame, makeKey, savePin, sealEnvelope, sealMove, tapAndPress, useApp } from './harness.mjs';
import { ADMIN, BOARD1, PLAYER, boardRow, gameInPlay, joinByCode, joinEvent, logLength, startCouch, setUpEvent, status, stored, syncRecord, until } from './couch.mjs';

const app = useApp();
const DB = 'hall';
const PIN = '2468';
const CHIEF_PIN = '97531';
const BOARD = BOARD1;
let couch;

before(async () => {
  couch = await startCouch();
  await setUpEvent(couch, DB);
});
after(async () => {
  await couch?.stop();
});

/// Joins the event from Settings as `who`; waits for `expect` in the status.
async function join(page, who, expect = /^Synced$/) {
  await joinEvent(page, { app: app.url, couch: couch.url, db: DB, who });
  await status(page).filter({ hasText: expect }).waitFor({ timeout: 15_000 });
}

/// Joins the event as `who` from the chief arbiter's join code, on the
/// chief's tablet `chief` (in the event already): the board then takes
/// what the chief signs.
async function joinFromChief(page, chief, who) {
  await joinByCode(page, chief, { app: app.url, who });
  await status(page).filter({ hasText: /^Synced$/ }).waitFor({ timeout: 15_000 });
}

/// The event's documents of game `id` in the database, by the admin.
async function eventDocs(id) {
  const start = JSON.stringify(`game:${id}:event:`);
  const end = JSON.stringify(`game:${id}:event:\ufff0`);
  const { body } = await couch.request('GET', `/${DB}/_all_docs?include_docs=true&startkey=${encodeURIComponent(start)}&endkey=${encodeURIComponent(end)}`);
  return body.rows.map((r) => r.doc);
}

/// An event as the tablet stores it (`W`, `B`: a press; `m<clock ms>
/// <text>`: a move written plainly; any other: the event) read back.
function unpack(packed) {
  if (packed === 'W' || packed === 'B') return { type: 'clock', action: 'press', side: packed === 'W' ? 'white' : 'black' };
  if (typeof packed !== 'string') return packed;
  const [, ms, text] = packed.match(/^m(\d*) (.*)$/s);
  return { type: 'recorded', written: { move: text }, ...(ms ? { clock_ms: Number(ms) } : {}), draw_offer: false };
}

/// Every event document of game `id` is the tablet's log entry at its
/// place: the same event at the same time, each sealed onto the one
/// before, the last hash the head the tablet stores.
async function assertDatabaseHasLog(page, id) {
  const game = await stored(page, id);
  const docs = await eventDocs(id);
  assert.equal(docs.length, game.log.length / 2);
  let at = game.created_ms;
  for (const [i, doc] of docs.entries()) {
    at += game.log[2 * i];
    assert.equal(doc.index, i);
    assert.equal(doc.at_ms, at, `event ${i}'s time`);
    assert.deepEqual(doc.event, unpack(game.log[2 * i + 1]), `event ${i}`);
    assert.equal(doc.previous, i === 0 ? null : docs[i - 1].hash);
  }
  assert.equal(docs.at(-1)?.hash, game.head);
  return docs;
}

test('a tablet in no event makes no network request', async () => {
  const { page, context, errors } = await app.open();
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  await createGame(page, { white: 'Alone, Ada', black: 'Island, Bo' });
  await page.goto(app.url + '#/settings');
  await page.getByRole('heading', { name: 'Event' }).waitFor();
  await page.goto(app.url + '#/event');
  await page.getByText('This tablet is in no event').waitFor();
  await page.waitForTimeout(500);
  assert.deepEqual(requests.filter((url) => !url.startsWith(app.url)), []);
  assert.equal(await status(page).count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a board tablet and the chief arbiter: play, offline, a server started again empty, refusals', async () => {
  const board = await app.open();
  const chief = await app.open();
  const { page } = board;

  // The board tablet: the arbiter's PIN, the game, the clock started.
  await savePin(page, PIN);
  await savePin(chief.page, CHIEF_PIN);
  await join(chief.page, ADMIN);
  await joinFromChief(page, chief.page, BOARD);
  const id = await gameInPlay(page, app.url, { white: 'Kowalski, Jan', black: 'Nowak, Anna', round: '1', board: '3' });
  await tapAndPress(page, [['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3']]);

  // The chief arbiter's event screen shows the board within 2 seconds.
  await chief.page.goto(app.url + '#/event');
  const row = boardRow(chief.page, '3');
  await row.getByText('Kowalski, Jan – Nowak, Anna').waitFor({ timeout: 5_000 });
  await row.locator('.event-move', { hasText: /^2$/ }).waitFor({ timeout: 2_000 });
  const started = Date.now();
  await tapAndPress(page, [['b8', 'c6']], { first: 3 });
  await row.locator('.event-move', { hasText: /^3$/ }).waitFor({ timeout: 2_000 });
  assert.ok(Date.now() - started < 2_000 + 500);
  // White's clock runs live on the arbiter's screen.
  // The press follows the move into the log: White's clock runs.
  const white = row.locator('.event-clock').first();
  await chief.page.waitForFunction(() => document.querySelector('.event-boards tr[data-board="3"] .event-clock')
    ?.classList.contains('running'), null, { timeout: 2_000 });
  const before = await white.innerText();
  await chief.page.waitForTimeout(1_200);
  assert.notEqual(await white.innerText(), before);

  // Offline: the board plays on, then catches up with every event.
  await board.context.setOffline(true);
  await tapAndPress(page, [['f1', 'c4'], ['g8', 'f6']], { first: 4 });
  await status(page).filter({ hasText: /Offline|waiting/ }).waitFor({ timeout: 20_000 });
  await board.context.setOffline(false);
  await status(page).filter({ hasText: /^Synced$/ }).waitFor({ timeout: 30_000 });
  await row.locator('.event-move', { hasText: /^4$/ }).waitFor({ timeout: 5_000 });
  await assertDatabaseHasLog(page, id);
  assert.deepEqual(await stored(chief.page, id), await stored(page, id));

  // The server killed and started again empty: the tablets push it all again.
  const port = couch.port;
  await couch.stop();
  await status(page).filter({ hasText: /Offline/ }).waitFor({ timeout: 40_000 });
  couch = await startCouch(port);
  await setUpEvent(couch, DB);
  await tapAndPress(page, [['d2', 'd3']], { first: 6 });
  await status(page).filter({ hasText: /^Synced$/ }).waitFor({ timeout: 40_000 });
  await status(chief.page).filter({ hasText: /^Synced$/ }).waitFor({ timeout: 40_000 });
  await assertDatabaseHasLog(page, id);
  await row.locator('.event-move', { hasText: /^4$/ }).waitFor({ timeout: 5_000 });

  // A ruling made on the board tablet reaches the event screen: Black's
  // king move is illegal, waits there as a finding, and the board's
  // arbiter rules on it.
  await tapAndPress(page, [['e8', 'e6']], { first: 7 });
  const waiting = row.locator('.event-waiting');
  await waiting.getByText('Move 4... on the scoresheet is not a legal move').waitFor({ timeout: 5_000 });
  await chief.page.setViewportSize({ width: 1180, height: 820 });
  await chief.page.screenshot({ path: 'tests/e2e/output/event-waiting-1180x820.png' });
  await page.getByRole('button', { name: 'Leave recording mode (arbiter)' }).click();
  await page.getByLabel("Arbiter's PIN").fill(PIN);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.goto(`${app.url}#/game/${id}`);
  await page.getByRole('link', { name: "Arbiter's rulings" }).click();
  await page.getByRole('button', { name: 'Stop the clocks' }).click();
  await page.locator('.proposed .ruling-card', { hasText: 'Black made an illegal move' }).first()
    .getByRole('button', { name: 'Rule: Black made an illegal move' }).click();
  await page.getByRole('button', { name: 'Apply the ruling' }).click();
  await page.getByText(/^Ruling applied/).waitFor();
  await row.getByText(/Rulings: 1, the last under Article 7\.[45]/).waitFor({ timeout: 5_000 });
  await waiting.getByText('Clock stopped: a claim or ruling is being dealt with').waitFor({ timeout: 5_000 });
  assert.equal(await waiting.getByText('not a legal move').count(), 0);

  // The chief arbiter opens the board as arbiter, behind his PIN, and
  // restarts its clock: the event reaches the board tablet.
  await chief.page.getByRole('button', { name: 'Board 3: open as arbiter' }).click();
  await chief.page.getByLabel("Arbiter's PIN").fill('0000');
  await chief.page.getByRole('button', { name: 'Unlock' }).click();
  await chief.page.getByText("That is not the arbiter's PIN.").waitFor();
  await chief.page.getByLabel("Arbiter's PIN").fill(CHIEF_PIN);
  await chief.page.getByRole('button', { name: 'Unlock' }).click();
  await chief.page.getByRole('heading', { name: 'Kowalski, Jan – Nowak, Anna' }).waitFor();
  await chief.page.getByRole('link', { name: 'Clock' }).click();
  await chief.page.getByRole('button', { name: 'Resume' }).click();
  const resumed = await logLength(chief.page, id);
  await until(async () => (await logLength(page, id)) === resumed);
  assert.deepEqual(await stored(page, id), await stored(chief.page, id));
  await chief.page.goto(app.url + '#/event');
  await row.locator('.event-clock.running').waitFor({ timeout: 5_000 });
  assert.equal(await waiting.locator('li').count(), 0);

  // In an event nothing is sealed under a PIN: with no arbiter's key to
  // seal to, Adjourn is refused with what to do, before the clock stops.
  await page.goto(`${app.url}#/game/${id}`);
  await page.getByRole('button', { name: 'Adjourn' }).click();
  await page.getByText("This tablet is in an event and has no arbiter's key to seal to").waitFor();
  assert.equal(await page.getByRole('alertdialog').count(), 0);
  await makeKey(page, 'Irena Arbiter', '135790');

  // An adjournment: Black seals his move, the arbiter seals the envelope;
  // the chief arbiter sees the envelope's state.
  await page.goto(`${app.url}#/game/${id}`);
  await page.getByRole('button', { name: 'Adjourn' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Adjourn' }).click();
  await page.getByRole('heading', { name: /: write your sealed move$/ }).waitFor();
  await sealMove(page, 'Be7');
  await sealEnvelope(page);
  await row.getByText('Envelope: sealed, not yet verified').waitFor({ timeout: 5_000 });
  await waiting.getByText('Envelope to verify (A3)').waitFor();
  // The sealed move is no plain text in the database.
  const { body: all } = await couch.request('GET', `/${DB}/_all_docs?include_docs=true`);
  assert.ok(!JSON.stringify(all).includes('Be7'), 'the sealed move is readable in the database');
  // Sealed to the key: no envelope in the database opens with a PIN.
  assert.ok(JSON.stringify(all).includes('"sealed"') && !JSON.stringify(all).includes('"kdf"'));
  await status(page).filter({ hasText: /^Synced$/ }).waitFor({ timeout: 10_000 });
  const again = (await assertDatabaseHasLog(page, id)).length;

  // A wrong password is refused; a player's account cannot write.
  const stranger = await app.open();
  await join(stranger.page, { name: 'board1', password: 'wrong' }, /Refused: wrong user or password/);
  const phone = await app.open();
  await join(phone.page, PLAYER);
  await createGame(phone.page, { white: 'Player, Pia', black: 'Reader, Rolf', round: '1', board: '9' });
  await status(phone.page).filter({ hasText: /^Refused: no permission .*; 1 event kept for the next try$/ }).waitFor({ timeout: 15_000 });
  const phoneGame = decodeURIComponent(phone.page.url().split('#/game/')[1]);
  assert.equal((await couch.request('GET', `/${DB}/game:${phoneGame}`)).status, 404);
  // The refused game stays on the phone for the next try.
  await phone.page.goto(app.url + '#/');
  await phone.page.getByRole('link', { name: /Player, Pia/ }).waitFor();
  // The player reads the games.
  await phone.page.goto(app.url + '#/event');
  await boardRow(phone.page, '3').getByText('Kowalski, Jan – Nowak, Anna').waitFor({ timeout: 10_000 });
  // A board opens read-only for anyone.
  await phone.page.getByRole('link', { name: 'Board 3: review' }).click();
  await phone.page.getByRole('heading', { name: 'Review: Kowalski, Jan – Nowak, Anna' }).waitFor();

  // A document with a broken chain, put straight into the database, is
  // refused and reported, and never folded.
  const next = String(again).padStart(6, '0');
  const last = (await couch.request('GET', `/${DB}/game:${id}:event:${String(again - 1).padStart(6, '0')}`)).body;
  const forged = {
    _id: `game:${id}:event:${next}`, type: 'event', game: id, index: again,
    at_ms: last.at_ms + 1000, event: last.event, previous: last.hash, hash: 'f'.repeat(64),
  };
  // Meanwhile the player's account is given the chief role (a deputy's
  // phone): the next try, when the database changes, sends the game kept.
  const user = (await couch.request('GET', '/_users/org.couchdb.user:player')).body;
  assert.equal((await couch.request('PUT', `/_users/${user._id}`, { ...user, roles: ['chief'] })).status, 201);
  assert.equal((await couch.request('PUT', `/${DB}/${forged._id}`, forged)).status, 201);
  const refused = chief.page.getByRole('alert').filter({ hasText: 'Documents refused' });
  await refused.getByText(`${forged._id} breaks the hash chain`).waitFor({ timeout: 10_000 });
  assert.equal(await logLength(chief.page, id), again);
  assert.equal(await logLength(page, id), again);

  await until(async () => (await couch.request('GET', `/${DB}/game:${phoneGame}`)).status === 200, 30_000);
  await status(phone.page).filter({ hasText: /^Synced$/ }).waitFor({ timeout: 10_000 });

  for (const { context, errors } of [board, chief, stranger, phone]) {
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('two tablets append to one game at once: the fork is shown and resolved, no event lost', async () => {
  const first = await app.open();
  const second = await app.open();
  await join(second.page, ADMIN);
  await joinFromChief(first.page, second.page, BOARD);
  await createGame(first.page, { white: 'Fork, Fay', black: 'Branch, Ben', round: '2', board: '5' });
  const id = decodeURIComponent(first.page.url().split('#/game/')[1]);
  // The second tablet (the chief arbiter's) has the game from the database.
  await second.page.goto(`${app.url}#/game/${id}`);
  await second.page.getByRole('heading', { name: 'Fork, Fay – Branch, Ben' }).waitFor({ timeout: 10_000 });

  // Both correct the details at once, off the network.
  await first.context.setOffline(true);
  await second.context.setOffline(true);
  for (const [{ page }, round] of [[first, '2a'], [second, '2b']]) {
    await page.goto(`${app.url}#/game/${id}/edit`);
    await page.getByLabel('Round').fill(round);
    await page.getByRole('button', { name: 'Save details' }).click();
    await page.getByRole('heading', { name: 'Fork, Fay – Branch, Ben' }).waitFor();
  }
  // What each tablet wrote, to find every event of it again at the end.
  const firstWrote = await stored(first.page, id);
  const secondWrote = await stored(second.page, id);
  assert.notEqual(firstWrote.head, secondWrote.head);
  await first.context.setOffline(false);
  await status(first.page).filter({ hasText: /^Synced$/ }).waitFor({ timeout: 30_000 });
  await second.context.setOffline(false);
  await status(second.page).filter({ hasText: /Fork to resolve in 1 game/ }).waitFor({ timeout: 30_000 });

  // Both histories shown; the arbiter goes on with the first tablet's.
  await second.page.goto(app.url + '#/event');
  const card = second.page.getByRole('alert').filter({ hasText: 'two histories from event 1' });
  await card.getByText('History 1:').waitFor();
  await card.getByText('History 2:').waitFor();
  const choices = await card.locator('li').allInnerTexts();
  const chosen = choices.findIndex((text) => text.includes('round 2a;'));
  assert.notEqual(chosen, -1, choices.join(' | '));
  assert.ok(choices[1 - chosen].includes('round 2b;'), choices.join(' | '));
  await card.getByRole('button', { name: `Go on with history ${chosen + 1}` }).click();
  await status(second.page).filter({ hasText: /^Synced$/ }).waitFor({ timeout: 30_000 });
  await boardRow(second.page, '5').getByText('round 2a').waitFor({ timeout: 10_000 });
  // No event is lost: the chosen history is the first tablet's, whole, on
  // both tablets and in the database; the other stays readable, whole, on
  // the tablet that wrote it (pouchdb-server keeps no second first
  // revision of a document: see docs/architecture.md, How the documents travel).
  assert.deepEqual(await stored(first.page, id), firstWrote);
  assert.deepEqual(await stored(second.page, id), firstWrote);
  await assertDatabaseHasLog(first.page, id);
  const kept = (await syncRecord(second.page)).set_aside;
  assert.equal(kept.length, 1);
  assert.equal(kept[0].log.length, secondWrote.log.length / 2);
  assert.equal(kept[0].log.at(-1).hash, secondWrote.head);
  assert.equal(kept[0].log.at(-1).event.round, '2b');
  // The arbiter reads it from the event screen: saved as a backup file.
  const aside = second.page.getByRole('region', { name: 'Histories set aside' });
  await aside.getByText(/^Board 5: Fork, Fay – Branch, Ben: \d+ events?, .*round 2b;/).waitFor();
  const [file] = await Promise.all([second.page.waitForEvent('download'),
    aside.getByRole('button', { name: 'Save as a backup file' }).click()]);
  const backup = JSON.parse(await readFile(await file.path(), 'utf8'));
  assert.deepEqual(backup.games[0].log, kept[0].log);
  let at = secondWrote.created_ms;
  kept[0].log.forEach((logged, i) => {
    at += secondWrote.log[2 * i];
    assert.equal(logged.at_ms, at);
    assert.deepEqual(logged.event, unpack(secondWrote.log[2 * i + 1]));
  });
  for (const { context, errors } of [first, second]) {
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the board plays 5 minutes with the network off, then catches up with every event', async () => {
  const board = await app.open();
  const chief = await app.open();
  const { page } = board;
  // The board's time is Playwright's clock: five minutes of it pass
  // offline while the game goes on.
  await page.clock.install();
  await page.reload();
  await savePin(page, PIN);
  await join(page, BOARD);
  await join(chief.page, ADMIN);
  const id = await gameInPlay(page, app.url, { white: 'Offline, Olga', black: 'Later, Lars', round: '1', board: '7' });
  await tapAndPress(page, [['e2', 'e4'], ['e7', 'e5']]);
  await status(page).filter({ hasText: /^Synced$/ }).waitFor({ timeout: 10_000 });
  const online = await logLength(page, id);
  await chief.page.goto(app.url + '#/event');
  const row = boardRow(chief.page, '7');
  await row.locator('.event-move', { hasText: /^2$/ }).waitFor({ timeout: 5_000 });

  await board.context.setOffline(true);
  const moves = [['g1', 'f3'], ['b8', 'c6'], ['f1', 'c4'], ['g8', 'f6'],
    ['d2', 'd3'], ['f8', 'e7'], ['b1', 'c3'], ['d7', 'd6']];
  for (const [i, move] of moves.entries()) {
    await page.clock.fastForward(37_500);
    await tapAndPress(page, [move], { first: 2 + i });
  }
  await status(page).filter({ hasText: /^Offline/ }).waitFor({ timeout: 10_000 });
  assert.equal((await eventDocs(id)).length, online);
  assert.equal(await row.locator('.event-move').innerText(), '2');

  await board.context.setOffline(false);
  // The longest wait between two tries.
  await page.clock.fastForward(16_000);
  await status(page).filter({ hasText: /^Synced$/ }).waitFor({ timeout: 30_000 });
  await row.locator('.event-move', { hasText: /^6$/ }).waitFor({ timeout: 5_000 });
  const docs = await assertDatabaseHasLog(page, id);
  // Sixteen events (a move and a press each) played over the five minutes.
  const late = docs.slice(online);
  assert.equal(late.length, 2 * moves.length);
  assert.ok(late.at(-1).at_ms - late[0].at_ms >= 5 * 60_000 - 37_500);
  await until(async () => (await stored(chief.page, id))?.head === docs.at(-1).hash);
  assert.deepEqual(await stored(chief.page, id), await stored(page, id));
  for (const { context, errors } of [board, chief]) {
    assert.deepEqual(errors, []);
    await context.close();
  }
});
