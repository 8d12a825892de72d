// A whole tournament through CouchDB, measured: `--boards` real games of
// `--moves` moves each, with their clock logs, pushed from Node to a
// pouchdb-server in memory as the board tablets push them; then the chief
// arbiter's tablet (the release build in dist/, in Chromium) joins the event
// and this script measures
//   - the time from joining (the join's press) until its event screen
//     shows every board (the frame that draws them), and where it went: to
//     the changes feed's first page asked for, the feed's pages, the tablet
//     after the last page;
//   - how long a move on one board (its written move and the clock press,
//     one _bulk_docs) takes to appear there, `--changes` times on random
//     boards: median and 95th percentile;
//   - the event screen's frame time with every clock live (requestAnimation-
//     Frame deltas over `--seconds`, CPU throttled 4× through CDP) and its
//     long tasks;
//   - that a board far down the table, scrolled to, shows its running clock
//     as it reads now (it fails if not);
//   - the storage the tablet uses (localStorage, as browsers count it, and
//     the origin's IndexedDB with the browser's quota).
// `--rounds N` plays N rounds of `--boards` boards: the rounds before the
// last are over (`examples/event_games.rs`), and the tablet must have
// archived every game of theirs (src/event/archive.rs) into IndexedDB, out
// of localStorage, and not put one back on a reload: the script fails if
// not.
// --profile N records a CPU profile of the join (the DevTools protocol's
// Profiler) and prints the N functions that took the most of it; with a
// build whose wasm keeps its names (`ARBITER_WASM_NAMES=1 trunk build
// --release --offline --dist DIR`, then `--dist DIR`), named.
// --trace also records a Chromium trace over the frame-time window and prints
// where the page's main thread spent it (each trace event's own time, per
// second): what to look at when the frame time grows.
// The documents are the app's own: `examples/event_games.rs` plays the games
// through the rules core and writes them with `src/event/docs.rs`.
// Timings on a shared machine are figures, not a pass or a fail:
// scripts/test runs it once on a few boards, so that it cannot break
// unnoticed; the 200-board figures are in docs/performance.md.
//
//   node scripts/event-scale.mjs [--boards 200] [--moves 80] [--rounds 1] [--changes 40] [--seconds 5] [--trace] [--profile N] [--dist DIR]
//
// Needs the release build in dist/ (`trunk build --release --offline`), or
// in DIR: another build to compare.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { startProfile } from './cpu-profile.mjs';
import { eventGames } from './event-games.mjs';
import { startServer } from './static-server.mjs';
import { CHIEF, fillJoin, startCouch, setUpEvent, syncRecord, until } from '../tests/e2e/couch.mjs';
import { FLAGS } from '../tests/e2e/harness.mjs';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const boards = Number(option('--boards', 200));
const moves = Number(option('--moves', 80));
const rounds = Number(option('--rounds', 1));
const changes = Number(option('--changes', 40));
const seconds = Number(option('--seconds', 5));
const dist = resolve(root, option('--dist', 'dist'));
const trace = args.includes('--trace');
const profileTop = Number(option('--profile', 0));
const DB = 'scale';
if (!existsSync(resolve(dist, 'index.html'))) {
  throw new Error(`event-scale: no release build in ${dist} (trunk build --release --offline)`);
}

const ms = (t) => `${Math.round(t)} ms`;
// Frame times are multiples of a 60 Hz frame (16.7 ms): shown to a tenth.
const frameMs = (t) => `${t.toFixed(1)} ms`;

