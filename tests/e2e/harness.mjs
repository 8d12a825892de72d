// Shared set-up for the end-to-end tests: the release build in dist/ served
// on 127.0.0.1 (compressed, as a static host does) and Debian's Chromium
// driven by playwright-core. Never downloads a browser.
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/static-server.mjs';

export const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/// Starts a server and a browser for one test file; returns accessors.
export function useApp({ base = '/' } = {}) {
  const app = { browser: null, server: null, url: null };
  before(async () => {
    app.server = await startServer({ dir: 'dist', port: 0, base });
    app.url = `http://127.0.0.1:${app.server.address().port}${base}`;
    app.browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: FLAGS });
  });
  after(async () => {
    await app.browser?.close();
    await new Promise((done) => app.server?.close(done));
  });
  /// A fresh browser profile (empty storage) with one page open on the app.
  /// `serviceWorkers: 'block'`: every file fetched when asked, never precached;
  /// `phone: true`: a phone's touch screen and mobile viewport.
  app.open = async (hash = '#/', { locale = 'en-US', viewport = { width: 1024, height: 768 }, serviceWorkers = 'allow', phone = false } = {}) => {
    const context = await app.browser.newContext({ acceptDownloads: true, locale, viewport, serviceWorkers, hasTouch: phone, isMobile: phone });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e));
    // A panic's own message (console_error_panic_hook), which the bare
    // `unreachable` of the page error does not name.
    page.on('console', (m) => {
      if (m.type() === 'error' && m.text().includes('panicked at')) errors.push(new Error(m.text()));
    });
    await page.goto(app.url + hash);
    // The app's own main, not index.html's first paint.
    await page.locator('main#main').waitFor();
    return { context, page, errors };
  };
  /// Stops the server, as when the host or the network goes away.
  app.stopServer = async () => {
    app.server.closeAllConnections();
    await new Promise((done) => app.server.close(done));
  };
  /// Serves `dir` where dist/ was served: a new build deployed on the same host.
  app.serve = async (dir) => {
    app.server = await startServer({ dir, port: Number(new URL(app.url).port), base });
  };
  return app;
}

/// Fills the browser's storage to the last byte, as another site's data
/// (or anything) can: fillers under `filler-` keys.
export async function fillStorage(page) {
  const filled = await page.evaluate(() => {
    const chunk = 'x'.repeat(64 * 1024);
    let n = 0;
    try { for (;;) { localStorage.setItem(`filler-${n}`, chunk); n += 1; } } catch { /* full */ }
    for (let size = 32 * 1024; size >= 1; size = Math.floor(size / 2)) {
      try { for (;;) { localStorage.setItem(`filler-${n}`, 'x'.repeat(size)); n += 1; } } catch { /* full */ }
    }
    return n;
  });
  if (filled <= 10) throw new Error(`storage filled with only ${filled} fillers`);
}

/// Takes the fillers of `fillStorage` away.
export async function freeStorage(page) {
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('filler-')) localStorage.removeItem(key);
  });
}

/// Opens the group of the settings titled `title` (one is open at a time).
export async function openSettingsGroup(page, title) {
  const group = page.locator('details.settings-group', { has: page.getByRole('heading', { name: title, exact: true }) });
  if (!(await group.evaluate((details) => details.open))) await group.locator(':scope > summary').click();
}

/// Sets the arbiter's PIN in Settings.
export async function savePin(page, pin) {
  await page.getByRole('link', { name: 'Settings' }).click();
  await openSettingsGroup(page, "Arbiter's PIN");
  await page.getByLabel('New PIN (at least 4 digits)').fill(pin);
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await page.getByText("Arbiter's PIN saved.").waitFor();
}

