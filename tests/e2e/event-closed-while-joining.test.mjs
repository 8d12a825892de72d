// A tablet joining an event reads its changes page after page and saves
// each game once, when the last page is taken (src/event/couch.rs). Its
// checkpoint is never saved past a game it has not: closed halfway, the
// tablet reads those pages again, and ends with every game saved whole.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventGames } from '../../scripts/event-games.mjs';
import { useApp } from './harness.mjs';
import { CHIEF, boardRow, joinEvent, logLength, status, syncRecord, until, useEvent } from './couch.mjs';

const app = useApp();
const DB = 'closed-while-joining';
const event = useEvent(DB);
const MOVES = 20;

// More documents than a page of the feed (5,000): two pages.
const games = eventGames(['--boards', 70, '--moves', MOVES, '--now-ms', Date.now()]);

test("a tablet closed while it reads the event's pages saved no checkpoint past its games: opened again, it reads them again and saves every game whole", async () => {
  const couch = event.server();
  const docs = games.flatMap((g) => g.docs);
  assert.ok(docs.length > 5000, `${docs.length} documents: one page`);
  for (let at = 0; at < docs.length; at += 1000) {
    const { status: code, body } = await couch.request('POST', `/${DB}/_bulk_docs`, { docs: docs.slice(at, at + 1000), new_edits: false }, CHIEF);
    assert.ok(code < 300 && !body.some((row) => row.error), JSON.stringify(body));
  }
  const { page, errors } = await app.open();
  // The second page is held back: asked for while the first is taken,
  // it is never answered before the tablet is closed.
  let release;
  const held = new Promise((done) => { release = done; });
  let asked = false;
  await page.route((url) => url.pathname.endsWith('/_changes') && url.searchParams.get('since') !== '0'
    && !url.searchParams.has('feed'), async (route) => {
    asked = true;
    await held;
    await route.abort().catch(() => {});
  });
  await joinEvent(page, { app: app.url, couch: couch.url, db: DB, who: CHIEF });
  await status(page).filter({ hasText: "Reading the event's changes" }).waitFor({ timeout: 30_000 });
  // The first page taken: its games' entries are counted in the record.
  await until(async () => asked && Object.keys((await syncRecord(page))?.pushed ?? {}).length > 0, 30_000);
  const halfway = await syncRecord(page);
  assert.equal(halfway.since ?? null, null, 'the checkpoint saved past games not saved');
  const saved = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('arbiter/v1/game/')).length);
  assert.equal(saved, 0, 'games saved before the last page');

  // Closed and opened again.
  await page.unroute('**');
  release();
  await page.reload();
  await page.goto(app.url + '#/event');
  for (const game of games) {
    await boardRow(page, game.board).locator('.event-move').filter({ hasText: String(MOVES + 1) }).waitFor({ timeout: 60_000 });
  }
  for (const game of games) assert.equal(await logLength(page, game.game), game.docs.length - 1, game.game);
  const seq = (await couch.request('GET', `/${DB}`, undefined, CHIEF)).body.update_seq;
  await until(async () => JSON.stringify((await syncRecord(page))?.since) === JSON.stringify(seq));
  assert.deepEqual(errors, []);
});
