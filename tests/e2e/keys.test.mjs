// Envelopes sealed to the chief arbiter's public key, across two tablets
// (two browser profiles): the arbiter makes his key and gives its public
// part; the board tablet seals to it; the game travels by the backup; only
// the arbiter's tablet, with his PIN, opens the envelope. And a PIN envelope
// of the first kind is sealed again to the key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createGame, makeKey, openSettingsGroup, sealEnvelope, sealMove, useApp } from './harness.mjs';

const app = useApp();
const SEALED = 'Nc3';
const KEY_PIN = '975310';

/// Everything in the page's storage, as one string.
const storage = (page) => page.evaluate(() => Object.keys(localStorage).map((k) => `${k}=${localStorage.getItem(k)}`).join('\n'));

/// Adjourns a new game at move 1 and has White seal SEALED; the envelope
/// form is then filled in and sealed (with `pin` if it asks for one).
async function adjournAndSeal(page, { white, black, pin }) {
  await page.goto(page.url().replace(/#.*$/, '#/'));
  await createGame(page, { white, black, event: 'Club championship', round: '5', board: '2' });
  await page.getByRole('button', { name: 'Adjourn' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Adjourn' }).click();
  await sealMove(page, SEALED);
  await sealEnvelope(page, pin);
  const button = page.getByRole('button', { name: 'Envelope verified' });
  for (const box of await page.locator('.checklist input[type=checkbox]').all()) await box.check();
  await button.click();
  await page.getByText('verified and kept by the arbiter').waitFor();
}

/// From the envelopes list to the resumption: set up as recorded, both present.
async function resume(page, white, black) {
  await page.getByRole('link', { name: 'Envelopes', exact: true }).click();
  await page.getByRole('link', { name: 'Resumption' }).click();
  await page.getByRole('button', { name: 'Board and clocks set up as recorded' }).click();
  await page.getByLabel(`${white} (White) is present`).check();
  await page.getByLabel(`${black} (Black) is present`).check();
  await page.getByRole('button', { name: 'Resume play' }).click();
}

/// Opens the envelope with this tablet's key; returns the alert, if any.
async function openWithKey(page, pin) {
  await page.getByLabel("PIN of the arbiter's key on this tablet").fill(pin);
  await page.getByRole('button', { name: 'Open the envelope' }).click();
}

test('a board tablet seals to the chief arbiter\'s public key; only his tablet, with his PIN, opens it', async () => {
  const arbiter = await app.open();
  const board = await app.open();
  const { publicKey, fingerprint, ms: makeMs } = await makeKey(arbiter.page, 'Irena Arbiter', KEY_PIN);
  // The tablet keeps the key wrapped: its storage has no private key in the clear.
  const arbiterStorage = await storage(arbiter.page);
  assert.match(arbiterStorage, /arbiter\/v1\/arbiter-key=.*"wrapped_private_key"/);
  assert.match(arbiterStorage, /"algorithm":"argon2id"/);
  assert.ok(!arbiterStorage.includes(KEY_PIN));

  // The board tablet adds him from the pasted public key, the fingerprint read back.
  await board.page.goto(board.page.url().replace(/#.*$/, '#/settings'));
  await openSettingsGroup(board.page, 'Seal envelopes to');
  await board.page.getByLabel("An arbiter's public key (paste it)").fill(publicKey);
  await board.page.getByText(`Read the fingerprint back to Irena Arbiter: ${fingerprint}`).waitFor();
  await board.page.getByRole('button', { name: 'Add this arbiter' }).click();
  await board.page.locator('.recipient-list li', { hasText: fingerprint }).waitFor();

  // It seals: no PIN asked, the envelope names the key it is sealed to.
  await board.page.goto(board.page.url().replace(/#.*$/, '#/'));
  await board.page.getByRole('link', { name: 'New game' }).first().waitFor();
  await adjournAndSeal(board.page, { white: 'Sealer, Wanda', black: 'Replier, Bruno' });
  const boardStorage = await storage(board.page);
  assert.ok(!boardStorage.includes(SEALED), 'the sealed move is in the board tablet\'s storage');
  assert.match(boardStorage, /"hpke"/);
  assert.ok(!/"kdf"/.test(boardStorage), 'a PIN key derivation in the envelope');
  await board.page.getByRole('link', { name: 'Envelopes', exact: true }).click();
  assert.match(await board.page.locator('.sealed-to').innerText(), new RegExp(`Irena Arbiter\\s+${fingerprint}`));
  const [exported] = await Promise.all([
    board.page.waitForEvent('download'),
    board.page.getByRole('button', { name: 'Export envelope (.json)' }).click(),
  ]);
  const envelope = JSON.parse(await readFile(await exported.path(), 'utf8'));
  assert.equal(envelope.kdf, undefined);
  assert.equal(envelope.seal.hpke.recipients[0].key_id, fingerprint);
  assert.ok(!JSON.stringify(envelope).includes(SEALED));

  // The game goes to the arbiter's tablet in the backup.
  await board.page.goto(board.page.url().replace(/#.*$/, '#/settings'));
  await openSettingsGroup(board.page, 'Backup');
  const [backupFile] = await Promise.all([
    board.page.waitForEvent('download'),
    board.page.getByRole('button', { name: 'Export backup' }).click(),
  ]);
  const backup = await readFile(await backupFile.path(), 'utf8');
  assert.ok(backup.includes(envelope.fingerprint));
  assert.ok(!backup.includes(SEALED));
  await arbiter.page.locator('[aria-labelledby=backup-title] input[type=file]')
    .setInputFiles({ name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(backup) });
  await arbiter.page.getByText('Imported: 1 new, 0 updated, 0 already up to date').waitFor();

  // The board tablet cannot open it: no key; with a key of its own, not its key.
  await resume(board.page, 'Sealer, Wanda', 'Replier, Bruno');
  await openWithKey(board.page, KEY_PIN);
  assert.match(await board.page.getByRole('alert').innerText(), /This tablet has no arbiter's key/);
  const resumption = board.page.url();
  await makeKey(board.page, 'Board tablet', '123456');
  assert.ok(!(await storage(board.page)).includes('"protected_by":"passphrase"'));
  await board.page.goto(resumption);
  await openWithKey(board.page, '123456');
  assert.match(await board.page.getByRole('alert').innerText(), new RegExp(`not one the envelope is sealed to \\(${fingerprint}\\)`));
  // A backup never carries a tablet's key.
  await board.page.goto(board.page.url().replace(/#.*$/, '#/settings'));
  await openSettingsGroup(board.page, 'Backup');
  const [second] = await Promise.all([
    board.page.waitForEvent('download'),
    board.page.getByRole('button', { name: 'Export backup' }).click(),
  ]);
  const secondBackup = await readFile(await second.path(), 'utf8');
  assert.ok(!secondBackup.includes('wrapped_private_key'), 'a key in the backup');
  assert.ok(!secondBackup.includes('argon2id'), 'a key in the backup');

  // The arbiter opens it at resumption, with his PIN; a wrong one is counted.
  await resume(arbiter.page, 'Sealer, Wanda', 'Replier, Bruno');
  await openWithKey(arbiter.page, '111111');
  assert.match(await arbiter.page.getByRole('alert').innerText(), /Wrong PIN \(1 in a row\)/);
  const t0 = Date.now();
  await openWithKey(arbiter.page, KEY_PIN);
  const record = arbiter.page.getByRole('button', { name: 'Record it on the scoresheet and start the clock' });
  await record.waitFor();
  const openMs = Date.now() - t0;
  assert.match(await arbiter.page.getByRole('region', { name: 'Rulings' }).innerText(), /Article A9a: Nc3 is played/);
  console.log(`# wasm in Chromium: making the key ${makeMs} ms, opening with the PIN ${openMs} ms (each one Argon2id, 64 MiB, 3 passes, and the page's work)`);
  assert.deepEqual(arbiter.errors, []);
  assert.deepEqual(board.errors, []);
  await arbiter.context.close();
  await board.context.close();
});

test('a PIN envelope is marked weaker, sealed again to the arbiter\'s key, and opens with it', async () => {
  const { page, errors, context } = await app.open();
  await adjournAndSeal(page, { white: 'Old, Olga', black: 'Pin, Piotr', pin: '2468' });
  await page.getByRole('link', { name: 'Envelopes', exact: true }).click();
  const before = (await page.locator('.fingerprint-code').innerText()).trim();
  // With no key on the tablet there is nothing to seal it to yet.
  await page.locator('.reseal-envelope summary', { hasText: 'Seal it again' }).click();
  await page.getByLabel('PIN used at sealing').fill('2468');
  await page.getByRole('button', { name: "Seal it again to the arbiter's key" }).click();
  assert.match(await page.getByRole('alert').innerText(), /Make the arbiter's key/);
  assert.match(await page.locator('.reseal-envelope').innerText(), /weaker/);

  const { fingerprint } = await makeKey(page, 'Irena Arbiter', KEY_PIN);
  await page.getByRole('link', { name: 'Envelopes', exact: true }).click();
  await page.locator('.reseal-envelope summary', { hasText: 'Seal it again' }).click();
  await page.getByLabel('PIN used at sealing').fill('1357');
  await page.getByRole('button', { name: "Seal it again to the arbiter's key" }).click();
  assert.match(await page.getByRole('alert').innerText(), /Wrong PIN/);
  await page.getByLabel('PIN used at sealing').fill('2468');
  await page.getByRole('button', { name: "Seal it again to the arbiter's key" }).click();
  await page.locator('.sealed-to', { hasText: fingerprint }).waitFor();
  const after = (await page.locator('.fingerprint-code').innerText()).trim();
  assert.notEqual(after, before);
  assert.equal(await page.locator('.reseal-envelope').count(), 0);
  assert.ok(!(await storage(page)).includes(SEALED));

  await resume(page, 'Old, Olga', 'Pin, Piotr');
  const rulings = await page.getByRole('region', { name: 'Rulings' }).innerText();
  assert.match(rulings, new RegExp(`Article A3: envelope ${before} sealed again, its outside unchanged; new fingerprint ${after}`));
  await openWithKey(page, KEY_PIN);
  await page.getByRole('button', { name: 'Record it on the scoresheet and start the clock' }).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});
