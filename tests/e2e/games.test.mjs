// Games and storage as an arbiter uses them: create, reload, back up,
// restore, survive a corrupt record, and two tabs at once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createGame, openSettingsGroup, useApp } from './harness.mjs';

const app = useApp();

test('a created game is still there after a reload', async () => {
  const { page, errors, context } = await app.open();
  await createGame(page, { white: 'Kowalski, Jan', black: 'Nowak, Anna', event: 'Club championship', round: '3', board: '12' });
  await page.reload();
  await page.getByRole('heading', { name: 'Kowalski, Jan – Nowak, Anna' }).waitFor();
  await page.getByRole('link', { name: 'Games' }).click();
  const card = page.getByRole('link', { name: /Kowalski, Jan – Nowak, Anna/ });
  assert.match(await card.innerText(), /Club championship, round 3, board 12/);
  // The import's button stands apart from the last card, not against it.
  const cardBottom = (await card.boundingBox()).y + (await card.boundingBox()).height;
  const importTop = (await page.getByRole('button', { name: 'Import PGN', exact: true }).boundingBox()).y;
  assert.ok(importTop - cardBottom >= 12, `Import PGN ${importTop - cardBottom} px under the last card`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a new game follows the latest Laws and FIDE\'s standard control unless the arbiter chooses; the choice shows on its page and its clock', async () => {
  const { page, errors, context } = await app.open();
  await page.getByRole('link', { name: 'New game' }).first().click();
  const edition = page.getByLabel('Edition of the Laws the rulings follow');
  const control = page.getByLabel('Time control');
  assert.match(await edition.locator('option:checked').innerText(), /^From July 2014/);
  assert.match(await control.locator('option:checked').innerText(), /^FIDE standard 90'\/40 \+ 30'/);
  // The source texts' edition is one choice away.
  await edition.selectOption({ label: 'Until July 2009 (with adjournments; no penalty for an illegal move)' });
  await page.getByLabel('White', { exact: true }).fill('Kowalski, Jan');
  await page.getByLabel('Black', { exact: true }).fill('Nowak, Anna');
  await page.getByRole('button', { name: 'Create game' }).click();
  await page.getByRole('heading', { name: 'Kowalski, Jan – Nowak, Anna' }).waitFor();
  await page.getByText('Rulings follow the edition of the source texts').waitFor();
  await page.getByRole('link', { name: 'Clock' }).click();
  assert.equal(await page.locator('.clock-rules').innerText(), '90\'/40 + 30\' + 30" · rulings follow the edition of the source texts');
  // Left as offered: the 2014 and later Laws.
  await page.goto(app.url + '#/');
  await createGame(page, { white: 'Zielinski, Piotr', black: 'Wrobel, Ewa' });
  await page.getByText('Rulings follow the 2014 and later Laws').waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('a game without names is refused with a clear message', async () => {
  const { page, context, errors } = await app.open('#/new');
  await page.getByRole('button', { name: 'Create game' }).click();
  assert.match(await page.getByRole('alert').innerText(), /White's name is missing/);
  await page.getByLabel('White', { exact: true }).fill('A');
  await page.getByLabel('Black', { exact: true }).fill('B');
  await page.getByLabel("White's FIDE ID (optional)").fill('12ab');
  await page.getByRole('button', { name: 'Create game' }).click();
  assert.match(await page.getByRole('alert').innerText(), /not a FIDE ID/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('export, delete, import: the game is back', async () => {
  const { page, context, errors } = await app.open();
  await createGame(page, { white: 'Backup, White', black: 'Backup, Black' });
  await page.getByRole('link', { name: 'Settings' }).click();
  await openSettingsGroup(page, 'Backup');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export backup' }).click(),
  ]);
  const backup = await readFile(await download.path(), 'utf8');
  assert.match(backup, /Backup, White/);

  await page.getByRole('link', { name: 'Games' }).click();
  await page.getByRole('link', { name: /Backup, White – Backup, Black/ }).click();
  await page.getByRole('button', { name: 'Delete game' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await page.getByText('No games yet').waitFor();

  await page.getByRole('link', { name: 'Settings' }).click();
  await page.locator('[aria-labelledby=backup-title] input[type=file]').setInputFiles({ name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(backup) });
  await page.getByText('Imported: 1 new').waitFor();
  await page.getByRole('link', { name: 'Games' }).click();
  await page.getByRole('link', { name: /Backup, White – Backup, Black/ }).waitFor();

  // The same file again changes nothing; a foreign file is refused.
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.locator('[aria-labelledby=backup-title] input[type=file]').setInputFiles({ name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(backup) });
  await page.getByText('1 already up to date').waitFor();
  await page.locator('[aria-labelledby=backup-title] input[type=file]').setInputFiles({ name: 'other.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": "world"}') });
  assert.match(await page.getByRole('alert').innerText(), /not an Arbiter backup/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a corrupt record is reported and the other games still load', async () => {
  const { page, context, errors } = await app.open();
  await createGame(page, { white: 'Intact, One', black: 'Intact, Two' });
  await page.evaluate(() => localStorage.setItem('arbiter/v1/game/damaged', '{"schema":1,"data":'));
  await page.reload();
  await page.getByRole('link', { name: 'Games' }).click();
  const problems = page.getByRole('alert').filter({ hasText: 'could not be read' });
  assert.match(await problems.innerText(), /arbiter\/v1\/game\/damaged/);
  await page.getByRole('link', { name: /Intact, One – Intact, Two/ }).waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('arbiter/v1/game/damaged')), '{"schema":1,"data":');
  assert.deepEqual(errors, []);
  await context.close();
});

test('two tabs see each other\'s new games', async () => {
  const { page, context, errors } = await app.open();
  const other = await context.newPage();
  await other.goto(app.url + '#/');
  await other.getByText('No games yet').waitFor();
  await createGame(page, { white: 'First, Tab', black: 'Second, Tab' });
  await other.getByRole('link', { name: /First, Tab – Second, Tab/ }).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('two tabs pressing one clock at once: the stale tab is refused, told why, and shows the newer copy', async () => {
  const { page, context, errors } = await app.open();
  await createGame(page, { white: 'Tab, Alpha', black: 'Tab, Beta' });
  const clock = page.url().replace(/#.*$/, '') + (await page.evaluate(() => location.hash)) + '/clock';
  const stale = await context.newPage();
  // This tab misses the other's writes, as when both write at the same moment.
  await stale.addInitScript(() => window.addEventListener('storage', (e) => e.stopImmediatePropagation(), true));
  await stale.goto(clock);
  // The stale tab must have read the game before the other writes: its
  // module can come after the page's load event, and then it would read the
  // newer copy and have nothing stale to press.
  const staleStart = stale.getByRole('button', { name: "Start White's clock" });
  await staleStart.waitFor();
  await page.goto(clock);
  await page.getByRole('button', { name: "Start White's clock" }).click();
  await page.locator('.clock-face.running').waitFor();
  const stored = await page.evaluate(() => Object.keys(localStorage).map((k) => localStorage.getItem(k)).join('\n'));

  // The stale tab still offers to start the clock; its write is refused.
  await staleStart.click();
  assert.match(await stale.getByRole('alert').first().innerText(), /changed in another tab; reload to see the newer copy/);
  // Nothing of the other tab's was overwritten, and the stale tab now shows it.
  const after = await page.evaluate(() => Object.keys(localStorage).map((k) => localStorage.getItem(k)).join('\n'));
  assert.equal(after, stored);
  await stale.locator('.clock-face.running').waitFor();
  await stale.getByRole('button', { name: 'Pause' }).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('an unknown address shows the not-found page', async () => {
  const { page, context, errors } = await app.open('#/no/such/screen');
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a phone the game form fits the screen: no field runs off its right edge', async () => {
  const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(app.url + '#/new');
  await page.getByText('Adjourned games (Appendix A)').click();
  await page.getByLabel(/more than this many minutes late/).waitFor();
  // A wider box widens the page itself (and window.innerWidth with it):
  // measure against the phone's own 390 px.
  const overflowing = await page.evaluate(() =>
    [...document.querySelectorAll('.game-form fieldset, .game-form input, .game-form select')]
      .filter((element) => element.getBoundingClientRect().right > 390.5)
      .map((element) => element.name || element.querySelector('legend')?.textContent));
  assert.deepEqual(overflowing, []);
  assert.ok(await page.evaluate(() => document.scrollingElement.scrollWidth <= 390), 'the page scrolls sideways');
  await context.close();
});
