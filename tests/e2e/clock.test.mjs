// The clock as players and the arbiter use it, on a controlled clock: the
// page's time is Playwright's, paused, and moved on only by the test, so
// every reading is exact.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createGame, importAndReview, savePin, useApp } from './harness.mjs';

const app = useApp();
const T0 = Date.parse('2026-03-01T09:00:00Z');

/// A fresh profile whose clock is Playwright's, with a new game open on its
/// clock screen; the page's time stands still at `T0 + 60 s` until moved on.
async function openClock(control, size = { width: 1024, height: 768 }) {
  const context = await app.browser.newContext({ locale: 'en-US', viewport: size });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e));
  await page.clock.install({ time: T0 });
  // The Screen Wake Lock as the page sees it, counted.
  await page.addInitScript(() => {
    window.wake = { held: 0, requests: 0 };
    Object.defineProperty(Navigator.prototype, 'wakeLock', {
      get: () => ({
        request: async (type) => {
          window.wake.requests += 1;
          window.wake.held += type === 'screen' ? 1 : 0;
          return { release: async () => { window.wake.held -= 1; } };
        },
      }),
    });
  });
  await page.goto(app.url + '#/');
  await page.locator('main#main').waitFor();
  await page.getByRole('link', { name: 'New game' }).first().click();
  await page.getByLabel('Time control').selectOption(control);
  await createGame(page, { white: 'Kowalski, Jan', black: 'Nowak, Anna' });
  await page.getByRole('link', { name: 'Clock' }).click();
  await page.locator('.clock-screen').waitFor();
  await page.clock.pauseAt(T0 + 60_000);
  return { context, page, errors };
}

const face = (page, side) => page.locator(`.clock-face[data-side=${side}]`);
const shown = (page, side) => face(page, side).locator('.face-time').innerText();
const moves = (page, side) => face(page, side).locator('.face-moves').innerText();

/// Waits for both displays to read `white` and `black`.
async function expectTimes(page, white, black) {
  await page.waitForFunction(([w, b]) =>
    document.querySelector('.clock-face[data-side=white] .face-time')?.textContent === w
    && document.querySelector('.clock-face[data-side=black] .face-time')?.textContent === b, [white, black], { polling: 50, timeout: 3000 })
    .catch(async () => assert.deepEqual([await shown(page, 'white'), await shown(page, 'black')], [white, black]));
}

/// The display as the Laws' clock reads: h:mm:ss, m:ss, m:ss.t under 20 s, truncated.
function format(ms) {
  const s = Math.floor(ms / 1000);
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60];
  const two = (n) => String(n).padStart(2, '0');
  if (h > 0) return `${h}:${two(m)}:${two(sec)}`;
  if (ms < 20_000) return `${m}:${two(sec)}.${Math.floor((ms % 1000) / 100)}`;
  return `${m}:${two(sec)}`;
}

