// Adjourning a game as an arbiter does it: the sealer seals his move in
// private, the arbiter seals and verifies the envelope, and at resumption
// opens it with his PIN. The sealed move must not show anywhere (page or
// storage) before the envelope is opened.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createGame, savePin, sealEnvelope, sealMove, typeMoves, useApp } from './harness.mjs';

const app = useApp();
const SEALED = 'Nc3';

/// Fails if the sealed move can be read on the screen or in storage.
async function assertSecret(page, when) {
  const text = await page.evaluate(() => document.body.innerText);
  assert.ok(!text.includes(SEALED), `the sealed move is on the screen ${when}`);
  const values = await page.evaluate(() => Object.keys(localStorage).map((k) => localStorage.getItem(k)));
  for (const value of values) assert.ok(!value.includes(SEALED), `the sealed move is in storage ${when}`);
}

/// Creates a game (or `create`s one), adjourns it and seals `sealed` (SEALED,
/// written after a change of mind, unless given) under PIN 2468; `sessionEnd`
/// is the session's nominal end typed in the adjourn dialog (A1b).
/// Returns the fingerprint.
async function adjournAndSeal(page, { white, black, sealed, lang, sessionEnd, create }) {
  if (create) await create();
  else await createGame(page, { white, black, event: 'Club championship', round: '5', board: '2' });
  await page.getByRole('button', { name: 'Adjourn' }).click();
  const dialog = page.getByRole('alertdialog');
  if (sessionEnd) await dialog.getByLabel(/Nominal end of the session/).fill(sessionEnd);
  await dialog.getByRole('button', { name: 'Adjourn' }).click();
  await page.getByRole('heading', { name: /: write your sealed move$/ }).waitFor();

  // The sealer's private screen: what he types is in plain view.
  const field = page.getByLabel(/Your sealed move/);
  assert.equal(await field.getAttribute('type'), 'text');
  if (lang) await page.getByLabel('You write in (piece initials)').selectOption(lang);
  if (sealed) {
    await field.fill(sealed);
  } else {
    // He writes one move, then changes his mind and writes another; no list
    // of legal moves is offered (it would tell him which are legal).
    await field.fill('e4');
    assert.equal(await page.getByRole('list', { name: 'Legal moves' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: /legal moves/ }).count(), 0);
    await field.fill(SEALED);
    await assertSecret(page, 'while sealing');
  }
  await sealMove(page);

  // A2: the envelope, filled in from the game; the arbiter adds the rest.
  await sealEnvelope(page, '2468');
  const fingerprint = (await page.locator('.fingerprint-code').first().innerText()).trim();
  assert.match(fingerprint, /^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
  if (!sealed) await assertSecret(page, 'after sealing');
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

// The scenarios below run on Playwright's clock, standing still at T0 and
// moved on only by the test, so every time on the screen is exact.
const T0 = Date.parse('2026-11-30T09:00:00Z');
const MINUTE = 60_000;

/// A fresh profile whose time is Playwright's, paused at T0.
async function openAtT0() {
  const context = await app.browser.newContext({ acceptDownloads: true, viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e));
  await page.clock.install({ time: T0 - MINUTE });
  await page.goto(app.url + '#/');
  await page.locator('main#main').waitFor();
  await page.clock.pauseAt(T0);
  return { context, page, errors };
}

/// `ms` as a datetime-local field takes it, in the page's time zone.
const localInput = (page, ms) => page.evaluate((t) => {
  const d = new Date(t);
  const two = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}, ms);

/// The screen at `hash` relative to the current game (`''` is the game's page).
async function goToGame(page, suffix) {
  await page.evaluate((s) => { location.hash = location.hash.replace(/^(#\/game\/[^/]+).*$/, `$1${s}`); }, suffix);
}

const rulings = (page) => page.getByRole('region', { name: 'Rulings' });
/// Waits for a ruling whose text matches `pattern`.
const ruling = (page, pattern) => rulings(page).locator('li', { hasText: pattern }).first().waitFor();

/// Opens the resumption wizard; sets up as recorded (A5) and resumes with `present` at the board (A9).
async function resume(page, present) {
  await goToGame(page, '/resume');
  await page.getByRole('button', { name: 'Board and clocks set up as recorded' }).click();
  for (const name of present) await page.getByLabel(`${name} is present`).check();
  await page.getByRole('button', { name: 'Resume play' }).click();
}

/// A7: opens the envelope on screen with the PIN and records the move opened.
async function openAndRecord(page) {
  await page.getByLabel("Arbiter's PIN", { exact: true }).fill('2468');
  await page.getByRole('button', { name: 'Open the envelope' }).click();
  await page.getByRole('button', { name: 'Record it on the scoresheet and start the clock' }).click();
  await page.getByText('The sealed move is on the scoresheet').waitFor();
}

test('A1a: a page left after the sealer stopped his clock asks first; reloaded, the arbiter is told the move was sealed then', async () => {
  const { page, errors, context } = await app.open();
  await createGame(page, { white: 'Hasty, Hugo', black: 'Calm, Clara' });
  await page.getByRole('link', { name: 'Clock' }).click();
  await page.getByRole('button', { name: "Start White's clock" }).click();
  await page.getByRole('link', { name: 'Back to the game' }).click();
  await page.getByRole('button', { name: 'Adjourn' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Adjourn' }).click();
  await sealMove(page, 'e4');
  await page.getByRole('heading', { name: 'The envelope (A2)' }).waitFor();
  // The browser asks before the written, unsealed move is lost.
  const asked = [];
  page.on('dialog', (dialog) => { asked.push(dialog.type()); dialog.accept(); });
  await page.reload();
  assert.deepEqual(asked, ['beforeunload']);
  await page.getByText(/Hasty, Hugo \(White\) stopped his clock at .*, but the page was left before the envelope was sealed/).waitFor();
  // He writes the same move again; the clock is not touched again.
  const stored = await page.evaluate(() => Object.keys(localStorage).map((k) => localStorage.getItem(k)).join('\n'));
  await sealMove(page, 'e4');
  await page.getByRole('heading', { name: 'The envelope (A2)' }).waitFor();
  assert.equal(await page.evaluate(() => Object.keys(localStorage).map((k) => localStorage.getItem(k)).join('\n')), stored);
  assert.deepEqual(errors, []);
  await context.close();
});

test('A1a: the sealer writes in his own notation; the move goes on the scoresheet in the game\'s', async () => {
  const { page, errors, context } = await app.open();
  // Polish: S is the knight; the game's scoresheet is in English.
  await adjournAndSeal(page, { white: 'Polak, Piotr', black: 'English, Emma', sealed: 'Sc3', lang: 'pl' });
  await verify(page);
  await resume(page, ['Polak, Piotr (White)', 'English, Emma (Black)']);
  await openAndRecord(page);
  await ruling(page, /Article A9a: Nc3 is played/);
  await goToGame(page, '/scoresheet');
  assert.match(await page.locator('.scoresheet').innerText(), /Nc3/);
  assert.doesNotMatch(await page.locator('.scoresheet').innerText(), /Sc3/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('A1b: adjourned before the session\'s end, the sealer\'s time is charged up to it, on the envelope and the clock', async () => {
  const { page, errors, context } = await openAtT0();
  const sessionEnd = await localInput(page, T0 + 33 * MINUTE);
  await adjournAndSeal(page, {
    sealed: 'Nf3',
    sessionEnd,
    create: async () => {
      await createGame(page, { white: 'Early, Edna', black: 'Waiting, Walt' });
      await page.getByRole('link', { name: 'Clock' }).click();
      await page.getByRole('button', { name: "Start White's clock" }).click();
      await page.clock.fastForward(3 * MINUTE);
      await goToGame(page, '');
    },
  });
  // White used 3 minutes and adjourned 30 before the end: 33 are charged.
  assert.match(await page.locator('.checklist').innerText(), /White 0:33:00, Black 0:00:00/);
  await verify(page);
  await goToGame(page, '/resume');
  assert.match(await rulings(page).innerText(), /Article A1b: White sealed move 1; fingerprint [0-9A-F-]+; sealed before the session's end, so charged up to its nominal end/);
  await goToGame(page, '/clock');
  // 1:30:30 at the start (90 minutes and the first increment), less 33 minutes.
  assert.equal(await page.locator('.clock-face[data-side=white] .face-time').innerText(), '57:30');
  assert.deepEqual(errors, []);
  await context.close();
});

test('A4: a draw offered after sealing stands until answered; accepted, it concludes the game and the envelope is archived unopened', async () => {
  const { page, errors, context } = await app.open();
  await adjournAndSeal(page, { white: 'Sealer, Sara', black: 'Offering, Otto' });
  await verify(page);
  await page.getByRole('link', { name: 'Resumption' }).click();
  await page.getByRole('button', { name: 'Offering, Otto (Black) offers a draw' }).click();
  await page.getByText('Offering, Otto (Black) offers a draw: it stands until Sealer, Sara (White) accepts or rejects it.').waitFor();
  // A reload keeps it: it is in the game's log.
  await page.reload();
  await page.getByRole('button', { name: 'Sealer, Sara (White) rejects the draw' }).click();
  await page.getByRole('button', { name: 'Offering, Otto (Black) offers a draw' }).click();
  await page.getByRole('button', { name: 'Sealer, Sara (White) accepts the draw' }).click();
  await page.getByText(/Result — Article A4: White accepts the draw offer; the envelope is archived unopened/).waitFor();
  // The game is over: its clock stays stopped.
  await goToGame(page, '/clock');
  await page.getByText('Game over: the game is drawn (Article A4).').waitFor();
  // Nothing to start: the clock offers no start or resume.
  assert.equal(await page.locator('.clock-main').count(), 0);
  await goToGame(page, '/resume');
  const text = await rulings(page).innerText();
  assert.match(text, /Article A4: Black offers a draw; it is valid until White accepts or rejects it/);
  assert.match(text, /Article A4: White rejects the draw offer/);
  await page.getByRole('link', { name: 'Envelopes', exact: true }).click();
  await page.getByText('concluded, archived unopened').waitFor();
  await assertSecret(page, 'after the draw');
  assert.deepEqual(errors, []);
  await context.close();
});

test('A9b: the replier is absent, his clock runs; on arrival it stops, the envelope is opened and his clock restarts', async () => {
  const { page, errors, context } = await openAtT0();
  await adjournAndSeal(page, { white: 'Sealer, Wanda', black: 'Latecomer, Leo' });
  await verify(page);
  await resume(page, ['Sealer, Wanda (White)']);
  await ruling(page, /Article A9b: Black, who must reply, is absent: his clock is started/);
  assert.equal(await page.getByRole('button', { name: 'Open the envelope' }).count(), 0);
  await page.clock.fastForward(10 * MINUTE);
  await page.getByRole('button', { name: 'Latecomer, Leo (Black) arrives now' }).click();
  await ruling(page, /Article A9b: Black arrives, stops his clock and summons the arbiter/);
  await page.clock.fastForward(MINUTE);
  await openAndRecord(page);
  assert.match(await rulings(page).innerText(), /Article A9b: Nc3 is played; Black's clock runs/);
  // His ten minutes are on his clock; the minute with the arbiter is not.
  assert.equal(await page.locator('.clocks').innerText(), "Time used: White 0:00:00, Black 0:10:00. Black's clock is running.");
  assert.deepEqual(errors, []);
  await context.close();
});

test('A9c: the sealer is absent; the replier seals his reply in a fresh envelope, the clocks switch, and it is opened on the sealer\'s arrival', async () => {
  const { page, errors, context } = await openAtT0();
  const first = await adjournAndSeal(page, { white: 'Absent, Albert', black: 'Present, Paula' });
  await verify(page);
  await resume(page, ['Present, Paula (Black)']);
  await ruling(page, /Article A9a: Black, who must reply, is present/);
  await openAndRecord(page);
  await page.clock.fastForward(2 * MINUTE);
  await page.getByText('The sealer is absent: the reply is sealed in a fresh envelope (A9c)').click();
  await page.getByRole('heading', { name: 'Present, Paula (Black): write your sealed move' }).waitFor();
  await sealMove(page, 'd5');
  await page.getByLabel("Arbiter's PIN for the reply (at least 4 characters)").fill('2468');
  await page.getByLabel('The same PIN again').fill('2468');
  await page.getByRole('button', { name: 'Seal the reply' }).click();
  await ruling(page, /Article A9c: White is absent: Black seals his reply in a fresh envelope \([0-9A-F-]+\), stops his clock and starts White's/);
  assert.equal(await page.locator('.clocks').innerText(), "Time used: White 0:00:00, Black 0:02:00. White's clock is running.");
  // Both envelopes are in the arbiter's keeping.
  await page.getByRole('link', { name: 'Envelopes', exact: true }).click();
  await page.locator('.envelope-status').nth(1).waitFor();
  assert.deepEqual(await page.locator('.envelope-status').allInnerTexts(), ['Status: opened', "Status: reply sealed (A9c), in the arbiter's keeping"]);
  await page.getByRole('link', { name: 'Resumption' }).first().click();

  await page.clock.fastForward(5 * MINUTE);
  await page.getByRole('button', { name: 'Absent, Albert (White) arrives now' }).click();
  const reply = (await page.locator('.fingerprint-code').nth(1).innerText()).trim();
  assert.notEqual(reply, first);
  await openAndRecord(page);
  assert.match(await rulings(page).innerText(), /Article A9c: d5 is played/);
  assert.equal(await page.locator('.clocks').innerText(), "Time used: White 0:05:00, Black 0:02:00. White's clock is running.");
  assert.deepEqual(errors, []);
  await context.close();
});

test("A10 under a competition's 30-minute limit, set on the game form: 31 minutes late loses", async () => {
  const { page, errors, context } = await openAtT0();
  await adjournAndSeal(page, {
    create: async () => {
      await page.getByRole('link', { name: 'New game' }).first().click();
      await page.getByLabel('White', { exact: true }).fill('Prompt, Petra');
      await page.getByLabel('Black', { exact: true }).fill('Sleepy, Sam');
      await page.getByText('Adjourned games (Appendix A)').click();
      await page.getByLabel(/more than this many minutes late/).fill('30');
      await page.getByLabel(/flag-fall article/).selectOption('6.9');
      await page.getByRole('button', { name: 'Create game' }).click();
      await page.getByRole('heading', { name: 'Prompt, Petra – Sleepy, Sam' }).waitFor();
    },
  });
  await verify(page);
  await resume(page, ['Prompt, Petra (White)']);
  // Under the Laws' hour he would not be late yet; the competition says 30 minutes.
  await page.clock.fastForward(31 * MINUTE);
  await page.getByRole('button', { name: 'Black is more than the limit late (A10)' }).click();
  await page.getByText(/Result — Article A10: Black is more than 0:30:00 late: White wins/).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('A10: a player more than an hour late loses; a late sealer whose sealed move mates has won', async () => {
  const { page, errors, context } = await openAtT0();
  await adjournAndSeal(page, { white: 'Prompt, Petra', black: 'Sleepy, Sam' });
  await verify(page);
  await resume(page, ['Prompt, Petra (White)']);
  await page.clock.fastForward(61 * MINUTE);
  await page.getByRole('button', { name: 'Black is more than the limit late (A10)' }).click();
  await page.getByText(/Result — Article A10: Black is more than 1:00:00 late: White wins/).waitFor();

  // Black sealed mate (Fool's mate) and comes more than an hour late: he has won (A10a).
  await goToGame(page, '');
  await page.getByRole('link', { name: 'Arbiter', exact: true }).click();
  await adjournAndSeal(page, {
    sealed: 'Qh4',
    // Played here, not imported: an imported game is the players' view, with no adjournment.
    create: async () => {
      await savePin(page, '2468');
      await createGame(page, { white: 'Fool, Felix', black: 'Mate, Mira' });
      await page.getByRole('link', { name: 'Scoresheet', exact: true }).click();
      await page.getByRole('button', { name: 'Recording mode (hand to the player)' }).click();
      await typeMoves(page, ['f3', 'e5', 'g4']);
      await page.getByRole('button', { name: 'Leave recording mode (arbiter)' }).click();
      await page.getByLabel("Arbiter's PIN").fill('2468');
      await page.getByRole('button', { name: 'Unlock' }).click();
      await page.getByText('Arbiter check', { exact: true }).waitFor();
      await goToGame(page, '');
      await page.getByRole('heading', { name: 'Fool, Felix – Mate, Mira' }).waitFor();
    },
  });
  await verify(page);
  await resume(page, ['Fool, Felix (White)']);
  await page.getByLabel("Arbiter's PIN", { exact: true }).fill('2468');
  await page.getByRole('button', { name: 'Open the envelope' }).click();
  await page.getByText(/Result — Article 5.1a/).waitFor();
  await page.clock.fastForward(61 * MINUTE);
  await page.getByRole('button', { name: 'Mate, Mira (Black) arrives now' }).click();
  await ruling(page, /Article A10 \(exception A10a\): Black is more than 1:00:00 late, but the game was decided otherwise/);

  // The mate goes on the scoresheet, no clock starts, and nothing more is played.
  await page.getByRole('button', { name: 'Record it on the scoresheet', exact: true }).click();
  await page.getByText('The sealed move is on the scoresheet. The game is over.').waitFor();
  await goToGame(page, '');
  await page.getByText('Game over: Black wins (Article A10).').waitFor();
  assert.equal(await page.getByRole('button', { name: 'Adjourn' }).count(), 0);
  await goToGame(page, '/scoresheet');
  await page.getByText('Game over: Black wins (Article A10).').waitFor();
  assert.match(await page.locator('.scoresheet').innerText(), /Qh4/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('A11: with the envelope missing, play continues with the times the arbiter sets and the move the sealer states; or the game is annulled', async () => {
  const { page, errors, context } = await app.open();
  await adjournAndSeal(page, { white: 'Forgetful, Fred', black: 'Patient, Pia' });
  await verify(page);
  await resume(page, ['Forgetful, Fred (White)', 'Patient, Pia (Black)']);
  await page.getByText('The envelope is missing (A11)').click();
  await page.getByLabel("White's time used, set by the arbiter (h:mm:ss)").fill('0:10:00');
  await page.getByLabel("Black's time used, set by the arbiter (h:mm:ss)").fill('0:20:00');
  await page.getByRole('button', { name: 'Position re-established: play continues (A11a)' }).click();
  await ruling(page, /Article A11a: the envelope is missing: play continues from the adjourned position with .* \(set by the arbiter\); White states the move he sealed/);
  await page.getByLabel('Move Forgetful, Fred (White) states he sealed').fill(SEALED);
  await page.getByRole('button', { name: 'Make the stated move' }).click();
  await page.getByRole('button', { name: 'Record it on the scoresheet and start the clock' }).click();
  await page.getByText('The sealed move is on the scoresheet').waitFor();
  assert.match(await page.locator('.clocks').innerText(), /^Time used: White 0:10:00, Black 0:20:0\d\. Black's clock is running\.$/);

  await page.getByRole('link', { name: 'Arbiter', exact: true }).click();
  await adjournAndSeal(page, { white: 'Unlucky, Uma', black: 'Unlucky, Ugo', sealed: 'e4' });
  await verify(page);
  await goToGame(page, '/resume');
  await page.getByText('The envelope is missing (A11)').click();
  await page.getByRole('button', { name: 'Position cannot be re-established: annul (A11b)' }).click();
  await page.getByText(/Result — Article A11b: the envelope is missing and the position cannot be re-established: the game is annulled/).waitFor();
  await page.getByRole('link', { name: 'Envelopes', exact: true }).click();
  await page.getByText('annulled', { exact: true }).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('A11a: found missing before play resumes, the absent sealer has the move: his clock runs until he comes and states it', async () => {
  const { page, errors, context } = await openAtT0();
  await adjournAndSeal(page, { white: 'Absent, Abel', black: 'Waiting, Wilma' });
  await verify(page);
  await goToGame(page, '/resume');
  await page.getByText('The envelope is missing (A11)').click();
  await page.getByRole('button', { name: 'Position re-established: play continues (A11a)' }).click();
  await ruling(page, /Article A11a: the envelope is missing: play continues from the adjourned position/);
  // Play resumes with only the replier at the board.
  await page.getByLabel('Waiting, Wilma (Black) is present').check();
  await page.getByRole('button', { name: 'Resume play' }).click();
  await ruling(page, /Article A11a: play resumes with the envelope missing: White, who has the move, is absent: his clock is started/);
  await page.clock.fastForward(20 * MINUTE);
  await page.getByRole('button', { name: 'Absent, Abel (White) arrives now' }).click();
  await page.getByLabel('Move Absent, Abel (White) states he sealed').fill(SEALED);
  await page.getByRole('button', { name: 'Make the stated move' }).click();
  await page.getByRole('button', { name: 'Record it on the scoresheet and start the clock' }).click();
  await page.getByText('The sealed move is on the scoresheet').waitFor();
  assert.match(await page.locator('.clocks').innerText(), /^Time used: White 0:20:00, Black 0:00:00\. Black's clock is running\.$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('A12: a clock error pointed out before the first move is corrected, and the clock shows the corrected times', async () => {
  const { page, errors, context } = await app.open();
  await adjournAndSeal(page, { white: 'Careful, Carl', black: 'Watchful, Wendy' });
  await verify(page);
  await resume(page, ['Careful, Carl (White)', 'Watchful, Wendy (Black)']);
  await page.getByText('A player points out a clock error (A12)').click();
  await page.getByLabel('Pointed out by').selectOption('black');
  await page.getByLabel("White's time used, correct (h:mm:ss)").fill('0:15:00');
  await page.getByLabel("Black's time used, correct (h:mm:ss)").fill('0:05:00');
  await page.getByRole('button', { name: 'Error established: correct the clocks' }).click();
  await ruling(page, /Article A12: the error Black pointed out is established: clocks corrected/);
  await goToGame(page, '/clock');
  // 1:30:30 at the start, less the corrected times used.
  await page.locator('.clock-face[data-side=white] .face-time').getByText('1:15:30').waitFor();
  assert.equal(await page.locator('.clock-face[data-side=black] .face-time').innerText(), '1:25:30');
  assert.deepEqual(errors, []);
  await context.close();
});

test('A13: a session announced in advance; at its finish the resumed game is adjourned again, with a second envelope', async () => {
  const { page, errors, context } = await openAtT0();
  await adjournAndSeal(page, { white: 'Long, Lara', black: 'Game, Gus' });
  await verify(page);
  await goToGame(page, '/resume');
  await page.getByText('Before resumption: draw agreed, resignation, session times (A6, A13)').click();
  await page.getByLabel('Session starts').fill(await localInput(page, T0 + 60 * MINUTE));
  await page.getByLabel('Session finishes').fill(await localInput(page, T0 + 120 * MINUTE));
  await page.getByRole('button', { name: 'Announce the session (A13)' }).click();
  await ruling(page, /Article A13: resumption session from .* to .*, timed by the arbiter's timepiece/);
  await page.clock.fastForward(60 * MINUTE);
  await resume(page, ['Long, Lara (White)', 'Game, Gus (Black)']);
  await openAndRecord(page);

  // The finish by the arbiter's timepiece: Black, having the move, seals.
  await page.clock.fastForward(61 * MINUTE);
  await goToGame(page, '');
  await adjournAndSeal(page, { sealed: 'd5', create: async () => {} });
  const outside = await page.locator('.checklist').innerText();
  assert.match(outside, /1\. Nc3|Nc3/);
  await verify(page);
  assert.match(await page.locator('.envelope-outside').innerText(), /Sealed by\s+Game, Gus \(Black\)[\s\S]*Sealed move number\s+1/);
  await page.getByRole('link', { name: 'Envelopes', exact: true }).click();
  // The screen's module may come after the click returns: wait for both.
  await page.locator('.envelope-status').nth(1).waitFor();
  const statuses = await page.locator('.envelope-status').allInnerTexts();
  assert.deepEqual(statuses.map((s) => s.replace('Status: ', '')), ['opened', "verified, in the arbiter's keeping"]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('A3: an envelope that does not match the game is corrected from it under the PIN, re-sealed with a new fingerprint, then verified', async () => {
  const { page, errors, context } = await app.open();
  const first = await adjournAndSeal(page, { white: 'Typo, Tom', black: 'Right, Rita' });
  // The arbiter finds White's name misspelt in the game and corrects it there.
  await goToGame(page, '/edit');
  await page.getByLabel('White', { exact: true }).fill('Typo, Thomas');
  await page.getByRole('button', { name: 'Save details' }).click();
  await page.getByText('Details saved.').waitFor();
  await goToGame(page, '/adjourn');
  await page.getByText('Does not match the game.').first().waitFor();
  assert.ok(await page.getByRole('button', { name: 'Envelope verified' }).isDisabled());
  await page.getByLabel("Arbiter's PIN used at sealing").fill('1357');
  await page.getByRole('button', { name: 'Correct the envelope' }).click();
  assert.match(await page.locator('.amend-envelope [role=alert]').innerText(), /The envelope cannot be corrected: .*PIN/i);
  await page.getByLabel("Arbiter's PIN used at sealing").fill('2468');
  await page.getByRole('button', { name: 'Correct the envelope' }).click();
  await page.getByText('Envelope corrected from the game (A3)').waitFor();
  assert.equal(await page.getByText('Does not match the game.').count(), 0);
  const second = (await page.locator('.fingerprint-code').innerText()).trim();
  assert.notEqual(second, first);
  await verify(page);
  await goToGame(page, '/resume');
  assert.match(await rulings(page).innerText(), new RegExp(`Article A3: envelope amended; new fingerprint ${second}`));
  await assertSecret(page, 'after the correction');
  assert.deepEqual(errors, []);
  await context.close();
});

test('A10c: the player present loses on time (6.10) while the sealer is late; the sealer arriving more than an hour late keeps the win', async () => {
  const { page, errors, context } = await openAtT0();
  await adjournAndSeal(page, {
    create: async () => {
      await page.getByRole('link', { name: 'New game' }).first().click();
      await page.getByLabel('Time control').selectOption('1500+10');
      await createGame(page, { white: 'Tardy, Tina', black: 'Flagging, Fritz' });
    },
  });
  await verify(page);
  await resume(page, ['Flagging, Fritz (Black)']);
  await openAndRecord(page);
  // Black does not move: 25 minutes and the first increment run out.
  await page.getByRole('button', { name: "Black's flag has fallen" }).click();
  await page.getByText(/Black's flag has not fallen/).waitFor();
  await page.clock.fastForward(26 * MINUTE);
  await page.getByRole('button', { name: "Black's flag has fallen" }).click();
  await page.getByText(/Result — Article 6.10: Black's flag fell: White wins/).waitFor();
  await page.clock.fastForward(35 * MINUTE);
  await page.getByRole('button', { name: 'Tardy, Tina (White) arrives now' }).click();
  await ruling(page, /Article A10 \(exception A10c\): White is more than 1:00:00 late, but the game was decided otherwise: Black's flag fell: White wins/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('A1a, A5, A11: the sealed move read back in plain view before sealing; diagrams at resumption, for a missing envelope and on the printed envelope (1180x820)', async () => {
  const { page, errors, context } = await app.open();
  await page.setViewportSize({ width: 1180, height: 820 });
  await createGame(page, { white: 'Reader, Rosa', black: 'Waiter, Walt' });
  await page.getByRole('button', { name: 'Adjourn' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Adjourn' }).click();
  const field = page.getByLabel(/Your sealed move/);
  await field.fill('Nc4');
  await page.getByRole('button', { name: 'Read my move back before sealing' }).click();
  // The text alone, as written, and nothing about whether it is legal.
  const readBack = page.getByRole('region', { name: 'Is this exactly what you wrote?' });
  assert.equal(await readBack.locator('.sealed-text').innerText(), 'Nc4');
  assert.doesNotMatch(await readBack.innerText(), /illegal|Nc3/);
  await page.screenshot({ path: 'tests/e2e/output/seal-read-back-1180x820.png' });
  const change = await readBack.getByRole('button', { name: 'Change it' }).boundingBox();
  const stop = await readBack.getByRole('button', { name: 'Stop my clock: the move is sealed' }).boundingBox();
  assert.ok(stop.x - (change.x + change.width) >= 24 || stop.y - (change.y + change.height) >= 24, 'the two buttons stand apart');
  // He sees his typo and changes it: nothing was sealed, the clock was not stopped.
  await readBack.getByRole('button', { name: 'Change it' }).click();
  assert.equal(await field.inputValue(), 'Nc4');
  await sealMove(page, 'Nc3');
  await sealEnvelope(page, '2468');
  await verify(page);

  // The printed envelope: the diagram, the signature lines.
  await page.getByRole('link', { name: 'Envelopes', exact: true }).click();
  await page.getByRole('button', { name: 'Print' }).evaluate((button) => { window.print = () => {}; button.click(); });
  await page.emulateMedia({ media: 'print' });
  const printed = await page.locator('.envelope.to-print').innerText();
  assert.match(printed, /White to move \(move 1\)/);
  assert.match(printed, /White's signature[\s\S]*Black's signature[\s\S]*Arbiter's signature/);
  assert.equal(await page.locator('.envelope.to-print .diagram-square').count(), 64);
  await page.screenshot({ path: 'tests/e2e/output/envelope-print-1180x820.png', fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // A5: the position to set up as a diagram; time used and time left named apart.
  await page.getByRole('link', { name: 'Resumption' }).first().click();
  const setUp = page.locator('.set-up');
  await setUp.getByRole('img', { name: /Diagram: White to move \(move 1\)/ }).waitFor();
  assert.equal(await setUp.locator('.diagram-square').count(), 64);
  const details = await setUp.locator('.details').innerText();
  assert.match(details, /White's time used\s+0:00:00/);
  assert.match(details, /White's clock then shows left\s+1:30:30/);
  await setUp.evaluate((el) => el.scrollIntoView());
  await page.screenshot({ path: 'tests/e2e/output/resumption-set-up-1180x820.png' });
  // A11: the adjourned position as a diagram too.
  await page.getByText('The envelope is missing (A11)').click();
  await page.locator('.envelope-missing').getByRole('img', { name: /Diagram: White to move/ }).waitFor();
  await page.locator('.envelope-missing').evaluate((el) => el.scrollIntoView());
  await page.screenshot({ path: 'tests/e2e/output/envelope-missing-1180x820.png' });
  await page.getByRole('button', { name: 'Board and clocks set up as recorded' }).click();
  await ruling(page, /Article A5: the position before the sealed move is set up; the clocks are set to the time used on the envelope \(White 0:00:00, Black 0:00:00 used, not left\)/);
  assert.deepEqual(errors, []);
  await context.close();
});
