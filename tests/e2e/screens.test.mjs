// The screens an arbiter works on at the board fit a tablet either way round
// (1180×820, 820×1180) without scrolling: the clock, recording, the check, a
// proposed ruling and its confirmation. Long history, rarely changed options
// and the settings are folded so that what is open fits; nothing on a phone
// (390×844) scrolls sideways. A position is a diagram, its FEN one tap away.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createGame, openSettingsGroup, savePin, sealEnvelope, sealMove, typeMoves, unlockGate, useApp } from './harness.mjs';

const app = useApp();
const PIN = '1357';
const TABLET = [{ width: 1180, height: 820 }, { width: 820, height: 1180 }];
const PHONE = { width: 390, height: 844 };
// 1. e4 d5 2. d4, Black to move: the position 2... Kd6 is taken back to.
const BEFORE_KD6 = 'rnbqkbnr/ppp1pppp/8/3p4/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2';

/// Lays the page out at `size`, scrolled to its top.
async function resize(page, size) {
  await page.setViewportSize(size);
  await page.evaluate(() => new Promise((done) => {
    window.scrollTo(0, 0);
    requestAnimationFrame(() => requestAnimationFrame(done));
  }));
}

/// The page's whole height and width, as scrolling would show them.
const extent = (page) => page.evaluate(() => ({
  height: document.documentElement.scrollHeight,
  width: document.documentElement.scrollWidth,
}));

/// Nothing on the screen is wider than a phone's.
async function noSidewaysOnPhone(page, name) {
  await resize(page, PHONE);
  const { width } = await extent(page);
  assert.ok(width <= PHONE.width, `${name} on a phone: ${width} px wide`);
  await resize(page, TABLET[0]);
}

/// The whole page in the window at both tablet sizes, and not wider than a phone.
async function fits(page, name) {
  for (const size of TABLET) {
    await resize(page, size);
    const { height } = await extent(page);
    assert.ok(height <= size.height, `${name} at ${size.width}×${size.height}: ${height} px tall`);
  }
  await noSidewaysOnPhone(page, name);
}

/// Asserts that each element's whole box is in the window at both tablet sizes.
async function inViewOnTablets(page, name, elements) {
  for (const size of TABLET) {
    await resize(page, size);
    for (const [what, locator] of Object.entries(elements)) {
      const box = await locator.boundingBox();
      const inside = box && box.y >= 0 && box.x >= 0 && box.y + box.height <= size.height + 0.5 && box.x + box.width <= size.width + 0.5;
      assert.ok(inside, `${name}, ${what} at ${size.width}×${size.height}: ${JSON.stringify(box)}`);
    }
  }
  await resize(page, TABLET[0]);
}

