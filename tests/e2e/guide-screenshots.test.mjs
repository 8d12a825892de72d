// The pictures of docs/arbiter-guide.md, made by the test run so that they
// never go stale: the arbiter's tasks walked through on a tablet held
// landscape (1180x820), each screen checked for what its picture claims,
// then saved into docs/images/. The page's time is Playwright's, paused, so
// the clocks in the pictures read the same on every run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { createGame, openSettingsGroup, savePin, sealEnvelope, tapAndPress, useApp } from './harness.mjs';

const app = useApp();
const T0 = Date.parse('2026-03-01T09:00:00Z');
const PIN = '1357';
const TABLET = { width: 1180, height: 820 };
const IMAGES = 'docs/images';

/// A fresh tablet, landscape, its clock Playwright's, on the games list.
async function tablet() {
  const context = await app.browser.newContext({ locale: 'en-US', viewport: TABLET });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e));
  await page.clock.install({ time: T0 });
  await page.goto(app.url + '#/');
  await page.locator('main#main').waitFor();
  return { context, page, errors };
}

const shoot = (page, name) => page.screenshot({ path: `${IMAGES}/${name}.png` });

test('the guide\'s pictures: clock, recording, check, ruling, adjournment, envelopes, event', async () => {
  await mkdir(IMAGES, { recursive: true });
  const { context, page, errors } = await tablet();
  await savePin(page, PIN);
  await page.getByRole('link', { name: 'New game' }).first().click();
  await page.getByLabel('Time control').selectOption('40/5400+30:1800+30');
  await createGame(page, { white: 'Kowalski, Jan', black: 'Nowak, Anna', event: 'Club championship', round: '5', board: '2' });
  const game = page.url();

  // The clock started for White, then the moves recorded by the players,
  // each with its press; 3. Ke1-e3 is illegal and nobody notices.
  await page.getByRole('link', { name: 'Clock' }).click();
  await page.locator('.clock-screen').waitFor();
  await page.clock.pauseAt(T0 + 60_000);
  await page.getByRole('button', { name: "Start White's clock" }).click();
  await page.goto(game);
  await page.getByRole('link', { name: 'Scoresheet', exact: true }).click();
  await page.getByRole('button', { name: 'Recording mode (hand to the player)' }).click();
  const moves = [['e2', 'e4'], ['e7', 'e5'], ['g1', 'f3'], ['b8', 'c6'], ['e1', 'e3'], ['g8', 'f6']];
  await tapAndPress(page, moves, { think: { White: 20_000, Black: 30_000 } });
  await page.getByText('Recording mode', { exact: true }).waitFor();
  assert.ok(await page.getByRole('button', { name: 'Leave recording mode (arbiter)' }).isVisible());
  await shoot(page, 'recording');

  // The arbiter's check: his PIN, then every entry with its verdict.
  await page.getByRole('button', { name: 'Leave recording mode (arbiter)' }).click();
  await page.getByLabel("Arbiter's PIN").fill(PIN);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.getByText('Arbiter check', { exact: true }).waitFor();
  assert.match(await page.locator('.move.first-irregular').innerText(), /Ke1-e3[\s\S]*illegal/);
  await shoot(page, 'check');

  // The clock, White to move, and the arbiter's menu behind his PIN.
  await page.goto(game);
  await page.getByRole('link', { name: 'Clock' }).click();
  await page.locator('.clock-screen').waitFor();
  await page.clock.fastForward(7_000);
  assert.match(await page.locator('.clock-face[data-side=white]').getAttribute('class'), /running/);
  assert.ok(await page.getByRole('button', { name: 'Arbiter…' }).isVisible());
  await shoot(page, 'clock');
  await page.getByRole('button', { name: 'Arbiter…' }).click();
  const pin = page.getByRole('dialog', { name: "Arbiter's menu: it pauses the clocks" });
  await pin.getByLabel("Arbiter's PIN").fill(PIN);
  await pin.getByRole('button', { name: 'Unlock' }).click();
  const menu = page.getByRole('dialog', { name: "Arbiter's menu", exact: true });
  await menu.getByRole('button', { name: 'Set both clocks' }).waitFor();
  await shoot(page, 'clock-menu');
  await menu.getByRole('button', { name: 'Close' }).click();

  // The ruling: the illegal move proposed on top, with its article and the
  // position it puts back; the confirmation before it is applied.
  await page.goto(game);
  await page.getByRole('link', { name: "Arbiter's rulings" }).click();
  await page.getByRole('heading', { name: 'What did you find?' }).waitFor();
  const card = page.locator('.proposed .ruling-card', { hasText: 'White made an illegal move' }).first();
  await card.getByText('Article 7.4').waitFor();
  await shoot(page, 'ruling');
  await card.getByRole('button', { name: 'Rule: White made an illegal move' }).click();
  await page.getByRole('alertdialog').getByRole('img', { name: /Diagram: White to move \(move 3\)/ }).waitFor();
  await shoot(page, 'ruling-confirm');
  await page.getByRole('button', { name: 'Apply the ruling' }).click();
  await page.getByText('Ruling applied (Article 7.4).').waitFor();

  // The event: Settings, where a tablet joins the event's database.
  await page.getByRole('link', { name: 'Settings' }).click();
  await openSettingsGroup(page, 'Event');
  const join = page.getByRole('button', { name: 'Join the event' });
  // The panel's heading at the top, below the header.
  await page.locator('#event-title').evaluate((heading) => {
    heading.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -(document.querySelector('header')?.offsetHeight ?? 0) - 16);
  });
  assert.ok(await join.isVisible());
  assert.ok(await page.getByRole('heading', { name: 'Event', exact: true }).isVisible());
  await shoot(page, 'event');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the guide\'s pictures: sealing, the envelope verified, the envelopes, resumption', async () => {
  const { context, page, errors } = await tablet();
  await createGame(page, { white: 'Sealer, Wanda', black: 'Replier, Bruno', event: 'Club championship', round: '5', board: '2' });
  await page.getByRole('button', { name: 'Adjourn' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Adjourn' }).click();
  await page.getByRole('heading', { name: /: write your sealed move$/ }).waitFor();
  await page.getByLabel(/Your sealed move/).fill('Nc3');
  await page.getByRole('button', { name: 'Read my move back before sealing' }).click();
  await page.getByRole('region', { name: 'Is this exactly what you wrote?' }).waitFor();
  await shoot(page, 'seal');
  await page.getByRole('button', { name: 'Stop my clock: the move is sealed' }).click();
  await sealEnvelope(page, '2468');

  // A3: the arbiter compares each item with the game and ticks it.
  for (const box of await page.locator('.checklist input[type=checkbox]').all()) await box.check();
  assert.match((await page.locator('.fingerprint-code').first().innerText()).trim(), /^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('heading', { name: 'Verify the envelope (A3)' }).waitFor();
  await shoot(page, 'adjourn');
  await page.getByRole('button', { name: 'Envelope verified' }).click();
  await page.getByText('verified and kept by the arbiter').waitFor();

  await page.getByRole('link', { name: 'Envelopes', exact: true }).click();
  await page.getByText('verified, in the arbiter\'s keeping').waitFor();
  assert.ok(await page.getByRole('button', { name: 'Export envelope (.json)' }).isVisible());
  await shoot(page, 'envelopes');

  // Resumption: the board set up as recorded, who is at the board.
  await page.getByRole('link', { name: 'Resumption' }).click();
  await page.getByRole('button', { name: 'Board and clocks set up as recorded' }).click();
  await page.getByLabel('Replier, Bruno (Black) is present').waitFor();
  await page.getByLabel('Sealer, Wanda (White) is present').check();
  await page.getByLabel('Replier, Bruno (Black) is present').check();
  await shoot(page, 'resume');
  assert.deepEqual(errors, []);
  await context.close();
});
