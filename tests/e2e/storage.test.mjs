// Storage faults in a real browser: storage running out in the middle of a
// game. Nothing half-written, a clear message, the game goes on in memory,
// and it is saved once space is freed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createGame, useApp } from './harness.mjs';

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
  const filled = await page.evaluate(() => {
    const chunk = 'x'.repeat(64 * 1024);
    let n = 0;
    try { for (;;) { localStorage.setItem(`filler-${n}`, chunk); n += 1; } } catch { /* full */ }
    for (let size = 32 * 1024; size >= 1; size = Math.floor(size / 2)) {
      try { for (;;) { localStorage.setItem(`filler-${n}`, 'x'.repeat(size)); n += 1; } } catch { /* full */ }
    }
    return n;
  });
  assert.ok(filled > 10, `${filled} fillers`);

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
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('filler-')) localStorage.removeItem(key);
  });
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
