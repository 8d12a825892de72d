// A tablet reads each game from the changes feed alone, and whole when
// that is not enough: CouchDB's feed gives a clustered database's changes
// in no set order, and a board's pushes can stop halfway, so a game's
// later entries can come before the ones they follow, or before its setup.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventGames } from '../../scripts/event-games.mjs';
import { useApp } from './harness.mjs';
import { CHIEF, boardRow, joinEvent, logLength, status, syncRecord, until, useEvent } from './couch.mjs';

const app = useApp();
const DB = 'catch-up';
const event = useEvent(DB);
const MOVES = 6;

// Two boards' games as their tablets push them (examples/event_games.rs).
const games = eventGames(['--boards', 2, '--moves', MOVES, '--more', 1, '--now-ms', Date.now()]);

test("a game's later entries pushed before its setup, or after a gap, are all taken once what they follow comes; each board's running clock goes on", async () => {
  const couch = event.server();
  const { page, errors } = await app.open();
  await joinEvent(page, { app: app.url, couch: couch.url, db: DB, who: CHIEF });
  await status(page).filter({ hasText: /^Synced$/ }).waitFor({ timeout: 15_000 });

  // Pushes `docs` and waits until the chief's tablet has read past them.
  const push = async (docs) => {
    const { status: code, body } = await couch.request('POST', `/${DB}/_bulk_docs`, { docs, new_edits: false }, CHIEF);
    assert.ok(code < 300 && !body.some((row) => row.error), JSON.stringify(body));
    const seq = (await couch.request('GET', `/${DB}`, undefined, CHIEF)).body.update_seq;
    await until(async () => JSON.stringify((await syncRecord(page))?.since) === JSON.stringify(seq));
  };
  const [first, second] = games;
  const [setup1, ...entries1] = first.docs;
  const [setup2, ...entries2] = second.docs;
  // Board 1: its last entries, then its setup and the entries before them.
  await push(entries1.slice(4));
  await push([setup1, ...entries1.slice(0, 4)]);
  // Board 2: its setup and first entries, the entries after a gap, the gap.
  await push([setup2, ...entries2.slice(0, 3)]);
  await push(entries2.slice(4));
  // Held back while the gap lasts: listed, with why.
  const held = (await syncRecord(page)).refused ?? [];
  assert.ok(held.some((r) => r.why.type === 'no_predecessor'), JSON.stringify(held));
  await push([entries2[3]]);

  await page.goto(app.url + '#/event');
  for (const [game, entries] of [[first, entries1], [second, entries2]]) {
    await until(async () => (await logLength(page, game.game).catch(() => 0)) === entries.length);
    await boardRow(page, game.board).locator('.event-move').filter({ hasText: String(MOVES + 1) }).waitFor();
  }
  // Each row's running clock (on the screen) is read again as its seconds pass.
  for (const game of games) {
    const running = boardRow(page, game.board).locator('.event-clock.running .event-time');
    const shown = await running.textContent();
    await until(async () => (await running.textContent()) !== shown, 3_000);
  }
  // A game read whole until complete is not read whole ever after, and
  // the entries it held back while incomplete are not listed as refused.
  const sync = await syncRecord(page);
  assert.equal(sync.read_again?.length ?? 0, 0);
  assert.deepEqual(sync.refused ?? [], []);
  assert.deepEqual(errors, []);
});
