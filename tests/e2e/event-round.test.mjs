// Rounds: the chief arbiter loads the pairing program's file, publishes its
// round, and each board tablet sets up its game from it, with no name typed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { savePin, useApp } from './harness.mjs';
import { BOARD1, CHIEF, joinByCode, joinEvent, status, stored, until, useEvent } from './couch.mjs';

const app = useApp();
const DB = 'rounds';
const event = useEvent(DB);
const PIN = '8642';
const TRF = fileURLToPath(new URL('../../crates/laws/tests/cases/trf/swiss-round3.trf', import.meta.url));

const synced = (page) => status(page).filter({ hasText: /^Synced$/ }).waitFor({ timeout: 15_000 });

test("the chief publishes the pairing program's round; a board tablet's game takes its names from it; a round altered in the database is refused", async () => {
  const couch = event.server();
  const chief = await app.open();
  const board = await app.open();
  await savePin(chief.page, PIN);
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
  const refusedOn = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('arbiter/v1/sync'))?.data?.refused ?? []);
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

  for (const { context, errors } of [chief, board]) {
    assert.deepEqual(errors, []);
    await context.close();
  }
});
