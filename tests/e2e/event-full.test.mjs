// The chief arbiter's tablet with its storage full: a board read from the
// event's database is shown all the same, held in the page under the
// standing "Storage is full" notice, and saved once there is room.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createGame, fillStorage, freeStorage, useApp } from './harness.mjs';
import { BOARD1, joinEvent, useEvent } from './couch.mjs';

const app = useApp();
const DB = 'full';
const event = useEvent(DB);

test('a board pulled while storage is full is shown, held in the page, and saved once there is room', async () => {
  const couch = event.server();
  const board = await app.open();
  const chief = await app.open();
  for (const { page } of [board, chief]) {
    await joinEvent(page, { app: app.url, couch: couch.url, db: DB, who: BOARD1 });
    await page.getByTestId('sync-status').filter({ hasText: /^Synced$/ }).waitFor();
  }
  await chief.page.goto(app.url + '#/event');
  await fillStorage(chief.page);

  await createGame(board.page, { white: 'Kowalski, Jan', black: 'Nowak, Anna', round: '1', board: '4' });
  const id = decodeURIComponent(board.page.url().split('#/game/')[1]);
  const row = chief.page.locator('.event-boards tr[data-board="4"]');
  await row.getByText('Kowalski, Jan – Nowak, Anna').waitFor();
  const banner = chief.page.locator('.problems', { hasText: 'Storage is full' });
  await banner.waitFor();
  assert.match(await banner.innerText(), /1 game\(s\) go on but are kept only in this page/);
  const stored = () => chief.page.evaluate((key) => localStorage.getItem(key), `arbiter/v1/game/${id}`);
  assert.equal(await stored(), null);

  // Room again: the board's next change is taken, and the game saved.
  await freeStorage(chief.page);
  await board.page.getByRole('link', { name: 'Edit details' }).click();
  await board.page.getByLabel('Round').fill('2');
  await board.page.getByRole('button', { name: 'Save details' }).click();
  await row.getByText('round 2').waitFor();
  await banner.waitFor({ state: 'detached' });
  assert.equal(JSON.parse(await stored()).data.id, id);
  assert.deepEqual(chief.errors, []);
  await board.context.close();
  await chief.context.close();
});
