// How long a player waits for his game after scanning its QR code: the
// players' link (#/pgn/<data>) opened cold on a phone (390×844, touch), no
// cache, no service worker, on Lighthouse's slow 4G (150 ms round trip,
// 1.6 Mbps down, 750 kbps up) with the CPU 4× slower, against the release
// build served compressed as a static host serves it. The game is a real
// one: the first game of at least 60 moves in
// crates/laws/tests/data/twic1599_1000k.pgn, deflated into the link as the
// app writes it (game_link::encode).
//
//   node scripts/qr-open.mjs [--runs 5] [--max-ms 4000] [--max-kb 300] [--verbose] [DIST]
//
// Each run is a new browser context (an empty cache), after one run not
// counted that fills the server's cache of compressed files (a static host
// compresses ahead); the time is from the
// navigation's start to the frame in which the game is shown (its
// heading, its board and its last move: the players' copy shows them
// before Review's result and printouts come); the bytes are every response's
// size on the wire until then (--verbose: each file's). Prints each run,
// the median time and the most bytes; exits non-zero when the median is
// over --max-ms or a run fetched more than --max-kb before the game showed.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { deflateSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { median } from './median.mjs';
import { startServer } from './static-server.mjs';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : fallback;
};
const runs = Number(option('--runs', 5));
const maxMs = Number(option('--max-ms', 4000));
const maxKb = Number(option('--max-kb', 300));
const verbose = args.includes('--verbose');
const dist = args.find((a) => !a.startsWith('--')) ?? join(root, 'dist');
// The flags the end-to-end tests give Chromium (tests/e2e/harness.mjs).
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
// Lighthouse's mobile throttling (its "slow 4G"), applied by the protocol.
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_RATE = 4;
const MOVES = 60;

/// The first game of the file with at least MOVES moves, as its own text.
function realGame() {
  const text = readFileSync(join(root, 'crates', 'laws', 'tests', 'data', 'twic1599_1000k.pgn'), 'utf8');
  for (const pgn of text.split(/\n(?=\[Event )/)) {
    const plies = pgn.split(/\n\n/)[1]?.replace(/\{[^}]*\}/g, '').split(/\s+/)
      .filter((t) => t && !/^\d+\.+$/.test(t) && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(t)) ?? [];
    if (plies.length >= 2 * MOVES) return { pgn: pgn.trim() + '\n', last: plies.at(-1), white: pgn.match(/\[White "([^"]*)"\]/)[1] };
  }
  throw new Error(`qr-open: no game of ${MOVES} moves in the file`);
}

/// The link's data as game_link::encode writes it: zlib, then base64url.
const encode = (pgn) => deflateSync(Buffer.from(pgn), { level: 9 }).toString('base64url');

const game = realGame();
const server = await startServer({ dir: dist, port: 0 });
const url = `http://127.0.0.1:${server.address().port}/#/pgn/${encode(game.pgn)}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: FLAGS });
const results = [];
try {
  // Run 0, not counted: the server compresses each file the first time it
  // is asked for it (a static host has them compressed ahead).
  for (let run = 0; run <= runs; run++) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block', locale: 'en-US',
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    let bytes = 0;
    const fetched = [];
    const names = new Map();
    cdp.on('Network.responseReceived', (e) => names.set(e.requestId, e.response.url.split('/').pop().slice(0, 40)));
    cdp.on('Network.loadingFinished', (e) => {
      bytes += e.encodedDataLength;
      fetched.push(`${names.get(e.requestId)} ${(e.encodedDataLength / 1024).toFixed(1)} KB`);
    });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e));
    await page.goto(url, { waitUntil: 'commit' });
    // The game shown: its heading, its board at the last move, and the
    // last move in the record; timed by the frame it is painted in.
    const shownMs = await page.evaluate(({ white, last }) => new Promise((done) => {
      const poll = (now) => {
        const heading = document.querySelector('.players-copy-page h1');
        const shown = heading?.textContent.includes(white)
          && document.querySelector('.players-copy-page .sheet-board [data-square]')
          && document.querySelector('.players-copy-page .sheet-side')?.textContent.includes(last);
        if (shown) done(now);
        else requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
    }), { white: game.white, last: game.last.replace(/[+#]$/, '') });
    const shownBytes = bytes;
    if (errors.length) throw new Error(`qr-open: the page failed: ${errors.join('; ')}`);
    await context.close();
    if (run === 0) continue;
    results.push({ ms: shownMs, kb: shownBytes / 1024, requests: fetched.length });
    console.log(`run ${run}: the game shown after ${Math.round(shownMs)} ms, ${(shownBytes / 1024).toFixed(1)} KB in ${fetched.length} requests`);
    if (verbose) console.log(`  ${fetched.join('\n  ')}`);
  }
} finally {
  await browser.close();
  server.close();
}
const ms = median(results.map((r) => r.ms));
const kb = Math.max(...results.map((r) => r.kb));
console.log(`median ${Math.round(ms)} ms (aim 3000, at most ${maxMs}); most fetched ${kb.toFixed(1)} KB (at most ${maxKb})`);
if (ms > maxMs || kb > maxKb) {
  console.error('qr-open: over the limit');
  process.exit(1);
}
