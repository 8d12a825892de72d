// A CouchDB-compatible server for the event tests: pouchdb-server in memory
// on 127.0.0.1, on a port the OS gives (pouchdb-server reads --port 0 as
// "unset" and takes 5984), in a temporary folder for its config and log.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { createGame, openSettingsGroup } from './harness.mjs';

const root = new URL('../..', import.meta.url).pathname;
export const ADMIN = { name: 'admin', password: 'admin-secret' };
export const DESIGN = JSON.parse(readFileSync(join(root, 'couchdb/design.json'), 'utf8'));

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/// Starts pouchdb-server; `port` to restart one where it was.
export async function startCouch(port) {
  port ??= await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-couch-'));
  const child = spawn(join(root, 'node_modules/.bin/pouchdb-server'),
    ['--in-memory', '--host', '127.0.0.1', '--port', String(port), '--dir', dir,
      '--config', join(dir, 'config.json'), '--no-color'],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise((resolve, reject) => {
    const seen = (chunk) => {
      output += chunk;
      if (output.includes('has started')) resolve();
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', (chunk) => { output += chunk; });
    child.once('exit', (code) => reject(new Error(`pouchdb-server exited (${code}): ${output}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    /// A request to the server, as `who` ({ name, password }) or nobody.
    async request(method, path, body, who = ADMIN) {
      const headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
      if (who) headers.Authorization = `Basic ${Buffer.from(`${who.name}:${who.password}`).toString('base64')}`;
      const response = await fetch(url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/// For a test file: a server with event `db` set up before its tests,
/// stopped after them; `server()` is the running one.
export function useEvent(db) {
  let couch;
  before(async () => setUpEvent(couch = await startCouch(), db));
  after(() => couch?.stop());
  return { server: () => couch };
}

/// Joins the event from the tablet's Settings as `who` ({ name, password }).
export async function joinEvent(page, event) {
  await fillJoin(page, event);
  await page.getByRole('button', { name: 'Join the event' }).click();
}

/// Fills in the tablet's join form, not yet pressed: what a scale run
/// times starts at the press.
export async function fillJoin(page, { app, couch, db, who }) {
  await page.goto(app + '#/settings');
  await openSettingsGroup(page, 'Event');
  await page.getByLabel('Server address').fill(couch);
  await page.getByLabel('Database').fill(db);
  await page.getByLabel('User').fill(who.name);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
}

/// Joins the event as `who` from the join code on the chief arbiter's
/// Settings (`chief`, a page already in the event): the code read aloud is
/// compared with the chief's, as the arbiter does, then confirmed.
export async function joinByCode(page, chief, { app, who }) {
  await chief.goto(app + '#/settings');
  await openSettingsGroup(chief, 'Event');
  const code = chief.locator('.join-code');
  const link = await code.getByTestId('join-link').getAttribute('href');
  const spoken = await code.getByTestId('join-code-fingerprint').innerText();
  await page.goto(link);
  const shown = await page.getByTestId('join-fingerprint').innerText();
  if (shown !== spoken) throw new Error(`the board shows ${shown}, the chief ${spoken}`);
  await page.getByLabel('User').fill(who.name);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel("It is the same as on the chief arbiter's screen").check();
  await page.getByRole('button', { name: 'Join the event' }).click();
}

/// The event's accounts: one per board tablet, the chief arbiter's (and
/// his deputies'), and the players'.
export const BOARD1 = { name: 'board1', password: 'board1-secret', roles: ['board'] };
export const BOARD2 = { name: 'board2', password: 'board2-secret', roles: ['board'] };
export const CHIEF = { name: 'chief', password: 'chief-secret', roles: ['chief'] };
export const PLAYER = { name: 'player', password: 'player-secret', roles: ['player'] };

/// docs/organiser.md's set-up of an event on a fresh server: the admin, the
/// users above, the database, its _security (members: the three roles) and
/// the design document.
export async function setUpEvent(couch, db, users = [BOARD1, BOARD2, CHIEF, PLAYER]) {
  const must = async (what, promise) => {
    const { status, body } = await promise;
    if (status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
    return body;
  };
  await must('admin', couch.request('PUT', `/_config/admins/${ADMIN.name}`, ADMIN.password, null));
  for (const user of users) {
    await must(`user ${user.name}`, couch.request('PUT', `/_users/org.couchdb.user:${user.name}`,
      { ...user, type: 'user' }));
  }
  await must('database', couch.request('PUT', `/${db}`));
  await must('security', couch.request('PUT', `/${db}/_security`,
    { admins: { names: [], roles: [] }, members: { names: [], roles: ['board', 'chief', 'player'] } }));
  await must('design', couch.request('PUT', `/${db}/${DESIGN._id}`, DESIGN));
}

/// A tablet's sync status in the header.
export const status = (page) => page.getByTestId('sync-status');

/// Board `board`'s row on the event screen.
export const boardRow = (page, board) => page.locator(`.event-boards tr[data-board="${board}"]`);

/// Creates `game` on a board tablet, starts White's clock and hands the
/// tablet to the players (recording mode); returns the game's id.
export async function gameInPlay(page, app, game) {
  await createGame(page, game);
  const id = decodeURIComponent(page.url().split('#/game/')[1]);
  await page.getByRole('link', { name: 'Clock' }).click();
  await page.getByRole('button', { name: "Start White's clock" }).click();
  await page.goto(`${app}#/game/${id}`);
  await page.getByRole('link', { name: 'Scoresheet', exact: true }).click();
  await page.getByRole('button', { name: 'Recording mode (hand to the player)' }).click();
  return id;
}

/// Game `id` as stored on a tablet (`{ created_ms, head, log }`, the log
/// alternately the milliseconds since the event before and the event).
export async function stored(page, id) {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key))?.data, `arbiter/v1/game/${id}`);
}

/// The board's log length as stored on its tablet.
export async function logLength(page, id) {
  return (await stored(page, id)).log.length / 2;
}

/// The tablet's sync record (`data` of `arbiter/v1/sync`): in the journal
/// (IndexedDB), or in localStorage where an older build or a refused
/// journal left it.
export async function syncRecord(page) {
  const local = await page.evaluate(() => localStorage.getItem('arbiter/v1/sync'));
  return local ? JSON.parse(local).data : journaled(page, 'arbiter/v1/sync');
}

/// The `data` of the record under `key` in the tablet's journal
/// (IndexedDB), where archived games are kept.
export async function journaled(page, key) {
  const text = await page.evaluate((key) => new Promise((done, fail) => {
    const open = indexedDB.open('arbiter-journal');
    open.onerror = () => fail(open.error);
    open.onsuccess = () => {
      const read = open.result.transaction('records').objectStore('records').get(key);
      read.onerror = () => fail(read.error);
      read.onsuccess = () => {
        open.result.close();
        done(read.result);
      };
    };
  }), key);
  return text ? JSON.parse(text).data : undefined;
}

/// Waits until `check` (async) holds, polling.
export async function until(check, timeout = 10_000) {
  const end = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not so after ${timeout} ms: ${check}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}