test('presses switch the clocks on touch-down and the times follow; a reload keeps them', async () => {
  const { context, page, errors } = await openClock('40/5400+30:1800+30');
  // 90 minutes and the increment for move 1.
  await expectTimes(page, '1:30:30', '1:30:30');
  assert.equal(await page.evaluate(() => window.wake.held), 0);
  await page.getByRole('button', { name: "Start White's clock" }).click();
  assert.match(await face(page, 'white').getAttribute('class'), /running/);
  // The screen stays on while a clock runs.
  await page.waitForFunction(() => window.wake.held === 1);

  await page.clock.fastForward(10_000);
  await expectTimes(page, '1:30:20', '1:30:30');
  // A touch on the half: pointerdown alone presses, before any release.
  await face(page, 'white').dispatchEvent('pointerdown', { button: 0, isPrimary: true });
  await expectTimes(page, '1:30:50', '1:30:30');
  assert.match(await face(page, 'black').getAttribute('class'), /running/);
  assert.doesNotMatch(await face(page, 'white').getAttribute('class'), /running/);
  assert.equal(await moves(page, 'white'), 'Moves 1');

  // Black's own tap on White's half does nothing; the L key presses Black's clock.
  await page.clock.fastForward(4_000);
  await face(page, 'white').click();
  await expectTimes(page, '1:30:50', '1:30:26');
  await page.keyboard.press('l');
  await expectTimes(page, '1:30:50', '1:30:56');
  assert.equal(await moves(page, 'black'), 'Moves 1');

  // Space pauses: no time passes until the arbiter resumes.
  await page.clock.fastForward(3_000);
  await page.keyboard.press(' ');
  await page.getByRole('button', { name: 'Resume' }).waitFor();
  await page.waitForFunction(() => window.wake.held === 0);
  await page.clock.fastForward(60_000);
  await expectTimes(page, '1:30:47', '1:30:56');
  await page.getByRole('button', { name: 'Resume' }).click();
  await page.clock.fastForward(2_000);
  await expectTimes(page, '1:30:45', '1:30:56');

  // Reload mid-game: the times are those of the log and the time, not lost ticks.
  await page.reload();
  await page.locator('.clock-screen').waitFor();
  await expectTimes(page, '1:30:45', '1:30:56');
  await page.clock.fastForward(5_000);
  await expectTimes(page, '1:30:40', '1:30:56');
  assert.match(await face(page, 'white').getAttribute('class'), /running/);
  await page.waitForFunction(() => window.wake.held === 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('after two hours of play the display is exact to the tenth', async () => {
  const { context, page, errors } = await openClock('40/5400+30:1800+30');
  await page.getByRole('button', { name: "Start White's clock" }).click();
  const think = { white: 57_123, black: 92_357 };
  const left = { white: 5_430_000, black: 5_430_000 };
  for (let move = 1; move <= 49; move += 1) {
    for (const side of ['white', 'black']) {
      await page.clock.fastForward(think[side]);
      await face(page, side).dispatchEvent('pointerdown', { button: 0, isPrimary: true });
      // Period 2 (30') after move 40; 30" for every move.
      left[side] += -think[side] + (move === 40 ? 1_800_000 : 0) + 30_000;
    }
  }
  await expectTimes(page, format(left.white), format(left.black));
  assert.equal(await moves(page, 'black'), 'Moves 49');
  assert.equal(await face(page, 'white').locator('.face-period').innerText(), 'Period 2');
  // White thinks until 12.345 s are left: tenths show, truncated.
  await page.clock.fastForward(left.white - 12_345);
  await expectTimes(page, '0:12.3', format(left.black));
  assert.match(await face(page, 'white').getAttribute('class'), /low/);
  assert.deepEqual(errors, []);
  await context.close();
});

/// Starts White's clock under `control` and lets it run `ms`, past its flag.
async function flagWhite(control, ms) {
  const { context, page } = await openClock(control);
  await page.getByRole('button', { name: "Start White's clock" }).click();
  await page.clock.fastForward(ms);
  const panel = page.locator('.flag-ruling');
  await panel.getByRole('heading', { name: /White's flag fell first/ }).waitFor();
  return { context, page, panel };
}

test('a flag: who flagged first stays shown, with the ruling and its article', async () => {
  const { context, page, panel } = await flagWhite('5400+30', 5_430_000 + 1_000);
  assert.match(await panel.innerText(), /Black wins \(Article 6\.9\): White's flag fell first/);
  assert.equal(await shown(page, 'white'), '0:00.0');
  // White presses anyway, Black's flag falls later: White's is still the first.
  await page.keyboard.press('a');
  await page.clock.fastForward(5_430_000 + 1_000);
  await expectTimes(page, '0:00.0', '0:00.0');
  assert.match(await panel.innerText(), /White's flag fell first/);
  await context.close();
});

test('in rapidplay a flag counts only on a claim, ruled by the Laws', async () => {
  const { context, page, panel } = await flagWhite('900+10', 910_000 + 500);
  assert.doesNotMatch(await panel.innerText(), /wins/);
  await panel.getByRole('button', { name: 'White claims' }).click();
  assert.match(await panel.innerText(), /Play on \(Article B7\)/);
  await panel.getByRole('button', { name: 'Black claims' }).click();
  assert.match(await panel.innerText(), /Black wins \(Article 6\.9\)/);
  await context.close();
});

test('a 60-minute game under the 2014 Laws is standard play on the clock: its flag is ruled at once (6.9), as the core rules it; once confirmed, nothing invites play', async () => {
  const context = await app.browser.newContext({ locale: 'en-US', viewport: { width: 1180, height: 820 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e));
  await page.clock.install({ time: T0 });
  await page.goto(app.url + '#/');
  await page.locator('main#main').waitFor();
  // Sixty minutes is rapid under the source texts (B1: 15 to 60 minutes),
  // standard play from 2014 (rapid is less than 60 minutes).
  await importAndReview(page, '[White "Hour, Hanna"]\n[Black "Sixty, Sam"]\n[TimeControl "3600"]\n\n*\n', 'Hour, Hanna – Sixty, Sam');
  const game = page.url().replace(/\/review$/, '');
  await page.goto(`${game}/edit`);
  await page.getByLabel('Edition of the Laws the rulings follow').selectOption({ label: 'From July 2014 (two minutes to the opponent; the 2nd illegal move loses)' });
  await page.getByRole('button', { name: 'Save details' }).click();
  await page.getByText('Details saved.').waitFor();
  await page.goto(`${game}/clock`);
  await page.locator('.clock-screen').waitFor();
  await page.clock.pauseAt(T0 + 60_000);
  await page.getByRole('button', { name: "Start White's clock" }).click();
  // One move each, then White's hour runs out.
  await page.keyboard.press('a');
  await page.keyboard.press('l');
  await page.clock.fastForward(3_600_000 + 1_000);
  const panel = page.locator('.flag-ruling');
  await panel.getByRole('heading', { name: "White's flag fell first (after 1 move, in period 1)" }).waitFor();
  assert.match(await panel.innerText(), /Black wins \(Article 6\.9\)/);
  assert.equal(await panel.getByRole('button', { name: /claims$/ }).count(), 0);
  await panel.getByRole('button', { name: 'Confirm the result (6.9)' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: /Confirm/ }).click();
  // Over: neither face invites a move, and no sheet is handed to a player.
  await page.locator('.clock-face[data-side=white] .face-status', { hasText: 'Game over' }).waitFor();
  // Black's half comes first on the screen; White's flag is still marked.
  assert.deepEqual(await page.locator('.face-status').allInnerTexts(), ['Game over', 'Game over · Flag fallen']);
  assert.equal(await page.locator('.clock-face.to-move').count(), 0);
  await page.goto(`${game}/scoresheet`);
  await page.getByText('Arbiter check', { exact: true }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Recording mode (hand to the player)' }).count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the arbiter pauses, sets a clock (6.13) and adds time, behind a confirmation', async () => {
  const { context, page } = await openClock('40/5400+30:1800+30');
  await page.getByRole('button', { name: "Start White's clock" }).click();
  await page.clock.fastForward(30_000);
  await page.getByRole('button', { name: 'Arbiter…' }).click();
  // A tap on Cancel leaves the clock running.
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  assert.match(await face(page, 'white').getAttribute('class'), /running/);
  await page.getByRole('button', { name: 'Arbiter…' }).click();
  await page.getByRole('button', { name: "Open the arbiter's menu" }).click();
  const menu = page.getByRole('dialog', { name: "Arbiter's menu" });
  assert.equal(await menu.getByLabel("White's time").inputValue(), '1:30:00');
  await menu.getByLabel("White's time").fill('45:00');
  await menu.getByLabel("White's moves made").fill('20');
  await menu.getByRole('button', { name: 'Set both clocks' }).click();
  await menu.getByText('Both clocks are set.').waitFor();
  await menu.getByLabel("Black's time").fill('1:30:61');
  await menu.getByRole('button', { name: 'Set both clocks' }).click();
  assert.match(await menu.getByRole('alert').innerText(), /Black's time: “1:30:61” is not a time/);
  await menu.getByLabel('Time to add').fill('2:00');
  await menu.getByRole('button', { name: 'Add to Black' }).click();
  await menu.getByText("2:00 added to Black's clock.").waitFor();
  await menu.getByRole('button', { name: 'Close' }).click();
  await expectTimes(page, '45:00', '1:32:30');
  assert.equal(await moves(page, 'white'), 'Moves 20');
  // Paused while the arbiter worked: time moves again only on Resume.
  await page.clock.fastForward(10_000);
  await expectTimes(page, '45:00', '1:32:30');
  await page.getByRole('button', { name: 'Resume' }).click();
  await page.clock.fastForward(10_000);
  await expectTimes(page, '44:50', '1:32:30');
  await context.close();
});

test('a press taken back after both clocks were set: the setting stands, the presser\'s clock runs, his move uncounted', async () => {
  const { context, page, errors } = await openClock('5400+30');
  const clockUrl = page.url();
  await page.getByRole('link', { name: 'Back to the game' }).click();
  await savePin(page, '2468');
  await page.goto(clockUrl);
  await page.getByRole('button', { name: "Start White's clock" }).click();
  await page.clock.fastForward(10_000);
  await face(page, 'white').dispatchEvent('pointerdown', { button: 0, isPrimary: true });
  await page.getByRole('button', { name: 'Arbiter…' }).click();
  const pin = page.getByRole('dialog', { name: "Arbiter's menu: it pauses the clocks" });
  await pin.getByLabel("Arbiter's PIN").fill('2468');
  await pin.getByRole('button', { name: 'Unlock' }).click();
  const menu = page.getByRole('dialog', { name: "Arbiter's menu", exact: true });
  const reason = menu.getByLabel("Reason (kept in the game's log)");
  await menu.getByLabel("White's time").fill('1:00:00');
  await reason.fill('a time agreed');
  await menu.getByRole('button', { name: 'Set both clocks' }).click();
  await menu.getByText('Both clocks are set.').waitFor();
  await reason.fill('White pressed without moving');
  await menu.getByRole('button', { name: 'Undo the last press' }).click();
  await menu.getByText('The last press is taken back.').waitFor();
  assert.equal(await menu.getByLabel("White's time").inputValue(), '1:00:00');
  assert.equal(await menu.getByLabel("Black's time").inputValue(), '1:30:30');
  assert.equal(await menu.getByLabel("White's moves made").inputValue(), '0');
  await menu.getByRole('button', { name: 'Close' }).click();
  // Paused by the menu, White's clock is the one to run again.
  await page.getByRole('button', { name: 'Resume', exact: true }).click();
  await page.clock.fastForward(5_000);
  await expectTimes(page, '59:55', '1:30:30');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the arbiter\'s menu, behind his PIN, shows the clock now: time added is kept by "Set both clocks"; a press undone, sides swapped (1180x820)', async () => {
  const { context, page, errors } = await openClock('5400+30', { width: 1180, height: 820 });
  // The arbiter's PIN, set in Settings, guards the menu.
  const clockUrl = page.url();
  await page.getByRole('link', { name: 'Back to the game' }).click();
  await savePin(page, '2468');
  await page.goto(clockUrl);
  await page.locator('.clock-screen').waitFor();
  await page.getByRole('button', { name: "Start White's clock" }).click();
  await page.clock.fastForward(10_000);
  await face(page, 'white').dispatchEvent('pointerdown', { button: 0, isPrimary: true });
  await page.clock.fastForward(5_000);
  await expectTimes(page, '1:30:50', '1:30:25');

  await page.getByRole('button', { name: 'Arbiter…' }).click();
  const pin = page.getByRole('dialog', { name: "Arbiter's menu: it pauses the clocks" });
  await pin.getByLabel("Arbiter's PIN").fill('1111');
  await pin.getByRole('button', { name: 'Unlock' }).click();
  assert.match(await pin.getByRole('alert').innerText(), /not the arbiter's PIN/);
  assert.equal(await page.getByRole('dialog', { name: "Arbiter's menu", exact: true }).count(), 0);
  await pin.getByLabel("Arbiter's PIN").fill('2468');
  await pin.getByRole('button', { name: 'Unlock' }).click();
  const menu = page.getByRole('dialog', { name: "Arbiter's menu", exact: true });
  assert.equal(await menu.getByLabel("Black's time").inputValue(), '1:30:25');

  // White pressed without moving: the arbiter takes the press back, with his reason.
  const reason = menu.getByLabel("Reason (kept in the game's log)");
  await menu.getByRole('button', { name: 'Undo the last press' }).click();
  // Said as a sentence, not as a fragment.
  assert.equal(await menu.getByRole('alert').innerText(), 'Give the reason for the correction.');
  await reason.fill('White pressed without moving');
  await menu.getByRole('button', { name: 'Undo the last press' }).click();
  await menu.getByText('The last press is taken back.').waitFor();
  // As if never pressed: White's clock ran the five seconds, the increment is gone.
  assert.equal(await menu.getByLabel("White's time").inputValue(), '1:30:15');
  assert.equal(await menu.getByLabel("Black's time").inputValue(), '1:30:30');
  assert.equal(await menu.getByLabel("White's moves made").inputValue(), '0');
  await reason.fill('again');
  await menu.getByRole('button', { name: 'Undo the last press' }).click();
  assert.match(await menu.getByRole('alert').innerText(), /^There is no press to take back: .*\.$/);

  // Time added shows in the field at once, and setting both clocks keeps it.
  await menu.getByLabel('Time to add').fill('2:00');
  await menu.getByRole('button', { name: 'Add to Black' }).click();
  await menu.getByText("2:00 added to Black's clock.").waitFor();
  assert.equal(await menu.getByLabel("Black's time").inputValue(), '1:32:30');
  await menu.getByLabel("White's time").fill('1:00:00');
  await menu.getByRole('button', { name: 'Set both clocks' }).click();
  await menu.getByText('Both clocks are set.').waitFor();
  assert.equal(await menu.getByLabel("White's time").inputValue(), '1:00:00');
  assert.equal(await menu.getByLabel("Black's time").inputValue(), '1:32:30');
  await page.screenshot({ path: 'tests/e2e/output/clock-arbiter-menu-1180x820.png' });

  // The clock stood the other way round: the sides are swapped.
  const white = await menu.getByLabel("White's time").inputValue();
  const black = await menu.getByLabel("Black's time").inputValue();
  await reason.fill('clock placed the other way round');
  await menu.getByRole('button', { name: 'Swap sides (clock placed the other way round)' }).click();
  await menu.getByText(/The sides are swapped/).waitFor();
  assert.equal(await menu.getByLabel("White's time").inputValue(), black);
  assert.equal(await menu.getByLabel("Black's time").inputValue(), white);
  // The paused clock now marks Black, while no move has been made: the
  // arbiter is asked whose move it is, White proposed.
  const settle = menu.locator('.settle-turn');
  assert.equal(
    await settle.locator('p').innerText(),
    'The halves are swapped: the clock now marks Black to move, but its move counts show White to move. Whose move is it?',
  );
  assert.match(await settle.getByRole('button', { name: 'White to move' }).getAttribute('class'), /primary/);
  // Closed unanswered, the question stays on the clock's screen.
  await menu.getByRole('button', { name: 'Close' }).click();
  await page.locator('.turn-notice', { hasText: "Whose move is it? Settle it in the arbiter's menu." }).waitFor();
  await page.getByRole('button', { name: 'Arbiter…' }).click();
  await pin.getByLabel("Arbiter's PIN").fill('2468');
  await pin.getByRole('button', { name: 'Unlock' }).click();
  await settle.getByRole('button', { name: 'White to move' }).click();
  await menu.getByText("White to move: White's clock runs when the clocks are restarted.").waitFor();
  assert.equal(await settle.count(), 0);
  await menu.getByRole('button', { name: 'Close' }).click();
  assert.equal(await page.locator('.turn-notice').count(), 0);
  await page.getByRole('button', { name: 'Resume' }).click();
  assert.match(await face(page, 'white').getAttribute('class'), /running/);
  assert.match(await page.locator('.clock-screen').getAttribute('class'), /swapped/);
  // White's half is now on top, where White sits.
  const top = await page.locator('.white-half').boundingBox();
  const bottom = await page.locator('.black-half').boundingBox();
  assert.ok(top.y < bottom.y, 'White\'s half is on top after the swap');
  // Both corrections are in the game's log with their reasons.
  const stored = await page.evaluate(() => Object.keys(localStorage).map((k) => localStorage.getItem(k)).join('\n'));
  assert.match(stored, /"correction":"undo_last_press","reason":"White pressed without moving"/);
  assert.match(stored, /"correction":"swap_sides","reason":"clock placed the other way round"/);
  assert.match(stored, /"correction":\{"to_move":\{"side":"white"\}\},"reason":"whose move it is, settled after the halves were swapped"/);
  assert.deepEqual(errors, []);
  await context.close();
});
