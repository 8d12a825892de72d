// Past rounds archived: once a later round is played, a finished game of a
// past round leaves the chief's localStorage for the journal (IndexedDB);
// the round's results, its PGN and the backup still have it, after a reload
// too; a late change to it is taken, and archived with it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { openSettingsGroup, savePin, unlockGate, useApp } from './harness.mjs';
import { BOARD1, CHIEF, joinByCode, joinEvent, journaled, status, stored, until, useEvent } from './couch.mjs';

const app = useApp();
const event = useEvent('archive');
const PIN = '8642';

const synced = (page) => status(page).filter({ hasText: /^Synced$/ }).waitFor({ timeout: 15_000 });
const downloaded = async (page, click) => {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return readFile(await file.path(), 'utf8');
};

test("a past round's finished game is archived on the chief's tablet, its results, PGN and backup keep it, and a late change reaches it", async () => {
  const couch = event.server();
  const chief = await app.open();
  const board = await app.open();
  await savePin(chief.page, PIN);
  await savePin(board.page, PIN);
  await joinEvent(chief.page, { app: app.url, couch: couch.url, db: 'archive', who: CHIEF });
  await synced(chief.page);
  await joinByCode(board.page, chief.page, { app: app.url, who: BOARD1 });
  await synced(board.page);

  // Round 1, one board, published from a list.
  await chief.page.goto(app.url + '#/event');
  await chief.page.reload();
  const publish = async (round, line) => {
    await chief.page.getByLabel('Or paste the file, or a list of boards').fill(`Board;White;Black\n${line}\n`);
    await chief.page.getByLabel('Round (empty: the one to play)').fill(String(round));
    await chief.page.getByLabel('Event (for a list)').fill('Club night');
    await chief.page.getByRole('button', { name: `Publish round ${round}` }).click();
    const pin = chief.page.getByRole('dialog').getByLabel("Arbiter's PIN");
    if (await pin.isVisible()) {
      await pin.fill(PIN);
      await chief.page.getByRole('dialog').getByRole('button', { name: 'Unlock' }).click();
    }
    await chief.page.getByText(`Round ${round} published: each board tablet now sets up its game from it.`).waitFor();
    await synced(chief.page);
  };
  await publish(1, '1;Lee, Min;Brown, Pat');

  // Its game, set up from the round and played to a result on the board's
  // tablet.
  await board.page.getByRole('link', { name: 'New game' }).first().click();
  await board.page.getByLabel("This tablet's board").selectOption({ label: 'Round 1, board 1: Lee, Min – Brown, Pat' });
  await board.page.getByRole('button', { name: 'Use this board' }).click();
  await board.page.getByRole('button', { name: 'Create game' }).click();
  await board.page.getByRole('heading', { name: 'Lee, Min – Brown, Pat' }).waitFor();
  const id = decodeURIComponent(board.page.url().split('#/game/')[1]);
  await board.page.getByRole('link', { name: "Arbiter's rulings" }).click();
  await board.page.getByRole('button', { name: 'White resigns (5.1b)' }).click();
  await board.page.getByRole('button', { name: 'Record the result' }).click();
  await board.page.getByText('Result recorded (Article 5.1b).').waitFor();
  await synced(board.page);
  const results = chief.page.locator('table.round-boards', { hasText: 'Round 1: Club night' }).locator('tbody tr[data-board="1"]');
  await results.filter({ hasText: 'Game over' }).waitFor({ timeout: 15_000 });
  const row = await results.innerText();
  assert.ok(await stored(chief.page, id), 'in play, the game is in localStorage');

  // Round 2 published: round 1 is past, and its game archived.
  await publish(2, '1;Brown, Pat;Lee, Min');
  const note = chief.page.getByText(/^1 game\(s\) of past rounds, over and in the event's database, are archived on this tablet/);
  await note.waitFor({ timeout: 15_000 });
  assert.equal(await stored(chief.page, id), undefined);
  assert.equal(await chief.page.evaluate((key) => localStorage.getItem(key), `arbiter/v1/listing/${id}`), null);
  assert.equal(await chief.page.locator(`.event-boards tr[data-game="${id}"]`).count(), 0);
  assert.equal(await results.innerText(), row, "the round's results read the same from the archive");

  // The round's PGN reads the game back from the journal.
  const pgn = await downloaded(chief.page, () => chief.page.getByRole('button', { name: "Download round 1's games (PGN)" }).click());
  assert.match(pgn, /\[White "Lee, Min"\]/);
  assert.match(pgn, /\[Round "1\.1"\]/);
  assert.match(pgn, /\[Result "0-1"\]/);

  // A reload puts nothing back in play, and the archive is read again.
  await chief.page.reload();
  await note.waitFor();
  await until(async () => (await results.innerText()) === row);
  await chief.page.waitForTimeout(1000);
  assert.equal(await stored(chief.page, id), undefined);

  // The backup carries the archived game.
  // (Settings, after the reload, behind the arbiter's PIN.)
  await chief.page.goto(app.url + '#/settings');
  await unlockGate(chief.page, PIN);
  await openSettingsGroup(chief.page, 'Backup');
  const backup = JSON.parse(await downloaded(chief.page, () => chief.page.getByRole('button', { name: 'Export backup' }).click()));
  assert.ok(JSON.stringify(backup).includes(id), 'the backup has the archived game');

  // A late change to the archived game (the edition of the Laws its
  // rulings follow, corrected on the board's tablet): the chief's tablet
  // reads the game whole from the database, and archives it again with the
  // change.
  const archived = () => journaled(chief.page, `arbiter/v1/game/${id}`);
  const before = (await archived()).log.length;
  await board.page.goto(app.url + `#/game/${encodeURIComponent(id)}/edit`);
  await board.page.getByLabel('Edition of the Laws the rulings follow')
    .selectOption({ label: 'From July 2014 (two minutes to the opponent; the 2nd illegal move loses)' });
  await board.page.getByRole('button', { name: 'Save details' }).click();
  await board.page.getByText('Details saved.').waitFor();
  await synced(board.page);
  await chief.page.goto(app.url + '#/event');
  await until(async () => (await archived()).log.length > before, 15_000);
  await note.waitFor();
  assert.equal(await stored(chief.page, id), undefined, 'archived again');
  assert.equal(await results.innerText(), row);
});