test('clock, recording, check, a proposed 7.4 ruling and its confirmation fit a tablet either way round; the position is a diagram with its FEN to copy; the time control of a game in play is locked; no screen is wider than a phone', async () => {
  const { context, page, errors } = await app.open('#/', { viewport: TABLET[0] });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.url).origin });
  await savePin(page, PIN);
  await page.getByRole('link', { name: 'New game' }).first().click();
  await page.getByLabel('White', { exact: true }).waitFor();
  await fits(page, 'new game');
  await createGame(page, { white: 'Kowalski, Jan', black: 'Nowak, Anna' });
  const game = page.url();
  await noSidewaysOnPhone(page, 'the game');

  await page.getByRole('link', { name: 'Clock' }).click();
  await page.getByRole('button', { name: "Start White's clock" }).click();
  await fits(page, 'clock');

  // Begun: the details no longer offer the time control.
  await page.goto(`${game}/edit`);
  // The clock started: the arbiter's screens are locked until his PIN.
  await page.getByRole('heading', { name: 'For the arbiter' }).waitFor();
  await fits(page, "the arbiter's lock");
  await unlockGate(page, PIN);
  const control = page.getByLabel('Time control');
  assert.ok(await control.isDisabled(), 'the time control of a game in play is locked');
  await page.getByText("A running clock is changed in the arbiter's menu on the clock screen (6.13).").waitFor();
  await noSidewaysOnPhone(page, 'edit game');

  await page.goto(game);
  await page.getByRole('link', { name: 'Scoresheet', exact: true }).click();
  await page.getByRole('button', { name: 'Recording mode (hand to the player)' }).click();
  await typeMoves(page, ['e4', 'd5', 'd4', 'Kd6']);
  await fits(page, 'recording');
  // On a phone the board is as wide as the screen, and the press under it in view.
  await resize(page, PHONE);
  const press = await page.getByRole('button', { name: /^Press the clock: / }).boundingBox();
  assert.ok(press.y + press.height <= PHONE.height, `on a phone the press ends at ${press.y + press.height} px`);
  await resize(page, TABLET[0]);

  await page.getByRole('button', { name: 'Leave recording mode (arbiter)' }).click();
  await page.getByLabel("Arbiter's PIN").fill(PIN);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.getByText('Arbiter check', { exact: true }).waitFor();
  await fits(page, 'arbiter check');
  await inViewOnTablets(page, 'arbiter check', {
    'first irregularity': page.locator('.irregularity-summary'),
    'correct the box': page.getByRole('button', { name: 'Correct the box' }),
    claims: page.locator('details.claims > summary'),
  });

  await page.goto(game);
  await page.getByRole('link', { name: "Arbiter's rulings" }).click();
  await page.getByRole('button', { name: 'Stop the clocks' }).click();
  const card = page.locator('.proposed .ruling-card').first();
  await card.getByRole('heading', { name: 'Black made an illegal move' }).waitFor();
  // The position is drawn, never written out in the ruling's words.
  assert.ok(!(await card.innerText()).includes(BEFORE_KD6.split(' ')[0]), 'a FEN in the ruling\'s text');
  await inViewOnTablets(page, 'the proposed ruling', {
    card,
    diagram: card.getByRole('img', { name: 'Diagram: Black to move (move 2)' }),
    button: card.getByRole('button', { name: 'Rule: Black made an illegal move' }),
  });
  await noSidewaysOnPhone(page, 'rulings with a proposal');

  await card.getByRole('button', { name: 'Rule: Black made an illegal move' }).click();
  const dialog = page.getByRole('alertdialog');
  await inViewOnTablets(page, 'the confirmation', {
    dialog,
    diagram: dialog.getByRole('img', { name: 'Diagram: Black to move (move 2)' }),
    apply: dialog.getByRole('button', { name: 'Apply the ruling' }),
  });
  const scrolls = () => dialog.evaluate((d) => ({ down: d.scrollHeight > d.clientHeight + 1, sideways: d.scrollWidth > d.clientWidth + 1 }));
  assert.deepEqual(await scrolls(), { down: false, sideways: false }, 'the confirmation scrolls');
  // One tap shows the FEN, whole, inside the dialog; another copies it.
  await dialog.getByText('Position as FEN').click();
  assert.equal(await dialog.getByRole('textbox', { name: 'FEN' }).inputValue(), BEFORE_KD6);
  assert.equal((await scrolls()).sideways, false, 'the FEN runs out of the confirmation');
  await dialog.getByRole('button', { name: 'Copy FEN' }).click();
  await page.getByText('FEN copied to the clipboard.').waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), BEFORE_KD6);
  await noSidewaysOnPhone(page, 'the confirmation');
  await dialog.getByRole('button', { name: 'Apply the ruling' }).click();
  await page.getByText('Ruling applied (Article 7.4).').waitFor();

  // Corrected: the newest ruling shown, the one before folded.
  await page.locator('details.correct-ruling > summary', { hasText: 'Correct ruling 1, given by mistake' }).click();
  const fix = page.locator('details.correct-ruling .finding-form');
  await fix.getByRole('combobox', { name: /^Who made it/ }).selectOption('nobody');
  await fix.getByLabel("White's time (h:mm:ss)").fill('1:29:00');
  await fix.getByLabel("Black's time (h:mm:ss)").fill('1:29:30');
  await fix.locator('.ruling-card').getByRole('button', { name: /^Rule: / }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Apply the ruling' }).click();
  await page.getByText('Ruling applied (Article 7.4).').waitFor();
  const given = page.locator('.rulings', { hasText: 'Rulings given' });
  assert.equal(await given.locator('li').count(), 2);
  assert.ok(await given.locator('li').first().isVisible(), 'the newest ruling is shown');
  assert.ok(!(await given.locator('li').last().isVisible()), 'the earlier ruling is folded');
  await given.getByText('Earlier rulings (1)').waitFor();
  await noSidewaysOnPhone(page, 'rulings given');

  // Settings: one group open at a time, each fitting the window below the header.
  await page.getByRole('link', { name: 'Settings' }).click();
  for (const group of ['Language', 'Storage', "Arbiter's PIN", 'Event', "Arbiter's key", 'Seal envelopes to', 'Backup']) {
    await openSettingsGroup(page, group);
    assert.equal(await page.locator('details.settings-group[open]').count(), 1, `${group}: one group open`);
    for (const size of TABLET) {
      await resize(page, size);
      const { height } = await page.locator('details.settings-group[open]').boundingBox();
      const header = (await page.locator('.app-header').boundingBox()).height;
      assert.ok(height <= size.height - header, `settings, ${group} at ${size.width}×${size.height}: ${height} px tall`);
    }
    await noSidewaysOnPhone(page, `settings, ${group}`);
  }

  // An envelope: its outside beside the position, one envelope to a window.
  await createGame(page, { white: 'Sealer, Sara', black: 'Other, Olaf', event: 'Club', round: '5', board: '2' });
  await page.getByRole('button', { name: 'Adjourn' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Adjourn' }).click();
  await sealMove(page, 'e4');
  await sealEnvelope(page, '2468');
  await noSidewaysOnPhone(page, 'verifying the envelope');
  await page.getByRole('link', { name: 'Envelopes', exact: true }).click();
  const envelope = page.locator('.envelope').first();
  await envelope.getByRole('img', { name: 'Diagram: White to move (move 1)' }).waitFor();
  for (const size of TABLET) {
    await resize(page, size);
    const { height } = await envelope.boundingBox();
    assert.ok(height <= size.height, `an envelope at ${size.width}×${size.height}: ${height} px tall`);
  }
  await noSidewaysOnPhone(page, 'envelopes');
  assert.deepEqual(errors, []);
  await context.close();
});

test("a fallen flag with a long name: each face shows its player's name, time and counts inside it, and the flag's ruling is in view, on a tablet and a phone", async () => {
  for (const [size, phone] of [[TABLET[0], false], [PHONE, true]]) {
    const context = await app.browser.newContext({ locale: 'en-US', viewport: size, hasTouch: phone, isMobile: phone });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e));
    await page.clock.install({ time: Date.parse('2026-03-01T09:00:00Z') });
    await page.goto(app.url + '#/');
    await page.getByRole('link', { name: 'New game' }).first().click();
    await page.getByLabel('Time control').selectOption('5400+30');
    await createGame(page, { white: 'Wojciechowska-Kowalczyk, Małgorzata', black: 'Nowak, Anna' });
    await page.getByRole('link', { name: 'Clock' }).click();
    await page.getByRole('button', { name: "Start White's clock" }).click();
    await page.clock.fastForward(5_431_000);
    const panel = page.locator('.flag-ruling');
    await panel.getByRole('heading', { name: /White's flag fell first/ }).waitFor();
    const where = `${size.width}×${size.height}`;
    for (const side of ['white', 'black']) {
      // Inside the face's border and the running face's inset ring (6 px each).
      const face = await page.locator(`.clock-face[data-side=${side}]`).evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left + 12, top: r.top + 12, right: r.right - 12, bottom: r.bottom - 12 };
      });
      assert.ok(face.left >= 0 && face.right <= size.width && face.top >= 0 && face.bottom <= size.height, `${where}: ${side}'s face ${JSON.stringify(face)} off the screen`);
      for (const part of ['.face-player', '.face-time', '.face-counts', '.face-status']) {
        const box = await page.locator(`.clock-face[data-side=${side}] ${part}`).boundingBox();
        const inside = box.x >= face.left - 0.5 && box.y >= face.top - 0.5
          && box.x + box.width <= face.right + 0.5 && box.y + box.height <= face.bottom + 0.5;
        assert.ok(inside, `${where}: ${side}'s ${part} ${JSON.stringify(box)} outside its face ${JSON.stringify(face)}`);
      }
    }
    // The ruling's button is on the screen, not under a face or scrolled away.
    const confirm = panel.getByRole('button', { name: 'Confirm the result (6.9)' });
    const shown = await confirm.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
    });
    assert.ok(shown, `${where}: the flag's ruling is hidden`);
    assert.ok((await extent(page)).width <= size.width, `${where}: the clock is wider than the screen`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
