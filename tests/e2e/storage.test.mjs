// Storage faults in a real browser: storage running out in the middle of a
// game (nothing half-written, a clear message, the game goes on in memory
// and is saved once space is freed); no localStorage at all; a record from
// a newer version; the page killed right after a press; the whole browser
// killed a second after presses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { FLAGS, createGame, fillStorage, freeStorage, useApp } from './harness.mjs';

const app = useApp();

/// The stored record of the game whose page is open.
const stored = (page) => page.evaluate(() => {
  const id = decodeURIComponent(location.hash.split('/')[2]);
  return JSON.parse(localStorage.getItem(`arbiter/v1/game/${id}`));
});

test('storage full mid-game: nothing half-written, the game goes on, and is saved once space is freed', async () => {
  const { page, errors, context } = await app.open();
  await createGame(page, { white: 'Spare, Game', black: 'To, Delete' });
  await page.getByRole('link', { name: 'Games' }).first().click();
  await createGame(page, { white: 'Kowalski, Jan', black: 'Nowak, Anna', round: '1' });
  const game = page.url();
  const before = await stored(page);

  // Another site's data (or anything) fills the browser's storage.
  await fillStorage(page);

  await page.getByRole('link', { name: 'Edit details' }).click();
  await page.getByLabel('Round').fill('7');
  await page.getByRole('button', { name: 'Save details' }).click();
  const banner = page.locator('.problems', { hasText: 'Storage is full' });
  await banner.waitFor();
  assert.match(await banner.innerText(), /1 game\(s\) go on but are kept only in this page/);
  // The game goes on with the change, in memory; storage holds the whole
  // earlier record, never a part of the new one.
  await page.goto(game);
  await page.getByText('7', { exact: true }).waitFor();
  assert.deepEqual(await stored(page), before);

  // Space is freed (the filler goes, a finished game is deleted): saved.
  await freeStorage(page);
  await page.getByRole('link', { name: 'Games' }).first().click();
  await page.getByRole('link', { name: /Spare, Game – To, Delete/ }).click();
  await page.getByRole('button', { name: 'Delete game' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await banner.waitFor({ state: 'detached' });
  await page.reload();
  await page.getByRole('link', { name: /Kowalski, Jan – Nowak, Anna/ }).click();
  await page.getByText('7', { exact: true }).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('no localStorage at all: the user is told, and the app works for the session', async () => {
  const context = await app.browser.newContext({ locale: 'en-US' });
  // As a browser with storage turned off for the site throws on access.
  await context.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
    });
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e));
  await page.goto(app.url + '#/');
  const told = page.getByRole('alert').filter({ hasText: 'does not allow saving' });
  await told.waitFor();
  assert.match(await told.innerText(), /nothing will be kept after this page is closed/);
  await createGame(page, { white: 'Kowalski, Jan', black: 'Nowak, Anna' });
  await page.getByRole('link', { name: 'Games' }).first().click();
  await page.getByRole('link', { name: /Kowalski, Jan – Nowak, Anna/ }).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('a record from a newer version is refused with a clear message and kept', async () => {
  const { page, errors, context } = await app.open();
  const future = JSON.stringify({ schema: 99, data: { written: 'by Arbiter 9' } });
  await page.evaluate((text) => localStorage.setItem('arbiter/v1/game/future', text), future);
  await page.reload();
  const refused = page.getByRole('alert').filter({ hasText: 'newer version of Arbiter' });
  await refused.waitFor();
  assert.match(await refused.innerText(), /arbiter\/v1\/game\/future was written by a newer version of Arbiter \(format 99\)/);
  // The app goes on, saving other games, and never touches that record.
  await createGame(page, { white: 'Kowalski, Jan', black: 'Nowak, Anna' });
  assert.equal(await page.evaluate(() => localStorage.getItem('arbiter/v1/game/future')), future);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the page killed right after a press: the press is kept', async () => {
  const { page, context } = await app.open();
  await createGame(page, { white: 'Kowalski, Jan', black: 'Nowak, Anna' });
  const game = page.url();
  await page.getByRole('link', { name: 'Clock' }).click();
  await page.locator('.clock-screen').waitFor();
  await page.getByRole('button', { name: "Start White's clock" }).click();
  await page.locator('.clock-face[data-side=white].running').waitFor();
  const events = async (p) => (await stored(p)).data.log.length;
  const before = await events(page);
  // The press, then the renderer crashes before anything else runs.
  const cdp = await context.newCDPSession(page);
  const crashed = new Promise((done) => page.once('crash', done));
  // White's move made, White presses: Black's clock runs.
  await page.keyboard.press('a');
  // Never answered: the page is gone.
  cdp.send('Page.crash').catch(() => {});
  await crashed;

  const again = await context.newPage();
  await again.goto(game);
  await again.getByRole('link', { name: 'Clock' }).click();
  await again.locator('.clock-screen').waitFor();
  assert.ok(await events(again) > before, 'the press is in the stored log');
  await again.locator('.clock-face[data-side=black].running').waitFor();
  await context.close();
});

/// Chromium on its own profile directory, as a tablet runs it, driven over
/// the DevTools protocol: the browser process is ours to kill.
async function launchOn(profile) {
  const browser = spawn(process.env.CHROMIUM ?? '/usr/bin/chromium', [...FLAGS, `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'], { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  const endpoint = await new Promise((done, fail) => {
    let seen = '';
    browser.stderr.on('data', (chunk) => {
      seen += chunk;
      const found = seen.match(/DevTools listening on (ws:\S+)/);
      if (found) done(found[1]);
    });
    browser.once('exit', () => fail(new Error(`Chromium exited: ${seen}`)));
  });
  const connected = await chromium.connectOverCDP(endpoint);
  return { browser, connected, context: connected.contexts()[0] };
}

/// The clock as its screen shows it: each face's time and moves, and
/// which face runs.
const shownClock = (page) => page.locator('.clock-face').evaluateAll((faces) => faces.map((face) => [
  face.dataset.side, face.querySelector('.face-time').textContent, face.querySelector('.face-moves').textContent, face.classList.contains('running'),
]).sort());

test('the browser killed a second after presses and the arbiter\'s actions: nothing shown is lost', async () => {
  const runs = Number(process.env.KILL_RUNS ?? 1);
  for (let run = 1; run <= runs; run++) {
    const profile = await mkdtemp(join(tmpdir(), 'arbiter-kill-'));
    let { browser, connected, context } = await launchOn(profile);
    try {
      const page = await context.newPage();
      await page.goto(app.url + '#/');
      await createGame(page, { white: 'Kowalski, Jan', black: 'Nowak, Anna' });
      const game = page.url();
      await page.getByRole('link', { name: 'Clock' }).click();
      await page.locator('.clock-screen').waitFor();
      await page.getByRole('button', { name: "Start White's clock" }).click();
      await page.locator('.clock-face[data-side=white].running').waitFor();
      // A run of presses, then the arbiter pauses the clocks and adds time.
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press(i % 2 === 0 ? 'a' : 'l');
        await page.locator(`.clock-face[data-side=${i % 2 === 0 ? 'black' : 'white'}].running`).waitFor();
      }
      await page.getByRole('button', { name: 'Arbiter…' }).click();
      await page.getByRole('button', { name: "Open the arbiter's menu" }).click();
      const menu = page.getByRole('dialog', { name: "Arbiter's menu", exact: true });
      await menu.getByLabel('Time to add').fill('2:00');
      await menu.getByRole('button', { name: 'Add to Black' }).click();
      await menu.getByText("2:00 added to Black's clock.").waitFor();
      await menu.getByRole('button', { name: 'Close' }).click();
      const shown = await shownClock(page);
      // About a second later the whole browser is killed (a flat battery).
      await new Promise((done) => setTimeout(done, 1000));
      process.kill(-browser.pid, 'SIGKILL');
      await new Promise((done) => browser.once('exit', done));
      await connected.close().catch(() => {});

      ({ browser, connected, context } = await launchOn(profile));
      const again = await context.newPage();
      await again.goto(game);
      await again.getByRole('link', { name: 'Clock' }).click();
      await again.locator('.clock-screen.paused').waitFor();
      // The journal's copy is put back once the first screen is painted.
      const until = Date.now() + 10_000;
      while (JSON.stringify(await shownClock(again)) !== JSON.stringify(shown) && Date.now() < until) {
        await again.waitForTimeout(100);
      }
      assert.deepEqual(await shownClock(again), shown, `run ${run} of ${runs}`);
    } finally {
      await connected.close().catch(() => {});
      try { process.kill(-browser.pid, 'SIGKILL'); } catch { /* gone already */ }
      await rm(profile, { recursive: true, force: true });
    }
  }
});
