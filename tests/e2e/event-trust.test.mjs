// An event no tablet can cheat: what another tablet, a player or the
// database itself writes into a board's game is judged before it is taken.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { savePin, tapAndPress, useApp } from './harness.mjs';
import { BOARD1, BOARD2, CHIEF, PLAYER, gameInPlay, joinEvent, logLength, status, until, useEvent } from './couch.mjs';

const app = useApp();
const DB = 'trust';
const event = useEvent(DB);
const PIN = '2468';

/// Joins the event from Settings as `who` and waits until synced.
async function join(page, who) {
  await joinEvent(page, { app: app.url, couch: event.server().url, db: DB, who });
  await status(page).filter({ hasText: /^Synced$/ }).waitFor({ timeout: 15_000 });
}

/// The entry `event` at `at_ms` sealed onto `previous` at place `index` of
/// game `id`, as anyone who knows the chain's rule can write it: SHA-256 of
/// the previous hash, the time (8 bytes, big-endian) and the event's JSON.
function chained(id, index, previous, at_ms, event) {
  const time = Buffer.alloc(8);
  time.writeBigUInt64BE(BigInt(at_ms));
  const hash = createHash('sha256').update(previous).update(time).update(JSON.stringify(event)).digest('hex');
  return {
    _id: `game:${id}:event:${String(index).padStart(6, '0')}`, _rev: `1-${hash.slice(0, 32)}`,
    type: 'event', game: id, index, at_ms, event, previous, hash,
  };
}

test("the server lets no other board write into a board's game; an entry dated ten years ahead or refused by the Laws is refused and listed; play goes on", async () => {
  const couch = event.server();
  const board = await app.open();
  const chief = await app.open();
  await savePin(board.page, PIN);
  await join(board.page, BOARD1);
  await join(chief.page, CHIEF);
  const id = await gameInPlay(board.page, app.url, { white: 'Kowalski, Jan', black: 'Nowak, Anna', round: '1', board: '1' });
  await tapAndPress(board.page, [['e2', 'e4'], ['e7', 'e5']]);
  await status(board.page).filter({ hasText: /^Synced$/ }).waitFor({ timeout: 10_000 });
  const length = await logLength(board.page, id);
  const last = (await couch.request('GET', `/${DB}/game:${id}:event:${String(length - 1).padStart(6, '0')}`)).body;

  // Board 2's tablet, or anyone with its password, cannot write into
  // board 1's game, however well chained: two minutes for Black.
  const addTime = chained(id, length, last.hash, last.at_ms + 1000,
    { type: 'clock', action: 'add_time', side: 'black', ms: 120_000 });
  const asBoard2 = await couch.request('PUT', `/${DB}/${addTime._id}`, addTime, BOARD2);
  assert.equal(asBoard2.status, 403, JSON.stringify(asBoard2.body));
  assert.equal(asBoard2.body.reason, 'board tablet board2 writes only its own games (game:board2~…)');
  assert.equal((await couch.request('POST', `/${DB}/_bulk_docs`, { docs: [addTime], new_edits: false }, BOARD2)).body[0].error, 'forbidden');
  assert.equal((await couch.request('PUT', `/${DB}/${addTime._id}`, addTime, PLAYER)).status, 403);
  assert.equal((await couch.request('GET', `/${DB}/${addTime._id}`)).status, 404);
  // Its own games it writes.
  const own = { ...addTime, _id: `game:board2~${id.split('~')[1]}:event:000000` };
  delete own._rev;
  assert.equal((await couch.request('PUT', `/${DB}/${own._id}`, own, BOARD2)).status, 201);

  // Both written where the board's next entry goes, each a correct link
  // of the chain: one dated ten years ahead (every later press would be
  // "out of order"), one a correction with no reason (the Laws refuse it).
  const tenYears = 10 * 365 * 24 * 3600 * 1000;
  const ahead = chained(id, length, last.hash, Date.now() + tenYears,
    { type: 'clock_corrected', correction: 'swap_sides', reason: 'forged' });
  const unlawful = chained(id, length, last.hash, last.at_ms + 1000,
    { type: 'clock_corrected', correction: 'undo_last_press', reason: ' ' });
  const written = await couch.request('POST', `/${DB}/_bulk_docs`, { docs: [ahead, unlawful], new_edits: false });
  assert.equal(written.status, 201, JSON.stringify(written.body));
  assert.deepEqual(written.body, []);

  // Both are listed on the chief's event screen, with their reasons.
  await chief.page.goto(app.url + '#/event');
  const refused = chief.page.getByRole('alert').filter({ hasText: 'Documents refused' });
  await refused.getByText(/is dated .*, after this tablet's clock/).waitFor({ timeout: 15_000 });
  await refused.getByText('is refused by the Laws: give the reason for the correction').waitFor({ timeout: 15_000 });
  assert.equal(await refused.locator('li').count(), 2);

  // The board took neither, and plays on: the next move and press are logged and pushed.
  const refusedHere = () => board.page.evaluate(() => JSON.parse(localStorage.getItem('arbiter/v1/sync'))?.data?.refused);
  await until(async () => (await refusedHere())?.length === 2);
  assert.equal(await logLength(board.page, id), length);
  await tapAndPress(board.page, [['g1', 'f3']], { first: 2 });
  assert.equal(await logLength(board.page, id), length + 2);
  await status(board.page).filter({ hasText: /^Synced$/ }).waitFor({ timeout: 10_000 });
  // (The chief's tablet would take the board's entry from CouchDB, which
  // keeps every first revision at a place as a conflict; pouchdb-server,
  // with a validate function, keeps only those written first.)
  assert.match(await board.page.locator('.move-list .written').nth(2).innerText(), /Ng1-f3/);

  for (const { context, errors } of [board, chief]) {
    assert.deepEqual(errors, []);
    await context.close();
  }
});
