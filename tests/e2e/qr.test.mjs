// The QR codes of an event (issue 20): the chief arbiter's join code read by
// a board tablet, and a finished game's code read by a player's phone. The
// codes are decoded from screenshots (jsQR), as a camera would.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { createGame, makeKey, openSettingsGroup, savePin, tapAndPress, useApp } from './harness.mjs';
import { ADMIN, joinEvent, useEvent } from './couch.mjs';

const app = useApp();
const DB = 'hall';
const PIN = '2468';
const TABLET = { width: 1180, height: 820 };
const PHONE = { width: 390, height: 844 };
const event = useEvent(DB);

/// The text of the QR code `locator` shows, read from a screenshot of it.
async function readQr(locator) {
  const png = PNG.sync.read(await locator.screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  assert.ok(code, 'the QR code is not readable');
  return code.data;
}

/// The QR code's version, modules and CSS pixels per module as shown.
async function measure(locator) {
  const version = Number(await locator.getAttribute('data-version'));
  const modules = Number(await locator.getAttribute('data-modules'));
  const { width } = await locator.boundingBox();
  return { version, modules, width, px: width / (modules + 8) };
}

/// Joins the event from Settings as `who`.
async function joinFromSettings(page, who) {
  await joinEvent(page, { app: app.url, couch: event.server().url, db: DB, who });
  await page.getByTestId('sync-status').filter({ hasText: /^Synced$/ }).waitFor({ timeout: 15_000 });
}

async function downloadPgn(page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PGN' }).click(),
  ]);
  return readFile(await download.path(), 'utf8');
}