/// Starts a trace through `cdp`; the function it returns ends it and gives
/// the renderer's main thread's events by their own time (less the time of
/// the events inside them), the most first: [name, microseconds][].
async function startTrace(cdp) {
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink,cc',
    transferMode: 'ReportEvents',
  });
  return async () => {
    await cdp.send('Tracing.end');
    await complete;
    const main = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`));
    const timed = events.filter((e) => e.ph === 'X' && e.dur && main.has(`${e.pid}:${e.tid}`))
      .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const own = new Map();
    const open = [];
    for (const e of timed) {
      while (open.length && open.at(-1).ts + open.at(-1).dur <= e.ts) open.pop();
      if (open.length) own.set(open.at(-1).name, own.get(open.at(-1).name) - e.dur);
      own.set(e.name, (own.get(e.name) ?? 0) + e.dur);
      open.push(e);
    }
    return [...own].sort((a, b) => b[1] - a[1]).slice(0, 10);
  };
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
};

// The games, written by the app's own code, with moves enough after
// `moves` for every change (each change is a half-move).
const more = Math.max(1, Math.ceil(changes / (2 * boards)));
const everyGame = eventGames(['--boards', boards, '--moves', moves, '--more', more, '--rounds', rounds, '--now-ms', Date.now()]);
const documents = everyGame.reduce((n, g) => n + g.docs.length, 0);
// The last round's games: the ones in play.
const games = everyGame.filter((g) => g.round === rounds);
const playing = games.map((g) => g.game);

const couch = await startCouch();
// Compressed first: the timings are the tablet's, not this server's.
const server = await startServer({ dir: dist, port: 0, compressed: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: FLAGS });
try {
  await setUpEvent(couch, DB);
  const push = async (docs) => {
    const { status, body } = await couch.request('POST', `/${DB}/_bulk_docs`, { docs, new_edits: false }, CHIEF);
    const refused = Array.isArray(body) ? body.find((row) => row.error) : body;
    if (status >= 300 || refused) throw new Error(`_bulk_docs: ${status} ${JSON.stringify(refused)}`);
  };
  let started = performance.now();
  // In the order an event writes them, as its changes feed serves them to
  // a tablet joining: the boards play at once, so each page of the feed
  // holds entries of every board. Every entry at its time, a game's setup
  // (which has none) just before its first entry; the sort keeps each
  // game's order.
  const timed = everyGame.flatMap((g) => {
    const start = Math.min(...g.docs.filter((d) => d.at_ms !== undefined).map((d) => d.at_ms));
    return g.docs.map((doc) => ({ doc, at: doc.at_ms ?? start - 1 }));
  });
  const all = timed.sort((a, b) => a.at - b.at).map((t) => t.doc);
  for (let at = 0; at < all.length; at += 1000) await push(all.slice(at, at + 1000));
  const pushed = performance.now() - started;

  const context = await browser.newContext({ viewport: { width: 1180, height: 820 } });
  const page = await context.newPage();
  // A shared machine can be slow to load the screens' module.
  page.setDefaultTimeout(120_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const url = `http://127.0.0.1:${server.address().port}/`;
  // The join filled in on the Settings screen: the time runs from its press.
  await fillJoin(page, { app: url, couch: couch.url, db: DB, who: CHIEF });
  const profiled = profileTop ? await startProfile(await context.newCDPSession(page), profileTop) : null;
  // Every board of the last round, at its last move (the move to be
  // written after `moves`), and no game of a past round left in play:
  // looked for at each change to the page, and stamped with the page's
  // clock in the frame that draws them (before the saves that follow).
  const pressedAt = await page.evaluate(([playing, next]) => {
    performance.setResourceTimingBufferSize(10_000);
    const observer = new MutationObserver(() => {
      const rows = document.querySelectorAll('.event-boards tr[data-board]');
      // No board is drawn from a page that more follow: its clocks would
      // run from an old position.
      const reading = document.querySelector('[data-testid="sync-status"]')?.textContent.startsWith('Reading');
      if (reading && rows.length) window.boardsWhileReading = rows.length;
      const every = rows.length === playing.length
        && [...rows].every((row) => playing.includes(row.dataset.game)
          && row.querySelector('.event-move')?.textContent.trim() === next);
      if (every) {
        observer.disconnect();
        requestAnimationFrame(() => { window.shownAt = performance.now(); });
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return performance.now();
  }, [playing, String(moves + 1)]);
  await page.getByRole('button', { name: 'Join the event' }).click();
  await page.goto(url + '#/event');
  await page.waitForFunction(() => window.shownAt !== undefined, null, { polling: 100, timeout: 0 });
  const shown = await page.evaluate((pressedAt) => window.shownAt - pressedAt, pressedAt);
  // Where the join's time went, by the page's clock: from the press to the
  // changes feed's first page asked for (the join saved, the database's
  // state and its arbiters read); the event's changes feed, page after
  // page, each asked for as the last arrives (src/event/couch.rs), the
  // database's work and the tablet's overlapping; the tablet after the
  // last page. The database here is pouchdb-server, not CouchDB.
  const joinParts = await page.evaluate(([pressedAt, couchUrl]) => {
    const feed = performance.getEntriesByType('resource')
      .filter((e) => e.name.startsWith(couchUrl) && e.name.includes('/_changes?')
        && e.startTime >= pressedAt && e.responseEnd <= window.shownAt);
    return {
      before: feed[0].startTime - pressedAt,
      pages: feed.length,
      feed: feed.at(-1).responseEnd - feed[0].startTime,
      after: window.shownAt - feed.at(-1).responseEnd,
    };
  }, [pressedAt, couch.url]);
  const whileReading = await page.evaluate(() => window.boardsWhileReading);
  if (whileReading) throw new Error(`event-scale: ${whileReading} boards shown while the header said the event's changes were being read`);
  // Each game in play saved whole, and the checkpoint saved past it: a
  // tablet catching up saves each game once the last page is taken, not
  // at every page naming it (src/event/couch.rs).
  const savedLogs = await page.evaluate((ids) => ids
    .map((id) => (JSON.parse(localStorage.getItem(`arbiter/v1/game/${id}`))?.data.log.length ?? 0) / 2), playing);
  const short = games.filter((game, i) => savedLogs[i] !== game.docs.length - 1);
  if (short.length) throw new Error(`event-scale: ${short.length} games in play not saved whole once shown (game ${short[0].game})`);
  const updateSeq = JSON.stringify((await couch.request('GET', `/${DB}`, undefined, CHIEF)).body.update_seq);
  await until(async () => JSON.stringify((await syncRecord(page))?.since) === updateSeq);
  if (profiled) await profiled();
  // The last boards' running clocks as first shown, off the screen.
  const runningClock = (board) => `.event-boards tr[data-board="${board}"] .event-clock.running .event-time`;
  const lastBoards = games.slice(-10).map((g) => g.board);
  const firstReadings = await page.evaluate(([boards, selector]) => Object.fromEntries(boards
    .map((board) => [board, document.querySelector(selector.replace('BOARD', board))?.textContent])),
  [lastBoards, runningClock('BOARD')]);
  const firstRead = performance.now();

  // A move on a random board: running clock goes to the other side.
  const latencies = [];
  const played = new Map();
  for (let n = 0; n < changes; n++) {
    const open = games.filter((g) => (played.get(g.board) ?? 0) < g.more.length);
    const game = open[Math.floor(Math.random() * open.length)];
    const change = played.get(game.board) ?? 0;
    played.set(game.board, change + 1);
    // White moved (the change's parity): Black's clock, the second, runs.
    const clock = change % 2 === 0 ? 1 : 0;
    started = performance.now();
    await push(game.more[change]);
    await page.waitForFunction(([board, clock]) => document
      .querySelectorAll(`.event-boards tr[data-board="${board}"] .event-clock`)[clock]
      ?.classList.contains('running'), [game.board, clock], { polling: 'raf', timeout: 0 });
    latencies.push(performance.now() - started);
    await page.waitForTimeout(200 + Math.random() * 600);
  }

  // Frame time with every clock live, the CPU 4× slower.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Performance.enable');
  const busy = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics
    .map(({ name, value }) => [name, value * 1000]));
  const busyBefore = await busy();
  const traced = trace ? await startTrace(cdp) : null;
  const frames = await page.evaluate((duration) => new Promise((done) => {
    const long = [];
    const observer = new PerformanceObserver((list) => long.push(...list.getEntries().map((e) => e.duration)));
    observer.observe({ type: 'longtask' });
    const deltas = [];
    let last = performance.now();
    const end = last + duration;
    const frame = (t) => {
      deltas.push(t - last);
      last = t;
      if (t < end) requestAnimationFrame(frame);
      else {
        observer.disconnect();
        done({ deltas, long });
      }
    };
    requestAnimationFrame(frame);
  }), seconds * 1000);
  const busyAfter = await busy();
  const mainThread = traced ? await traced() : [];
  // The main thread's work per second: the app's script, and the browser's
  // style and layout after it.
  const perSecond = (name) => ms((busyAfter[name] - busyBefore[name]) / seconds);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

  // A board scrolled to shows its clock as it reads now: a row off the
  // screen is not read at each tick (src/pages/event.rs), and is read again
  // as it comes near. One of the last boards with no move since the join.
  const far = lastBoards.find((board) => !played.has(board) && firstReadings[board]);
  if (!far) throw new Error('event-scale: no running clock among the last boards to scroll to');
  const row = page.locator(`.event-boards tr[data-board="${far}"]`);
  const offScreen = (await row.boundingBox()).y > page.viewportSize().height;
  await row.scrollIntoViewIfNeeded();
  await page.waitForTimeout(1200);
  const farReading = await page.locator(runningClock(far)).textContent();
  const elapsed = (performance.now() - firstRead) / 1000;
  const clockSeconds = (text) => text.trim().split(':').reduce((total, part) => total * 60 + Number(part), 0);
  const ran = clockSeconds(firstReadings[far]) - clockSeconds(farReading);
  // Read at most half a second late, shown to the second.
  if (!(ran >= elapsed - 2)) {
    throw new Error(`event-scale: board ${far} scrolled to shows ${farReading}, ${ran} s less than at the join ${elapsed.toFixed(1)} s before`);
  }

  // What the tablet keeps: localStorage, counted as browsers do (UTF-16
  // code units); the journal's keys (IndexedDB); the browser's estimate of
  // the origin's IndexedDB and its quota.
  const kept = () => page.evaluate(async () => {
    const parts = { games: 0, gameCount: 0, other: 0, total: 0 };
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      const bytes = 2 * (key.length + localStorage.getItem(key).length);
      const game = key.startsWith('arbiter/v1/game/');
      const part = game ? 'games' : 'other';
      parts[part] += bytes;
      parts.total += bytes;
      if (game) parts.gameCount += 1;
    }
    const [journal, syncText] = await new Promise((done, fail) => {
      const open = indexedDB.open('arbiter-journal');
      open.onerror = () => fail(open.error);
      open.onsuccess = () => {
        const records = open.result.transaction('records').objectStore('records');
        const keys = records.getAllKeys();
        const sync = records.get('arbiter/v1/sync');
        keys.onerror = () => fail(keys.error);
        sync.onsuccess = () => {
          open.result.close();
          done([keys.result, sync.result ?? '']);
        };
      };
    });
    // The sync record is kept in the journal (src/event/couch.rs).
    parts.syncJournal = 2 * syncText.length;
    parts.journalGames = journal.filter((key) => key.startsWith('arbiter/v1/game/')).length;
    parts.archived = journal.filter((key) => key.startsWith('arbiter/v1/archived/')).length;
    const estimate = await navigator.storage.estimate();
    parts.indexedDB = estimate.usageDetails?.indexedDB ?? 0;
    parts.quota = estimate.quota;
    return parts;
  });
  const storage = await kept();
  const past = (rounds - 1) * boards;
  if (storage.archived !== past || storage.gameCount !== boards || storage.journalGames !== rounds * boards) {
    throw new Error(`event-scale: ${storage.archived} games archived of ${past} past, ${storage.gameCount} in localStorage of ${boards} in play, ${storage.journalGames} in the journal of ${rounds * boards}`);
  }
  // A reload puts no archived game back into localStorage (the journal's
  // restore skips them), and shows the boards in play again.
  let reloaded = null;
  if (rounds > 1) {
    await page.reload();
    await page.waitForFunction((count) => document.querySelectorAll('.event-boards tr[data-board]').length === count,
      boards, { polling: 100, timeout: 60_000 });
    // The restore from the journal runs after the first screen.
    await page.waitForTimeout(3000);
    reloaded = await kept();
    if (reloaded.gameCount !== boards || reloaded.archived !== past) {
      throw new Error(`event-scale: after a reload ${reloaded.gameCount} games in localStorage of ${boards} in play, ${reloaded.archived} archived of ${past}`);
    }
  }

  const rows = [
    ['rounds, boards, moves each', `${rounds}, ${boards}, ${moves} (${documents} documents)`],
    ['pushed from Node (_bulk_docs, 1000 a request)', ms(pushed)],
    ['joined until the event screen shows every board', ms(shown)],
    ['  from the press to the feed\'s first page asked for', ms(joinParts.before)],
    [`  the changes feed, ${joinParts.pages} pages, from the first asked for to the last received`, ms(joinParts.feed)],
    ['  the tablet, from the last page to every board shown', ms(joinParts.after)],
    [`a move on one board until shown (${changes} moves): median`, ms(quantile(latencies, 0.5))],
    ['  95th percentile', ms(quantile(latencies, 0.95))],
    [`frame time, CPU 4× slower (${frames.deltas.length} frames in ${seconds} s): median`, frameMs(quantile(frames.deltas, 0.5))],
    ['  95th percentile', frameMs(quantile(frames.deltas, 0.95))],
    ['  longest', frameMs(Math.max(...frames.deltas))],
    ['  frames over 16.7 ms', String(frames.deltas.filter((d) => d > 17).length)],
    ['  script, per second', perSecond('ScriptDuration')],
    ['  style and layout, per second', `${perSecond('RecalcStyleDuration')} + ${perSecond('LayoutDuration')}`],
    ['  long tasks (over 50 ms)', `${frames.long.length}${frames.long.length ? `, longest ${ms(Math.max(...frames.long))}` : ''}`],
    [`board ${far} scrolled to${offScreen ? ' from off the screen' : ''}: its clock ran`, `${ran.toFixed(1)} s of ${elapsed.toFixed(1)} s`],
    [`localStorage: games (${storage.gameCount})`, kb(storage.games)],
    ['  settings, listings and the rest', kb(storage.other)],
    ['  total (of about 5 MB)', kb(storage.total)],
    [`IndexedDB: the journal (${storage.journalGames} games, ${storage.archived} archived), on disk`, kb(storage.indexedDB)],
    ['  its sync record (as localStorage would count it)', kb(storage.syncJournal)],
    ['  the browser\'s quota for this site', `${(storage.quota / 1024 / 1024).toFixed(0)} MB`],
    ...(reloaded ? [['after a reload: localStorage total, games in it', `${kb(reloaded.total)}, ${reloaded.gameCount}`]] : []),
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
  if (trace) {
    console.log(`the main thread, traced over the ${seconds} s (each event's own time, per second):`);
    for (const [name, us] of mainThread) console.log(`  ${(us / 1000 / seconds).toFixed(1).padStart(7)} ms  ${name}`);
  }
  if (errors.length) throw new Error(`errors in the page: ${errors.join('; ')}`);
  await context.close();
} finally {
  await browser.close();
  await new Promise((done) => server.close(done));
  await couch.stop();
}
