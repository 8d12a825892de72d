// How long a press on the clock takes to show: from a tap on the running
// side's face to the frame in which the other face is marked running, on a
// tablet's CPU (Chromium's CPU throttled 4x), in a game of 80 moves with its
// clock log, as the arbiter's tablet holds it late in a game.
//
//   node scripts/press-to-paint.mjs [--presses 20] [--rate 4] [--profile N] [DIST]
//
// --profile N: also records a CPU profile of the presses (the DevTools
// protocol's Profiler) and prints the N functions that took the most time
// of their own: where a press's time goes.
//
// The game is written into the page's storage as the app stores it (format
// 2, its hash chain computed here as the core computes it, and checked
// against a stored record of the core's first): the first 80 moves of the
// first game of at least 80 moves in crates/laws/tests/data/twic1599_1000k.pgn,
// each recorded then pressed, 5400+30, White's clock running. The clock
// screen is opened, the CPU throttled through the DevTools protocol
// (Emulation.setCPUThrottlingRate), and each press is real pointer input
// at the running face's centre. In the page, a capturing pointerdown
// listener takes the event's time; requestAnimationFrame then polls until
// the other face has the class `running`: the time that frame's callbacks
// run (just before it is painted) less the tap's is the press's time to paint. Prints each
// press, the median and the worst; then the floor: the same presses on a
// bare page whose faces only swap a class (the wait for the next frame and
// the browser's own work). A measurement, not a pass or a fail:
// scripts/test runs it on 3 presses only so that it cannot break unnoticed.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Chess } from 'chess.js';
import { chromium } from 'playwright-core';
import { startProfile } from './cpu-profile.mjs';
import { median } from './median.mjs';
import { startServer } from './static-server.mjs';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : fallback;
};
const presses = Number(option('--presses', 20));
const rate = Number(option('--rate', 4));
const profileTop = Number(option('--profile', 0));
const dist = args.find((a) => !a.startsWith('--')) ?? join(root, 'dist');
const MOVES = 80;
// The flags the end-to-end tests give Chromium (tests/e2e/harness.mjs).
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/// The core's chain hash (laws::game::chain_hash): SHA-256 of the previous
/// hash in hex, the time as 8 big-endian bytes and the event as serde writes it.
function chainHash(previous, atMs, event) {
  const time = Buffer.alloc(8);
  time.writeBigUInt64BE(BigInt(atMs));
  return createHash('sha256').update(previous ?? '').update(time).update(JSON.stringify(event)).digest('hex');
}

// The events as serde writes them: the enum's tag first, then the fields in
// their declared order (laws::game::Event, ClockAction, scoresheet::Entry).
const start = (side) => ({ type: 'clock', action: 'start', side });
const press = (side) => ({ type: 'clock', action: 'press', side });
const recorded = (text) => ({ type: 'recorded', written: { move: text }, draw_offer: false });

/// Checks chainHash and the events' writing against a record the core wrote.
function checkAgainstCore() {
  const record = JSON.parse(readFileSync(join(root, 'tests', 'records', 'a9b.format1.json'), 'utf8'));
  const [first, second, third] = record.data.log;
  const ours = [[first, start('white')], [second, recorded('e4')], [third, press('white')]];
  let previous = null;
  for (const [logged, event] of ours) {
    const hash = chainHash(previous, logged.at_ms, event);
    if (hash !== logged.hash) throw new Error(`press-to-paint: the event ${JSON.stringify(event)} does not hash as the core's`);
    previous = hash;
  }
}