/// Gives `pin` where the arbiter's lock asks for it ("For the arbiter"):
/// the clock started, recording mode and a fresh page lock the tablet.
export async function unlockGate(page, pin) {
  await page.getByRole('heading', { name: /^(For the arbiter|Dla sędziego)$/ }).waitFor();
  await page.locator('.arbiter-gate').getByLabel(/^(Arbiter's PIN|PIN sędziego)$/).fill(pin);
  await page.locator('.arbiter-gate').getByRole('button', { name: /^(Unlock|Odblokuj)$/ }).click();
  await page.locator('.arbiter-gate').waitFor({ state: 'detached' });
}

/// Imports a game from PGN pasted on the games list and opens its review.
export async function importAndReview(page, pgn, title) {
  await page.getByRole('button', { name: 'Import PGN', exact: true }).click();
  await page.getByLabel('Or paste PGN').fill(pgn);
  await page.getByRole('button', { name: 'Import pasted PGN' }).click();
  await page.locator('.import-result a', { hasText: title }).click();
  await page.getByRole('heading', { name: `Review: ${title}` }).waitFor();
}

/// Fills the new-game form and submits it.
export async function createGame(page, { white, black, event = '', round = '', board = '', whiteFide = '', blackFide = '' }) {
  await page.getByRole('link', { name: 'New game' }).first().click();
  await page.getByLabel('White', { exact: true }).fill(white);
  await page.getByLabel('Black', { exact: true }).fill(black);
  if (whiteFide) await page.getByLabel("White's FIDE ID (optional)").fill(whiteFide);
  if (blackFide) await page.getByLabel("Black's FIDE ID (optional)").fill(blackFide);
  if (event) await page.getByLabel('Event', { exact: true }).fill(event);
  if (round) await page.getByLabel('Round').fill(round);
  if (board) await page.getByLabel('Board').fill(board);
  await page.getByRole('button', { name: 'Create game' }).click();
  await page.getByRole('heading', { name: `${white} – ${black}` }).waitFor();
}

/// A1a: the sealer writes `text` (unless it is written already), reads it
/// back as he wrote it, and stops his clock.
export async function sealMove(page, text) {
  if (text !== undefined) await page.getByLabel(/Your sealed move/).fill(text);
  const written = await page.getByLabel(/Your sealed move/).inputValue();
  await page.getByRole('button', { name: 'Read my move back before sealing' }).click();
  const shown = page.getByRole('region', { name: 'Is this exactly what you wrote?' }).locator('.sealed-text');
  if ((await shown.innerText()) !== written.trim()) throw new Error(`read back ${await shown.innerText()}, written ${written}`);
  await page.getByRole('button', { name: 'Stop my clock: the move is sealed' }).click();
}

/// A2: the arbiter fills in the envelope (resumption on 30 November 2026,
/// 10:00, Hall B) and seals it, under `pin` when one is given (an envelope
/// sealed under a PIN), and waits for the verification (A3).
export async function sealEnvelope(page, pin) {
  await page.getByRole('heading', { name: 'The envelope (A2)' }).waitFor();
  await page.getByLabel('Date of resumption').fill('2026-11-30');
  await page.getByLabel('Time of resumption').fill('10:00');
  await page.getByLabel('Venue of resumption').fill('Hall B');
  await page.getByLabel("Arbiter's name").fill('Irena Arbiter');
  if (pin) {
    await page.getByLabel("Arbiter's PIN (at least 4 characters)").fill(pin);
    await page.getByLabel('The same PIN again').fill(pin);
  }
  await page.getByRole('button', { name: 'Seal the envelope' }).click();
  await page.getByRole('heading', { name: 'Verify the envelope (A3)' }).waitFor();
}

/// Settings: makes this tablet's arbiter's key; returns its public key (JSON
/// as shown), its fingerprint, and how long making it took (one Argon2id).
export async function makeKey(page, name, pin) {
  await page.goto(page.url().replace(/#.*$/, '#/settings'));
  await openSettingsGroup(page, "Arbiter's key");
  const form = page.locator('form', { hasText: 'Make a key' });
  await form.getByLabel("Arbiter's name on the key").fill(name);
  await form.getByLabel(/^PIN of the key \(6 digits or more\)/).fill(pin);
  await form.getByLabel('The same PIN again').fill(pin);
  const t0 = Date.now();
  await form.getByRole('button', { name: "Make the arbiter's key" }).click();
  const shown = page.locator('textarea.public-key');
  await shown.waitFor();
  const ms = Date.now() - t0;
  const publicKey = await shown.inputValue();
  const fingerprint = (await page.locator('.arbiter-key .key-fingerprint').innerText()).trim();
  assert.match(fingerprint, /^[0-9A-F]{4}(-[0-9A-F]{4}){3}$/);
  assert.equal(JSON.parse(publicKey).fingerprint, fingerprint);
  return { publicKey, fingerprint, ms };
}

/// The players type `moves` in recording mode, each written in the next box.
export async function typeMoves(page, moves) {
  const written = page.locator('.move-list .written');
  const before = await written.count();
  for (const [i, move] of moves.entries()) {
    await page.getByLabel(/Type the move/).fill(move);
    await page.getByRole('button', { name: 'Write move' }).click();
    await written.nth(before + i).waitFor();
  }
}

/// Taps a move on the recording board: the piece's square, then where it goes.
export async function tap(page, from, to) {
  await page.getByRole('button', { name: new RegExp(`^${from},`) }).click();
  await page.getByRole('button', { name: new RegExp(`^${to},`) }).click();
}

/// The players record `moves` ([from, to]) in recording mode, each tapped
/// and followed by its press of the clock, from the `first` half-move
/// written (White's first when 0). With `think` ({ White, Black } in ms)
/// the page's clock moves on that much before each move; `each(i)` runs
/// once move `i` is written.
export async function tapAndPress(page, moves, { think, each, first = 0 } = {}) {
  for (const [i, [from, to]] of moves.entries()) {
    const side = (first + i) % 2 === 0 ? 'White' : 'Black';
    if (think) await page.clock.fastForward(think[side]);
    await tap(page, from, to);
    await page.getByRole('button', { name: `Press the clock: ${side} has moved` }).click();
    await page.locator('.move-list .written').nth(first + i).waitFor();
    if (each) await each(i);
  }
}

/// Clicks a print button with the browser's print dialog left out: the
/// printout it chooses is what the page prints.
export async function choosePrint(page, name) {
  await page.getByRole('button', { name }).evaluate((button) => { window.print = () => {}; button.click(); });
}

/// The page printed to PDF on A4, read back as text (pdf.js), one string
/// per line of the paper: the pieces of text on one baseline, left to right.
export async function pdfLines(page) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const data = new Uint8Array(await page.pdf({ format: 'A4', printBackground: true }));
  const doc = await getDocument({ data, isEvalSupported: false }).promise;
  const lines = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const { items } = await (await doc.getPage(n)).getTextContent();
    const rows = new Map();
    for (const item of items.filter((i) => i.str.trim())) {
      const y = Math.round(item.transform[5]);
      rows.set(y, [...(rows.get(y) ?? []), item]);
    }
    for (const y of [...rows.keys()].sort((a, b) => b - a)) {
      lines.push(rows.get(y).sort((a, b) => a.transform[4] - b.transform[4]).map((i) => i.str.trim()).join(' '));
    }
  }
  await doc.destroy();
  return lines;
}