test("the chief arbiter's join code: a board tablet joins and seals to his key; an altered key is refused", async () => {
  const chief = await app.open('#/', { viewport: TABLET });
  const { fingerprint } = await makeKey(chief.page, 'Wiśniewski, Piotr', '135790');
  await joinFromSettings(chief.page, ADMIN);
  const code = chief.page.locator('.join-code');
  await code.getByRole('heading', { name: 'Join code for the board tablets' }).waitFor();
  const link = await code.getByTestId('join-link').getAttribute('href');
  // The code the board's arbiter reads aloud: both of the chief's keys.
  const spoken = await code.getByTestId('join-code-fingerprint').innerText();
  assert.match(spoken, /^[0-9A-F]{4}(-[0-9A-F]{4}){3}$/);
  await code.screenshot({ path: 'tests/e2e/output/join-code.png' });
  assert.equal(await readQr(code.locator('svg.qr-code')), link);
  assert.match(link, /#\/event\/join\?server=/);
  assert.ok(!link.includes(ADMIN.password) && !link.includes(ADMIN.name), link);
  assert.ok(link.includes(fingerprint), link);

  // The board tablet opens the link: server and database filled in, the
  // chief's fingerprint to compare, its own user and password asked.
  const board = await app.open('#/', { viewport: TABLET });
  await board.page.goto(link);
  await board.page.getByRole('heading', { name: 'Join an event' }).waitFor();
  assert.equal(await board.page.getByTestId('join-server').innerText(), event.server().url);
  assert.equal(await board.page.getByTestId('join-database').innerText(), DB);
  assert.equal(await board.page.getByTestId('join-fingerprint').innerText(), spoken);
  await board.page.screenshot({ path: 'tests/e2e/output/join-event.png' });
  // The code to compare and the account's form side by side: Join in view.
  const joinButton = await board.page.getByRole('button', { name: 'Join the event' }).boundingBox();
  assert.ok(joinButton.y + joinButton.height <= TABLET.height, `Join ends at ${joinButton.y + joinButton.height} px`);
  await board.page.getByLabel('User').fill('board1');
  await board.page.getByLabel('Password', { exact: true }).fill('board1-secret');
  // Not joined until the fingerprint is compared with the chief's screen.
  await board.page.getByRole('button', { name: 'Join the event' }).click();
  await board.page.getByText('Not joined: compare the code with the one on the chief arbiter\'s screen first').waitFor();
  assert.equal(await board.page.evaluate(() => localStorage.getItem('arbiter/v1/recipients')), null);
  await board.page.getByLabel("It is the same as on the chief arbiter's screen").check();
  await board.page.getByRole('button', { name: 'Join the event' }).click();
  await board.page.getByTestId('sync-status').filter({ hasText: /^Synced$/ }).waitFor({ timeout: 15_000 });
  const recipients = await board.page.evaluate(() => JSON.parse(localStorage.getItem('arbiter/v1/recipients')).data);
  assert.deepEqual(recipients.map((r) => [r.name, r.fingerprint]), [['Wiśniewski, Piotr', fingerprint]]);
  const settings = await board.page.evaluate(() => JSON.parse(localStorage.getItem('arbiter/v1/settings')).data.event);
  assert.deepEqual([settings.server, settings.database, settings.user], [event.server().url, DB, 'board1']);

  // A key swapped in the link no longer matches its fingerprint: refused,
  // nothing changed.
  const stranger = await app.open('#/', { viewport: TABLET });
  const key = new URL(link).hash.match(/key=([0-9a-f]{64})/)[1];
  const swapped = link.replace(key, key.replace(/^./, (c) => (c === '0' ? '1' : '0')));
  await stranger.page.goto(swapped);
  await stranger.page.getByRole('alert').filter({ hasText: 'This join code cannot be used' }).waitFor();
  assert.equal(await stranger.page.getByRole('button', { name: 'Join the event' }).count(), 0);
  assert.equal(await stranger.page.evaluate(() => localStorage.getItem('arbiter/v1/recipients')), null);

  // A link made with another key and that key's own fingerprint reads as
  // valid: the fingerprint shown differs from the chief's screen, and the
  // arbiter refuses it; the tablet is left as it was.
  const forger = await app.open('#/', { viewport: TABLET });
  const forged = await makeKey(forger.page, 'Wiśniewski, Piotr', '246813');
  const substituted = link.replace(key, JSON.parse(forged.publicKey).public_key).replace(fingerprint, forged.fingerprint);
  const fresh = await app.open('#/', { viewport: TABLET });
  await fresh.page.goto(substituted);
  await fresh.page.getByRole('heading', { name: 'Join an event' }).waitFor();
  const shown = await fresh.page.getByTestId('join-fingerprint').innerText();
  assert.notEqual(shown, spoken);
  await fresh.page.getByLabel('User').fill('board2');
  await fresh.page.getByLabel('Password', { exact: true }).fill('board2-secret');
  await fresh.page.getByRole('button', { name: 'Join the event' }).click();
  await fresh.page.getByText('Not joined: compare the code').waitFor();
  await fresh.page.getByRole('button', { name: 'It differs: do not join' }).click();
  await fresh.page.getByText('Not joined: the code differs from the chief arbiter\'s.').waitFor();
  assert.deepEqual(await fresh.page.evaluate(() => [localStorage.getItem('arbiter/v1/recipients'),
    JSON.parse(localStorage.getItem('arbiter/v1/settings'))?.data?.event ?? null]), [null, null]);

  // Leaving the event takes away the key that joining brought.
  await board.page.goto(app.url + '#/settings');
  await openSettingsGroup(board.page, 'Event');
  await board.page.getByRole('button', { name: 'Leave the event' }).click();
  await board.page.getByText('Left the event').waitFor();
  assert.deepEqual(await board.page.evaluate(() => JSON.parse(localStorage.getItem('arbiter/v1/recipients')).data), []);

  for (const { context, errors } of [chief, board, stranger, forger, fresh]) {
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test("a finished game's QR code opens in Review on a player's phone, with the board tablet's PGN; its event link too", async () => {
  const board = await app.open('#/', { viewport: TABLET });
  const { page } = board;
  await savePin(page, PIN);
  await joinFromSettings(page, { name: 'board1', password: 'board1-secret' });
  await createGame(page, { white: 'Kowalski, Jan', black: 'Nowak, Anna', round: '3', board: '7' });
  const id = decodeURIComponent(page.url().split('#/game/')[1]);
  await page.getByRole('link', { name: 'Clock' }).click();
  await page.getByRole('button', { name: "Start White's clock" }).click();
  await page.goto(`${app.url}#/game/${id}/scoresheet`);
  await page.getByRole('button', { name: 'Recording mode (hand to the player)' }).click();
  await tapAndPress(page, [['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3'], ['b8', 'c6']]);
  await page.getByRole('button', { name: 'Leave recording mode (arbiter)' }).click();
  await page.getByLabel("Arbiter's PIN").fill(PIN);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.goto(`${app.url}#/game/${id}/arbiter`);
  await page.getByRole('button', { name: 'Black resigns (5.1b)' }).click();
  await page.getByRole('button', { name: 'Record the result' }).click();
  await page.getByText('Result recorded (Article 5.1b).').waitFor();

  // The game is over: the board tablet leads to its QR code.
  await page.goto(`${app.url}#/game/${id}`);
  await page.getByRole('link', { name: 'QR code for the players' }).click();
  const panel = page.locator('.players-copy');
  const qr = panel.locator('svg.qr-code');
  await qr.waitFor();
  // The link opens at the code: the whole of it on the screen, no scrolling.
  await page.waitForFunction(() => {
    const box = document.querySelector('.players-copy svg.qr-code').getBoundingClientRect();
    const header = document.querySelector('header').getBoundingClientRect().bottom;
    return box.top >= header && box.bottom <= window.innerHeight;
  });
  await page.screenshot({ path: 'tests/e2e/output/players-copy.png' });
  const shown = await measure(qr);
  // The same box for the real 80-move game's code (version 21, 101 modules).
  console.log(`players' QR: version ${shown.version}, ${shown.modules} modules, ${shown.width.toFixed(0)} CSS px wide at 1180×820: ${shown.px.toFixed(1)} px a module; version 21: ${(shown.width / 109).toFixed(1)}, version 25: ${(shown.width / 125).toFixed(1)}`);
  assert.ok(shown.width / 125 >= 4, `${shown.width} px for a version 25 code`);
  const tabletPgn = await downloadPgn(page);
  assert.match(tabletPgn, /\[Result "1-0"\]/);
  assert.match(tabletPgn, /%clk/);
  const url = await readQr(qr);
  assert.equal(url, await panel.getByTestId('players-link').getAttribute('href'));
  assert.ok(url.startsWith(`${app.url}#/pgn/`), url);

  // A player's phone opens it: Review, read-only, nothing stored.
  // No service worker: it would answer for Review's module, which the
  // test holds back below, and a route never sees what it answers.
  const phone = await app.open('#/', { viewport: PHONE, serviceWorkers: 'block' });
  const fetched = [];
  phone.page.on('request', (request) => fetched.push(request.url()));
  // Review's module held back: the board and moves are shown without it,
  // and the move the player steps to stays when it comes.
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await phone.page.route(/split_review\.wasm$/, async (route) => { await held; await route.continue(); });
  await phone.page.goto(url);
  await phone.page.getByRole('heading', { name: 'Review: Kowalski, Jan – Nowak, Anna' }).waitFor({ timeout: 15_000 });
  await phone.page.getByRole('button', { name: 'One move back' }).click();
  assert.equal(await phone.page.locator('.board-caption').innerText(), 'After 2. Nf3');
  // The result's line is kept free until Review words it: nothing moves.
  assert.equal((await phone.page.locator('.review-result').innerText()).trim(), '');
  const boardTop = () => phone.page.locator('.sheet-board').evaluate((e) => e.getBoundingClientRect().top);
  const before = await boardTop();
  release();
  await phone.page.getByRole('status').filter({ hasText: 'Result: White wins (as recorded)' }).waitFor();
  assert.equal(await boardTop(), before);
  assert.equal(await phone.page.locator('.board-caption').innerText(), 'After 2. Nf3');
  await phone.page.getByRole('button', { name: 'One move forward' }).click();
  assert.equal(await phone.page.locator('.board-caption').innerText(), 'After 2... Nc6');
  // One listener of the arrow keys: the board shown first took its own away.
  await phone.page.keyboard.press('ArrowLeft');
  assert.equal(await phone.page.locator('.board-caption').innerText(), 'After 2. Nf3');
  // Read on the page: the analyser worker (and its attack tables) is not fetched.
  assert.deepEqual(fetched.filter((u) => u.includes('analyser')), []);
  // The result, as the copy records it.
  assert.equal(await phone.page.locator('.review-result').innerText(), 'Result: White wins (as recorded)');
  assert.equal(await phone.page.getByRole('link', { name: 'Scoresheet' }).count(), 0);
  assert.equal(await phone.page.getByRole('link', { name: 'Clock' }).count(), 0);
  await phone.page.screenshot({ path: 'tests/e2e/output/players-copy-phone.png', fullPage: true });
  assert.equal(await downloadPgn(phone.page), tabletPgn);
  const games = () => phone.page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('arbiter/v1/game/')));
  assert.deepEqual(await games(), []);
  await phone.page.getByRole('button', { name: 'Keep this game on this device' }).click();
  await phone.page.getByRole('link', { name: 'Kept: open it from the list of games' }).waitFor();
  assert.equal((await games()).length, 1);

  // With a network: the game's link to the event's database, read-only
  // on a phone that joins with the players' account.
  const eventLink = await panel.getByTestId('event-game-link').getAttribute('href');
  assert.ok(!eventLink.includes('board1-secret') && !eventLink.includes('key='), eventLink);
  const reader = await app.open('#/', { viewport: PHONE });
  await reader.page.goto(eventLink);
  await reader.page.getByText("This game is in the event's database.").waitFor();
  await reader.page.getByLabel('User').fill('player');
  await reader.page.getByLabel('Password', { exact: true }).fill('player-secret');
  await reader.page.getByRole('button', { name: 'Join the event' }).click();
  await reader.page.getByRole('heading', { name: 'Review: Kowalski, Jan – Nowak, Anna' }).waitFor({ timeout: 15_000 });
  assert.equal(await reader.page.getByRole('link', { name: 'Scoresheet' }).count(), 0);
  assert.equal(await reader.page.locator('.players-copy').count(), 0);
  assert.equal(await downloadPgn(reader.page), tabletPgn);

  // A link cut short: a clear error, nothing stored.
  const other = await app.open('#/', { viewport: PHONE });
  await other.page.goto(url.slice(0, -10));
  await other.page.getByRole('alert').filter({ hasText: 'This game cannot be shown: the link is cut short or altered' }).waitFor();
  assert.deepEqual(await other.page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('arbiter/v1/game/'))), []);

  // The board and moves come before Review's module, and stay when it
  // cannot come (the phone went offline): the player is told what is
  // missing, and nothing is stored.
  const offline = await app.open('#/', { viewport: PHONE, serviceWorkers: 'block' });
  await offline.page.route(/split_review\.wasm$/, (route) => route.abort());
  await offline.page.goto(url);
  await offline.page.getByRole('alert').filter({ hasText: 'The rest of Review (the result, printing, keeping the game) did not come' }).waitFor({ timeout: 15_000 });
  await offline.page.getByRole('heading', { name: 'Review: Kowalski, Jan – Nowak, Anna' }).waitFor();
  assert.match(await offline.page.locator('.sheet-side').innerText(), /Nc6/);
  await offline.page.getByRole('button', { name: 'Go to the start' }).click();
  assert.equal(await offline.page.locator('.board-caption').innerText(), 'Start position');
  await offline.page.keyboard.press('ArrowRight');
  assert.equal(await offline.page.locator('.board-caption').innerText(), 'After 1. e4');
  assert.equal(await offline.page.getByRole('button', { name: 'Keep this game on this device' }).count(), 0);
  assert.deepEqual(await offline.page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('arbiter/v1/game/'))), []);

  for (const { context, errors } of [board, phone, reader, other, offline]) {
    assert.deepEqual(errors, []);
    await context.close();
  }
});