/// The first MOVES moves (both sides') of the first game that long.
function longGame() {
  const text = readFileSync(join(root, 'crates', 'laws', 'tests', 'data', 'twic1599_1000k.pgn'), 'utf8');
  for (const pgn of text.split(/\n(?=\[Event )/)) {
    const chess = new Chess();
    try {
      chess.loadPgn(pgn);
    } catch {
      continue;
    }
    const sans = chess.history();
    if (sans.length >= 2 * MOVES) return sans.slice(0, 2 * MOVES);
  }
  throw new Error(`press-to-paint: no game of ${MOVES} moves in the file`);
}

/// The stored record (src/storage/, format 2) of the game played to now:
/// a move written and pressed every 20 s, the last press 20 s ago.
function storedGame(now) {
  const sans = longGame();
  const step = 20_000;
  const created = now - (sans.length + 2) * step;
  const events = [[created + step, start('white')]];
  sans.forEach((san, i) => {
    const at = created + (i + 2) * step;
    events.push([at, recorded(san)], [at, press(i % 2 === 0 ? 'white' : 'black')]);
  });
  let head = null;
  let last = created;
  const log = [];
  for (const [at, event] of events) {
    head = chainHash(head, at, event);
    // Packed as the app packs its commonest events; any other is written
    // with its keys in order, as the app writes it (a serde_json value).
    const packed = event.action === 'press' ? (event.side === 'white' ? 'W' : 'B')
      : event.type === 'recorded' ? `m ${event.written.move}`
        : Object.fromEntries(Object.entries(event).sort(([a], [b]) => (a < b ? -1 : 1)));
    log.push(at - last, packed);
    last = at;
  }
  const initial = {
    event: 'Press to paint', site: '', round: '1', board: '1',
    white: { name: 'White, Player' }, black: { name: 'Black, Player' },
    time_control: '5400+30',
    clock: { next_period: 'at_move_count', at_zero: 'freeze', increment_before_first_move: true },
    notation: 'en',
  };
  return { id: 'press-to-paint', text: JSON.stringify({ schema: 2, data: { id: 'press-to-paint', created_ms: created, initial, head, log } }) };
}

/// Times each press on `page` from the tap to the frame in which the other
/// face has the class `running` (window.pressTimes).
async function timePresses(page) {
  await page.evaluate(() => {
    window.pressTimes = [];
    document.addEventListener('pointerdown', (e) => {
      const other = e.target.closest('.clock-face')?.dataset.side === 'white' ? 'black' : 'white';
      const face = document.querySelector(`.clock-face[data-side=${other}]`);
      const poll = () => {
        if (face.classList.contains('running')) window.pressTimes.push(performance.now() - e.timeStamp);
        else requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
    }, { capture: true });
  });
}

/// `count` presses by real pointer input, White's face first, each timed.
async function pressFaces(page, count) {
  let side = 'white';
  for (let n = 1; n <= count; n += 1) {
    const box = await page.locator(`.clock-face[data-side=${side}]`).boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.up();
    await page.waitForFunction((done) => window.pressTimes.length === done, n);
    // A player's move takes longer than this: the page is idle again.
    await page.waitForTimeout(300);
    side = side === 'white' ? 'black' : 'white';
  }
}

/// Two faces, White's running, that swap the class `running` when pressed.
const BARE_FACES = `<!doctype html><style>.clock-face { position: absolute; top: 0; width: 48%; height: 100%; }
[data-side=black] { left: 52%; } .running { background: #ccc; }</style>
<div class="clock-face running" data-side="white"></div><div class="clock-face" data-side="black"></div>
<script>for (const face of document.querySelectorAll('.clock-face')) face.addEventListener('pointerdown', () => {
  for (const each of document.querySelectorAll('.clock-face')) each.classList.toggle('running');
});</script>`;

checkAgainstCore();
const server = await startServer({ dir: dist, port: 0 });
const url = `http://127.0.0.1:${server.address().port}/`;
// A profile on disk, as a tablet's: the journal's strict commit, which a
// press waits for before it is shown, is flushed to disk.
const profile = await mkdtemp(join(tmpdir(), 'arbiter-press-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: FLAGS, viewport: { width: 1180, height: 820 },
});
try {
  const page = await browser.newPage();
  // Each journal transaction's time from its start to its commit on disk:
  // how long after a press it is durable (the page paints meanwhile).
  await page.addInitScript(() => {
    const transaction = IDBDatabase.prototype.transaction;
    window.commitTimes = [];
    IDBDatabase.prototype.transaction = function (...args) {
      const tx = transaction.apply(this, args);
      if (args[1] === 'readwrite') {
        const begun = performance.now();
        tx.addEventListener('complete', () => window.commitTimes.push(performance.now() - begun));
      }
      return tx;
    };
  });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e));
  // Loading the app on a busy machine may take a while.
  page.setDefaultTimeout(120_000);
  const game = storedGame(Date.now());
  // Stored on the app's origin before the app first reads its storage.
  await page.goto(`${url}manifest.webmanifest`);
  await page.evaluate(({ id, text }) => localStorage.setItem(`arbiter/v1/game/${id}`, text), game);
  await page.goto(`${url}#/game/${game.id}/clock`);
  await page.locator('.clock-face.running').waitFor();
  if (!(await page.locator('.clock-face[data-side=white]').getAttribute('class')).includes('running')) {
    throw new Error("press-to-paint: White's clock is not the one running");
  }
  await timePresses(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const profiled = profileTop ? await startProfile(cdp, profileTop) : null;
  await pressFaces(page, presses);
  const times = await page.evaluate(() => window.pressTimes);
  const commits = await page.evaluate((count) => window.commitTimes.slice(-count), presses);
  if (profiled) await profiled();
  if (errors.length) throw errors[0];
  const ms = (x) => `${x.toFixed(1)} ms`;
  console.log(`press to paint, CPU throttled ${rate}x, ${MOVES} moves and ${2 * MOVES} presses logged:`);
  console.log(`  each: ${times.map((t) => t.toFixed(1)).join(' ')}`);
  console.log(`  median ${ms(median(times))}, worst ${ms(Math.max(...times))} (${times.length} presses)`);
  if (commits.length) {
    console.log(`  the journal's commit to disk, from its start (after the press's handler): median ${ms(median(commits))}, worst ${ms(Math.max(...commits))}`);
  }
  // The floor: the same presses, timed the same way, on a page whose faces
  // only swap a class when pressed: the wait for the next frame, and the
  // browser's own work, with no app.
  const bare = await browser.newPage();
  await bare.setContent(BARE_FACES);
  await timePresses(bare);
  await (await bare.context().newCDPSession(bare)).send('Emulation.setCPUThrottlingRate', { rate });
  await pressFaces(bare, presses);
  const floor = await bare.evaluate(() => window.pressTimes);
  console.log(`  the floor, a page whose faces only swap a class: median ${ms(median(floor))}, worst ${ms(Math.max(...floor))}`);
} finally {
  await browser.close();
  await new Promise((done) => server.close(done));
  await rm(profile, { recursive: true, force: true });
}
