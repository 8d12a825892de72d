// Adjourning a game as an arbiter does it: the sealer seals his move in
// private, the arbiter seals and verifies the envelope, and at resumption
// opens it with his PIN. The sealed move must not show anywhere (page or
// storage) before the envelope is opened.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createGame, useApp } from './harness.mjs';

const app = useApp();
const SEALED = 'Nc3';

/// Fails if the sealed move can be read on the screen or in storage.
async function assertSecret(page, when) {
  const text = await page.evaluate(() => document.body.innerText);
  assert.ok(!text.includes(SEALED), `the sealed move is on the screen ${when}`);
  const values = await page.evaluate(() => Object.keys(localStorage).map((k) => localStorage.getItem(k)));
  for (const value of values) assert.ok(!value.includes(SEALED), `the sealed move is in storage ${when}`);
}

/// Creates a game, adjourns it and seals SEALED under PIN 2468; returns the fingerprint.
async function adjournAndSeal(page, { white, black }) {
  await createGame(page, { white, black, event: 'Club championship', round: '5', board: '2' });
  await page.getByRole('button', { name: 'Adjourn' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Adjourn' }).click();
  await page.getByRole('heading', { name: `${white} (White): write your sealed move` }).waitFor();

  // He writes one move, then changes his mind and picks another from the list.
  const field = page.getByLabel(/Your sealed move/);
  assert.equal(await field.getAttribute('type'), 'password');
  await field.fill('e4');
  await page.getByRole('button', { name: 'Choose from the legal moves' }).click();
  await page.getByRole('list', { name: 'Legal moves' }).getByRole('button', { name: SEALED, exact: true }).click();
  assert.equal(await field.inputValue(), SEALED);
  await assertSecret(page, 'while sealing');
  await page.getByRole('button', { name: 'Stop my clock: the move is sealed' }).click();

  // A2: the envelope, filled in from the game; the arbiter adds the rest.
  await page.getByRole('heading', { name: 'The envelope (A2)' }).waitFor();
  await page.getByLabel('Date of resumption').fill('2026-11-30');
  await page.getByLabel('Time of resumption').fill('10:00');
  await page.getByLabel('Venue of resumption').fill('Hall B');
  await page.getByLabel("Arbiter's name").fill('Irena Arbiter');
  await page.getByLabel("Arbiter's PIN (at least 4 characters)").fill('2468');
  await page.getByLabel('The same PIN again').fill('2468');
  await page.getByRole('button', { name: 'Seal the envelope' }).click();
  await page.getByRole('heading', { name: 'Verify the envelope (A3)' }).waitFor();
  const fingerprint = (await page.locator('.fingerprint-code').innerText()).trim();
  assert.match(fingerprint, /^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
  await assertSecret(page, 'after sealing');
  return fingerprint;
}

/// A3: ticks every item of the checklist and verifies.
async function verify(page) {
  const button = page.getByRole('button', { name: 'Envelope verified' });
  assert.ok(await button.isDisabled());
  for (const box of await page.locator('.checklist input[type=checkbox]').all()) await box.check();
  await button.click();
  await page.getByText('verified and kept by the arbiter').waitFor();
}

test('adjourn, seal, reload, verify, resume: the sealed move is played and the clocks are right', async () => {
  const { page, errors, context } = await app.open();
  const fingerprint = await adjournAndSeal(page, { white: 'Sealer, Wanda', black: 'Replier, Bruno' });

  // A reload keeps the envelope; the arbiter ticks every item and verifies.
  await page.reload();
  await page.getByRole('heading', { name: 'Verify the envelope (A3)' }).waitFor();
  assert.equal((await page.locator('.fingerprint-code').innerText()).trim(), fingerprint);
  await verify(page);

  // The envelopes screen lists it; the exported file is what `laws envelope open` reads.
  await page.getByRole('link', { name: 'Envelopes', exact: true }).click();
  await page.getByText('verified, in the arbiter\'s keeping').waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export envelope (.json)' }).click(),
  ]);
  const exported = JSON.parse(await readFile(await download.path(), 'utf8'));
  assert.equal(exported.fingerprint, fingerprint);
  assert.equal(exported.envelope.resumption.venue, 'Hall B');
  assert.ok(!JSON.stringify(exported).includes(SEALED));
  await assertSecret(page, 'on the envelopes screen');

  // Resumption: set up (A5), both present (A9a), a wrong PIN is refused.
  await page.getByRole('link', { name: 'Resumption' }).click();
  await page.getByRole('button', { name: 'Board and clocks set up as recorded' }).click();
  await page.getByLabel('Sealer, Wanda (White) is present').check();
  await page.getByLabel('Replier, Bruno (Black) is present').check();
  await page.getByRole('button', { name: 'Resume play' }).click();
  await page.getByLabel("Arbiter's PIN").fill('1357');
  await page.getByRole('button', { name: 'Open the envelope' }).click();
  assert.match(await page.getByRole('alert').innerText(), /Wrong PIN/);
  await assertSecret(page, 'after a wrong PIN');

  await page.getByLabel("Arbiter's PIN").fill('2468');
  await page.getByRole('button', { name: 'Open the envelope' }).click();
  const record = page.getByRole('button', { name: 'Record it on the scoresheet and start the clock' });
  await record.waitFor();
  const rulings = await page.getByRole('region', { name: 'Rulings' }).innerText();
  assert.match(rulings, /Article A9a: Nc3 is played/);
  assert.match(rulings, /Article A3: every item/);
  await record.click();
  await page.getByText('The sealed move is on the scoresheet').waitFor();
  assert.match(await page.locator('.clocks').innerText(), /Time used: White 0:00:00, Black 0:00:0\d\. Black's clock is running\./);
  const stored = await page.evaluate(() => Object.keys(localStorage).map((k) => localStorage.getItem(k)).join('\n'));
  // Stored compactly: a written move is "m<clock ms> <text>".
  assert.match(stored, /"m\d* Nc3"/);
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.screenshot({ path: '/tmp/adjourn-resumed.png', fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a draw agreed before resumption archives the envelope unopened; the printout has the fingerprint', async () => {
  const { page, errors, context } = await app.open();
  const fingerprint = await adjournAndSeal(page, { white: 'Early, Erika', black: 'Agreeing, Adam' });
  await verify(page);
  await page.getByRole('link', { name: 'Resumption' }).click();
  await page.getByText('Before resumption: draw agreed, resignation, session times (A6, A13)').click();
  await page.getByRole('button', { name: 'Draw agreed (A6)' }).click();
  await page.getByText(/Result — Article A6: the game is agreed drawn before resumption; the envelope is archived unopened/).waitFor();
  await page.getByRole('link', { name: 'Envelopes', exact: true }).click();
  await page.getByText('concluded, archived unopened').waitFor();
  await page.getByRole('button', { name: 'Print' }).evaluate((button) => { window.print = () => {}; button.click(); });
  await page.emulateMedia({ media: 'print' });
  const printed = await page.evaluate(() => document.body.innerText);
  assert.ok(printed.includes(fingerprint));
  assert.ok(!printed.includes('Export envelope'));
  assert.ok(!printed.includes('Settings'));
  await page.screenshot({ path: '/tmp/adjourn-print.png', fullPage: true });
  await assertSecret(page, 'after the game ended unopened');
  assert.deepEqual(errors, []);
  await context.close();
});
