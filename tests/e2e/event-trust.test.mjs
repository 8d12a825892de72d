// An event no tablet can cheat: what another tablet, a player or the
// database itself writes into a board's game is judged before it is taken.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { savePin, tapAndPress, useApp } from './harness.mjs';
import { BOARD1, BOARD2, CHIEF, PLAYER, gameInPlay, joinByCode, joinEvent, logLength, status, syncRecord, until, useEvent } from './couch.mjs';

const app = useApp();
const DB = 'trust';
const event = useEvent(DB);
const PIN = '2468';

/// Joins the event from Settings as `who` and waits until synced.
async function join(page, who) {
  await joinEvent(page, { app: app.url, couch: event.server().url, db: DB, who });
  await status(page).filter({ hasText: /^Synced$/ }).waitFor({ timeout: 15_000 });
}

/// Joins as `who` from the join code on the chief's tablet `chief`.
async function joinFromChief(page, chief, who) {
  await joinByCode(page, chief, { app: app.url, who });
  await status(page).filter({ hasText: /^Synced$/ }).waitFor({ timeout: 15_000 });
}

/// The signing key a tablet made when it joined, read from its storage:
/// signs an entry document as that tablet would (Ed25519 over the game,
/// the place and the chain hash).
async function tabletSigner(page) {
  const seed = await page.evaluate(() => JSON.parse(localStorage.getItem('arbiter/v1/settings')).data.event.signing_key);
  const key = createPrivateKey({ key: Buffer.from(`302e020100300506032b657004220420${seed}`, 'hex'), format: 'der', type: 'pkcs8' });
  const signer = createPublicKey(key).export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
  const signature = (message) => sign(null, Buffer.from(message), key).toString('hex');
  const signDoc = (doc) => ({
    ...doc,
    signed: { signer, signature: signature(`arbiter event entry v1\0${doc.game}\0${doc.index}\0${doc.hash}`) },
  });
  signDoc.signed = (message) => ({ signer, signature: signature(message) });
  return signDoc;
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
  const board2 = await app.open();
  await savePin(board.page, PIN);
  await join(chief.page, CHIEF);
  await joinFromChief(board.page, chief.page, BOARD1);
  await joinFromChief(board2.page, chief.page, BOARD2);
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

  // Written where the board's next entry goes by the database's admin
  // (or a server that is not what it should be), each a correct link of
  // the chain: the two minutes signed with board 2's own key; signed with
  // the chief arbiter's key, one dated ten years ahead (every later press
  // would be "out of order") and one a correction with no reason (the Laws
  // refuse it); and an unsigned choice of the history that goes on.
  const byBoard2 = (await tabletSigner(board2.page))(addTime);
  const byChief = await tabletSigner(chief.page);
  const tenYears = 10 * 365 * 24 * 3600 * 1000;
  const ahead = byChief(chained(id, length, last.hash, Date.now() + tenYears,
    { type: 'clock_corrected', correction: 'swap_sides', reason: 'forged' }));
  const unlawful = byChief(chained(id, length, last.hash, last.at_ms + 1000,
    { type: 'clock_corrected', correction: 'undo_last_press', reason: ' ' }));
  const choice = { _id: `game:${id}:fork:${String(length).padStart(6, '0')}`, _rev: '1-c0ffee', type: 'fork_choice',
    game: id, index: length, chosen: byBoard2.hash, at_ms: last.at_ms + 2000 };
  const written = await couch.request('POST', `/${DB}/_bulk_docs`, { docs: [byBoard2, ahead, unlawful, choice], new_edits: false });
  assert.equal(written.status, 201, JSON.stringify(written.body));
  assert.deepEqual(written.body, []);

  // All are listed on the chief's event screen, with their reasons.
  await chief.page.goto(app.url + '#/event');
  const refused = chief.page.getByRole('alert').filter({ hasText: 'Documents refused' });
  const board2Key = byBoard2.signed.signer;
  await refused.getByText(/is refused: it is signed by key [0-9A-F-]{19}, neither the board's nor an arbiter's of the event/).waitFor({ timeout: 15_000 });
  await refused.getByText(/is dated .*, after this tablet's clock/).waitFor({ timeout: 15_000 });
  await refused.getByText('is refused by the Laws: give the reason for the correction').waitFor({ timeout: 15_000 });
  await refused.getByText(`${choice._id} is refused: it is not signed`).waitFor({ timeout: 15_000 });
  assert.equal(await refused.locator('li').count(), 4);

  // No tablet took any of them (board 2's own tablet neither), and the
  // board plays on: the next move and press are logged and pushed.
  const refusedOn = async (page) => (await syncRecord(page))?.refused;
  const refusedHere = () => refusedOn(board.page);
  await until(async () => (await refusedHere())?.length === 4);
  const listed = await refusedHere();
  assert.ok(listed.some((r) => r.why.type === 'unsigned' && r.why.detail.type === 'untrusted' && r.why.detail.signer === board2Key), JSON.stringify(listed));
  await until(async () => (await refusedOn(board2.page))?.length === 4);
  for (const page of [board.page, chief.page, board2.page]) assert.equal(await logLength(page, id), length);
  assert.equal(await logLength(board.page, id), length);
  // Each refusal is told once: the chief's notice of them dismissed (if
  // he has not left the screen it was on), reading the game again as the
  // board plays on does not raise it again over what he does next.
  const toldRefused = chief.page.locator('.notice', { hasText: 'document(s) from the database refused' });
  if (await toldRefused.isVisible()) await toldRefused.getByRole('button', { name: 'Dismiss' }).click();
  await tapAndPress(board.page, [['g1', 'f3']], { first: 2 });
  assert.equal(await logLength(board.page, id), length + 2);
  await status(board.page).filter({ hasText: /^Synced$/ }).waitFor({ timeout: 10_000 });
  // Until the chief's tablet has read past the board's push (the game read
  // whole again: its next entry follows one the server did not keep).
  const pushedTo = parseInt(String((await couch.request('GET', `/${DB}`)).body.update_seq), 10);
  await until(async () => parseInt(String((await syncRecord(chief.page)).since), 10) >= pushedTo, 15_000);
  assert.equal(await toldRefused.count(), 0, 'the same refusals told again');
  // (The chief's tablet would take the board's entry from CouchDB, which
  // keeps every first revision at a place as a conflict; pouchdb-server,
  // with a validate function, keeps only those written first.)
  assert.match(await board.page.locator('.move-list .written').nth(2).innerText(), /Ng1-f3/);

  for (const { context, errors } of [board, chief, board2]) {
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test("a deputy's entries are taken once the chief adds his tablet's key, compared aloud; a roster the chief did not sign is refused", async () => {
  const DEPUTY_PIN = '1357';
  const couch = event.server();
  const chief = await app.open();
  const board = await app.open();
  const deputy = await app.open();
  await savePin(board.page, PIN);
  await savePin(deputy.page, DEPUTY_PIN);
  await join(chief.page, CHIEF);
  await joinFromChief(board.page, chief.page, BOARD1);
  // The deputy's tablet joins by the chief's code, with an account of the
  // chief role.
  await joinFromChief(deputy.page, chief.page, CHIEF);
  const id = await gameInPlay(board.page, app.url, { white: 'Lewandowska, Ewa', black: 'Zieliński, Marek', round: '2', board: '1' });
  await tapAndPress(board.page, [['d2', 'd4'], ['d7', 'd5']]);
  await status(board.page).filter({ hasText: /^Synced$/ }).waitFor({ timeout: 10_000 });
  const length = await logLength(board.page, id);
  const last = (await couch.request('GET', `/${DB}/game:${id}:event:${String(length - 1).padStart(6, '0')}`)).body;

  // The deputy gives Black two minutes, signed by his tablet (written as
  // his tablet writes it): no tablet takes it while he is on no roster.
  const byDeputy = (await tabletSigner(deputy.page))(chained(id, length, last.hash, last.at_ms + 1000,
    { type: 'clock', action: 'add_time', side: 'black', ms: 120_000 }));
  const written = await couch.request('POST', `/${DB}/_bulk_docs`, { docs: [byDeputy], new_edits: false }, CHIEF);
  assert.deepEqual([written.status, written.body], [201, []]);
  const refusedOn = async (page) => (await syncRecord(page))?.refused ?? [];
  const refusesDeputy = async (page) => (await refusedOn(page)).some((r) => r.id === byDeputy._id && r.why.detail?.signer === byDeputy.signed.signer);
  await until(() => refusesDeputy(board.page), 15_000);
  assert.equal(await logLength(board.page, id), length);

  // A roster naming him, numbered past any the chief wrote and signed by
  // his own key, is refused too: only the chief's names deputies.
  const deputySigner = await tabletSigner(deputy.page);
  const name = 'Deputy, Dan';
  const forged = { _id: 'roster:000007', _rev: '1-f0f0', type: 'roster', number: 7,
    deputies: [{ name, signer: byDeputy.signed.signer }],
    signed: deputySigner.signed(['arbiter event roster v1', DB, '7', '', `${name.length}`, name, byDeputy.signed.signer, ''].join('\0')) };
  assert.equal((await couch.request('POST', `/${DB}/_bulk_docs`, { docs: [forged], new_edits: false })).status, 201);
  await until(async () => (await refusedOn(board.page)).some((r) => r.id === 'roster:000007'), 15_000);
  assert.equal(await logLength(board.page, id), length);

  // His tablet offers itself, behind its arbiter's PIN (the page opened
  // afresh is locked).
  await deputy.page.goto(app.url + '#/event');
  await deputy.page.reload();
  const code = await deputy.page.getByTestId('deputy-code').innerText();
  await deputy.page.getByLabel("Deputy's name").fill('Deputy, Dan');
  await deputy.page.getByRole('button', { name: 'Offer this tablet as a deputy' }).click();
  await deputy.page.getByRole('dialog').getByLabel("Arbiter's PIN").fill(DEPUTY_PIN);
  await deputy.page.getByRole('dialog').getByRole('button', { name: 'Unlock' }).click();
  await deputy.page.getByText('Offered: the chief arbiter adds this tablet after comparing its code.').waitFor();

  // The chief sees the offer with its code, compares it with the
  // deputy's screen, and only then may add him.
  await chief.page.goto(app.url + '#/event');
  const offered = chief.page.locator('.deputies li', { hasText: 'Deputy, Dan' });
  await offered.waitFor({ timeout: 15_000 });
  const add = offered.getByRole('button', { name: 'Add as deputy' });
  assert.equal(await add.isDisabled(), true);
  await offered.getByLabel(`Deputy, Dan's screen shows ${code}`).check();
  await add.click();
  await chief.page.getByText('Deputy, Dan is a deputy arbiter').waitFor();

  // Every tablet takes the roster: the board takes the deputy's two
  // minutes, no longer lists it, and his tablet says what it is.
  await until(async () => (await logLength(board.page, id)) === length + 1, 15_000);
  assert.equal(await refusesDeputy(board.page), false);
  assert.ok((await refusedOn(board.page)).some((r) => r.id === 'roster:000007' && r.why.type === 'not_by_the_chief'));
  await deputy.page.getByText('This tablet is a deputy arbiter of the event').waitFor({ timeout: 15_000 });

  for (const { context, errors } of [chief, board, deputy]) {
    assert.deepEqual(errors, []);
    await context.close();
  }
});
