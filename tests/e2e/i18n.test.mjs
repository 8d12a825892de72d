// The app in Polish: chosen in Settings, every screen visited with its
// dialogs and steps, and no English left in what a person sees or a screen
// reader says (text, aria-label, title, placeholder, the page's title);
// back to English, and the choice kept across a reload. Also the browser's
// language chooses Polish until the arbiter chooses, and the printouts
// (scoresheet, game report, envelope) print alone, without the controls,
// the envelope without its sealed move; PDFs of them on A4 and Letter are
// left in tests/e2e/output/ to look at.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { choosePrint, openSettingsGroup, unlockGate, useApp } from './harness.mjs';
import { englishWords, words } from './english-words.mjs';

const app = useApp();
const PIN = '2468';
const SEALED = 'Nc6';
const WHITE = 'Kowalski, Jan';
const BLACK = 'Nowak, Anna';
// What the test writes itself is not the app's text; names of people are
// the same in Polish (Bronstein's timing).
const OURS = new Set(words(`${WHITE} ${BLACK} Memoriał Hala Sędzia Irena Zielona Bronstein`));
const english = await englishWords();
for (const w of OURS) english.delete(w);

/// Everything on the page a person reads or hears: visible text, the
/// options of the lists, labels for screen readers, titles, placeholders.
function shown() {
  const hidden = (el) => !el.checkVisibility({ visibilityProperty: true });
  const out = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    // Text marked as English (the language's own name in the chooser) is meant so.
    if (!el || el.closest('[lang]')?.getAttribute('lang') === 'en') continue;
    if (el.closest('option') ? hidden(el.closest('select')) : hidden(el)) continue;
    if (['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(el.tagName)) continue;
    out.push(node.textContent);
  }
  for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    if (hidden(el)) continue;
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = el.getAttribute(name);
      if (value) out.push(value);
    }
  }
  return out.join('\n');
}

// Each screen's English left, all reported at the end of the test.
const leftovers = [];

/// Notes the app's English words `page` shows (the page must be in Polish).
async function assertPolish(page, screen) {
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'pl', `${screen}: the page's language`);
  const text = await page.evaluate(shown);
  const left = new Set();
  for (const token of text.split(/\s+/)) {
    // Moves, squares, FENs, times and fingerprints are the same in every language.
    if (/[0-9/]/.test(token)) continue;
    for (const w of words(token)) if (english.has(w)) left.add(`${w} (in “${token}”)`);
  }
  if (left.size) leftovers.push(`${screen}: ${[...left].join(', ')}`);
}

const go = (page, hash) => page.evaluate((h) => { location.hash = h; }, hash);

/// Prints the page's chosen printout to PDF on A4 and Letter, for a look
/// (with a picture of the A4 page); returns the number of pages of each.
async function pdfs(page, name) {
  await mkdir('tests/e2e/output', { recursive: true });
  const pages = {};
  for (const format of ['A4', 'Letter']) {
    const pdf = await page.pdf({ path: `tests/e2e/output/${name}-${format}.pdf`, format, printBackground: true });
    pages[format] = pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g).length;
  }
  const size = page.viewportSize();
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.screenshot({ path: `tests/e2e/output/${name}-A4.png`, fullPage: true });
  await page.setViewportSize(size);
  return pages;
}

/// What prints: the text, and whether any control would be on paper.
async function printed(page) {
  await page.emulateMedia({ media: 'print' });
  const result = await page.evaluate(() => ({
    text: document.body.innerText,
    controls: [...document.querySelectorAll('button, input, select, textarea, nav')]
      .filter((el) => el.checkVisibility()).map((el) => el.outerHTML.slice(0, 80)),
  }));
  return result;
}


test('every screen in Polish, no English left; back to English; the choice survives a reload', async () => {
  const { page, errors, context } = await app.open('#/settings');
  await page.getByLabel('Language of the app (text, dates and numbers)').selectOption('pl');
  await page.getByRole('heading', { name: 'Ustawienia', level: 1 }).waitFor();
  await assertPolish(page, 'settings');
  await page.reload();
  await page.getByRole('heading', { name: 'Ustawienia', level: 1 }).waitFor();
  await openSettingsGroup(page, 'PIN sędziego');
  await page.getByLabel('Nowy PIN (co najmniej 4 cyfry)').fill(PIN);
  await page.getByRole('button', { name: 'Zapisz PIN' }).click();
  await page.getByText('PIN sędziego zapisany.').waitFor();
  await assertPolish(page, 'settings with a notice');

  await page.getByRole('link', { name: 'Partie' }).click();
  await page.getByRole('heading', { name: 'Partie', level: 1 }).waitFor();
  await assertPolish(page, 'games list, empty');

  // A new game, its page, its details edited.
  await page.getByRole('link', { name: 'Nowa partia' }).first().click();
  await page.getByRole('button', { name: 'Utwórz partię' }).waitFor();
  await assertPolish(page, 'new game');
  await page.getByRole('button', { name: 'Utwórz partię' }).click();
  await page.getByRole('alert').waitFor();
  await assertPolish(page, 'new game refused');
  await page.getByLabel('Białe', { exact: true }).fill(WHITE);
  await page.getByLabel('Czarne', { exact: true }).fill(BLACK);
  await page.getByLabel('Turniej', { exact: true }).fill('Memoriał');
  await page.getByLabel('Runda').fill('5');
  await page.getByLabel('Szachownica').fill('2');
  await page.getByRole('button', { name: 'Utwórz partię' }).click();
  await page.getByRole('heading', { name: `${WHITE} – ${BLACK}` }).waitFor();
  await assertPolish(page, 'game');
  const id = decodeURIComponent(page.url().split('#/game/')[1]);
  await page.getByRole('link', { name: 'Edytuj dane' }).click();
  await page.getByRole('button', { name: 'Zapisz dane' }).waitFor();
  await assertPolish(page, 'edit game');
  await page.getByRole('button', { name: 'Zapisz dane' }).click();
  await page.getByText('Dane zapisane.').waitFor();
  await go(page, '#/');
  await page.getByText('Nierozpoczęta').waitFor();
  await assertPolish(page, 'games list');

  // The clock, the arbiter's confirmation and menu.
  await go(page, `#/game/${id}/clock`);
  await page.getByRole('button', { name: 'Uruchom zegar białych' }).click();
  await assertPolish(page, 'clock running');
  await page.getByRole('button', { name: 'Sędzia…' }).click();
  await page.getByRole('dialog', { name: 'Menu sędziego: zatrzymuje zegary' }).waitFor();
  await assertPolish(page, 'clock: the arbiter\'s PIN');
  await page.getByLabel('PIN sędziego').fill(PIN);
  await page.getByRole('button', { name: 'Odblokuj' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu sędziego' });
  await menu.getByLabel('Czas białych').fill('1:61');
  await menu.getByRole('button', { name: 'Ustaw oba zegary' }).click();
  await menu.getByRole('alert').waitFor();
  await assertPolish(page, 'clock: arbiter menu with an error');
  await menu.getByRole('button', { name: 'Dodaj czarnym' }).click();
  await menu.getByRole('status').waitFor();
  await assertPolish(page, 'clock: time added');
  await menu.getByRole('button', { name: 'Zamknij' }).click();

  // The scoresheet: check mode, recording mode, the PIN to leave it.
  await go(page, `#/game/${id}/scoresheet`);
  await page.getByRole('button', { name: 'Tryb zapisu (przekaż zawodnikowi)' }).click();
  await page.getByText('Tryb zapisu', { exact: true }).waitFor();
  for (const [from, to] of [['e2', 'e4'], ['e7', 'e5']]) {
    await page.getByRole('button', { name: new RegExp(`^${from},`) }).click();
    await page.getByRole('button', { name: new RegExp(`^${to},`) }).click();
  }
  await page.getByLabel(/Wpisz posunięcie/).fill('Ke2');
  await page.getByRole('button', { name: 'Zapisz posunięcie' }).click();
  await page.locator('.move-list .written', { hasText: 'Ke2' }).waitFor();
  await assertPolish(page, 'scoresheet, recording mode');
  await page.getByRole('button', { name: 'Wyjdź z trybu zapisu (sędzia)' }).click();
  await page.getByRole('dialog').waitFor();
  await assertPolish(page, 'scoresheet: the PIN dialog');
  await page.getByLabel('PIN sędziego').fill(PIN);
  await page.getByRole('button', { name: 'Odblokuj' }).click();
  await page.getByText('Kontrola sędziego', { exact: true }).waitFor();
  await page.locator('.claims > summary').click();
  await page.getByLabel(/Reklamacja przez zapisanie/).fill('Qh5');
  await assertPolish(page, 'scoresheet, arbiter check');

  // The arbiter's panel: a ruling given (7.1b: the board placed wrongly).
  await go(page, `#/game/${id}/arbiter`);
  await page.getByRole('heading', { name: 'Co stwierdzono?' }).waitFor();
  // Every folded part open: the full list, the draw claim, the arbiter's decision.
  for (const summary of await page.locator('details.fold > summary').all()) await summary.click();
  await page.getByLabel('Uzasadnienie').fill('telefon zadzwonił');
  await assertPolish(page, 'arbiter panel');
  // 8.1 for each player, each naming him.
  const duties = await page.locator('details.recording-duties li').allInnerTexts();
  assert.equal(duties.length, 2);
  assert.notEqual(duties[0], duties[1]);
  assert.match(duties[0], /Białe zapisują/);
  assert.match(duties[1], /Czarne zapisują/);
  await page.getByRole('button', { name: /Orzeknij: Szachownica jest źle ustawiona/ }).click();
  await page.getByRole('alertdialog').waitFor();
  await assertPolish(page, 'arbiter panel: confirmation');
  await page.getByRole('button', { name: 'Zastosuj decyzję' }).click();
  await page.getByRole('heading', { name: 'Wydane decyzje' }).waitFor();
  await assertPolish(page, 'arbiter panel: ruling given');

  // Review, and its printouts.
  await go(page, `#/game/${id}/review`);
  await page.getByRole('button', { name: 'Pobierz PGN' }).waitFor();
  await assertPolish(page, 'review');
  await choosePrint(page, 'Drukuj raport z partii');
  let paper = await printed(page);
  assert.match(paper.text, /Raport z partii: Kowalski, Jan – Nowak, Anna/);
  assert.match(paper.text, /Wydane decyzje/);
  assert.match(paper.text, /Artykuł 7\.1b/);
  assert.doesNotMatch(paper.text, /Drukuj|Pobierz PGN|Blankiet z/);
  assert.deepEqual(paper.controls, []);
  await assertPolish(page, 'game report, printed');
  assert.deepEqual(await pdfs(page, 'game-report-pl'), { A4: 1, Letter: 1 }, 'a short game\'s report prints on one page');
  await page.emulateMedia({ media: 'screen' });
  await choosePrint(page, 'Drukuj blankiet');
  paper = await printed(page);
  assert.match(paper.text, /Podpis białych/);
  assert.doesNotMatch(paper.text, /Raport z partii/);
  assert.deepEqual(paper.controls, []);
  assert.deepEqual(await pdfs(page, 'scoresheet-pl'), { A4: 1, Letter: 1 }, 'the scoresheet prints on one page');
  await page.emulateMedia({ media: 'screen' });

  // Adjournment: sealing, the envelope, its verification.
  await go(page, `#/game/${id}`);
  await page.getByRole('button', { name: 'Odłóż partię' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Odłóż' }).click();
  await page.getByRole('heading', { name: /zapisz posunięcie do zapieczętowania/ }).waitFor();
  await assertPolish(page, 'sealing the move');
  // Nothing written yet: refused, in Polish.
  await page.getByRole('button', { name: 'Odczytaj moje posunięcie przed zapieczętowaniem' }).click();
  await page.getByRole('alert').waitFor();
  await assertPolish(page, 'sealing the move: nothing written');
  await page.getByLabel(/Twoje zapieczętowane posunięcie/).fill(SEALED);
  await page.getByRole('button', { name: 'Odczytaj moje posunięcie przed zapieczętowaniem' }).click();
  await page.getByRole('heading', { name: 'Czy to dokładnie to, co zapisałeś?' }).waitFor();
  await assertPolish(page, 'the sealed move read back');
  await page.getByRole('button', { name: 'Zatrzymaj mój zegar: posunięcie zapieczętowane' }).click();
  await page.getByRole('heading', { name: 'Koperta (A2)' }).waitFor();
  await assertPolish(page, 'the envelope form');
  await page.getByLabel('Data wznowienia').fill('2026-12-02');
  await page.getByLabel('Godzina wznowienia').fill('10:00');
  await page.getByLabel('Miejsce wznowienia').fill('Hala');
  await page.getByLabel('Imię i nazwisko sędziego').fill('Irena Zielona');
  await page.getByLabel('PIN sędziego (co najmniej 4 znaki)').fill(PIN);
  await page.getByLabel('Ten sam PIN ponownie').fill('1111');
  await page.getByRole('button', { name: 'Zapieczętuj kopertę' }).click();
  await page.getByRole('alert').waitFor();
  await assertPolish(page, 'the envelope form refused');
  await page.getByLabel('Ten sam PIN ponownie').fill(PIN);
  await page.getByRole('button', { name: 'Zapieczętuj kopertę' }).click();
  await page.getByRole('heading', { name: 'Sprawdź kopertę (A3)' }).waitFor();
  await assertPolish(page, 'verifying the envelope');
  for (const box of await page.locator('.checklist input[type=checkbox]').all()) await box.check();
  await page.getByRole('button', { name: 'Koperta sprawdzona' }).click();
  await page.getByText('sprawdzona i przechowywana przez sędziego').waitFor();
  await assertPolish(page, 'adjournment: envelope kept');

  // The envelopes, one printed: no controls, the fingerprint, never the move.
  await page.getByRole('link', { name: 'Koperty', exact: true }).click();
  await page.getByRole('button', { name: 'Drukuj' }).waitFor();
  await assertPolish(page, 'envelopes');
  const fingerprint = (await page.locator('.fingerprint-code').innerText()).trim();
  await choosePrint(page, 'Drukuj');
  paper = await printed(page);
  assert.ok(paper.text.includes(fingerprint), 'the fingerprint is printed');
  assert.match(paper.text, /02\.12\.2026 10:00, Hala/);
  assert.deepEqual(paper.controls, []);
  assert.doesNotMatch(paper.text, /Eksportuj|Drukuj|Ustawienia/);
  assert.ok(!paper.text.includes(SEALED), 'the sealed move is not printed');
  assert.deepEqual(await pdfs(page, 'envelope-pl'), { A4: 1, Letter: 1 }, 'the envelope prints on one page');
  await page.emulateMedia({ media: 'screen' });

  // Resumption: set up, presence, the envelope opened, the move recorded.
  await page.getByRole('link', { name: 'Wznowienie' }).click();
  await page.getByRole('button', { name: 'Szachownica i zegary ustawione jak w zapisie' }).waitFor();
  await assertPolish(page, 'resumption: set up');
  await page.getByRole('button', { name: 'Szachownica i zegary ustawione jak w zapisie' }).click();
  await page.getByRole('heading', { name: 'Kto jest przy szachownicy? (A9)' }).waitFor();
  await assertPolish(page, 'resumption: presence');
  await page.getByLabel(`${BLACK} (czarne) jest obecny`).check();
  await page.getByRole('button', { name: 'Wznów grę' }).click();
  // White, who replies, is not here yet: the finding that he is more than
  // the limit late is refused, with the core's reason worded in Polish.
  await page.getByRole('button', { name: 'Białe spóźniły się ponad limit (A10)' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'A10' });
  assert.match(await refusal.innerText(), /A10: zawodnik spóźnia się 0:00:\d\d, a limit wynosi 1:00:00/);
  await assertPolish(page, 'resumption: a finding refused (A10)');
  await refusal.getByRole('button', { name: 'Zamknij' }).click();
  await page.getByRole('button', { name: `${WHITE} (Białe) przybywa teraz` }).click();
  await page.getByRole('heading', { name: 'Otwórz kopertę (A7)' }).waitFor();
  await page.getByLabel('PIN sędziego').fill('1357');
  await page.getByRole('button', { name: 'Otwórz kopertę' }).click();
  await page.getByRole('alert').waitFor();
  await assertPolish(page, 'resumption: wrong PIN');
  await page.getByLabel('PIN sędziego').fill(PIN);
  await page.getByRole('button', { name: 'Otwórz kopertę' }).click();
  await page.getByRole('button', { name: 'Zapisz je na blankiecie i uruchom zegar' }).click();
  await page.getByText('Zapieczętowane posunięcie jest na blankiecie, a zegar chodzi.').waitFor();
  await assertPolish(page, 'resumption: concluded');

  // Back to English, kept across a reload.
  await page.getByRole('link', { name: 'Ustawienia' }).click();
  await page.getByLabel('Język aplikacji (teksty, daty i liczby)').selectOption('en');
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  await page.reload();
  // A fresh page locks the arbiter's screens, in the language kept.
  await unlockGate(page, PIN);
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  await page.getByRole('link', { name: 'Games' }).click();
  await page.getByText('Last change:').first().waitFor();
  assert.deepEqual(leftovers, [], 'English left on the screens');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the adjournment\'s refusals and faults in Polish: a reply refused (A9c), a wrong sealed move (A8c)', async () => {
  const { page, errors, context } = await app.open('#/', { locale: 'pl-PL' });
  const before = leftovers.length;
  await page.getByRole('link', { name: 'Nowa partia' }).first().click();
  await page.getByLabel('Białe', { exact: true }).fill(WHITE);
  await page.getByLabel('Czarne', { exact: true }).fill(BLACK);
  await page.getByRole('button', { name: 'Utwórz partię' }).click();
  await page.getByRole('heading', { name: `${WHITE} – ${BLACK}` }).waitFor();

  // White seals 1. e4 and the envelope is kept.
  await page.getByRole('button', { name: 'Odłóż partię' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Odłóż' }).click();
  await page.getByLabel(/Twoje zapieczętowane posunięcie/).fill('e4');
  await page.getByRole('button', { name: 'Odczytaj moje posunięcie przed zapieczętowaniem' }).click();
  await page.getByRole('button', { name: 'Zatrzymaj mój zegar: posunięcie zapieczętowane' }).click();
  await page.getByLabel('Data wznowienia').fill('2026-12-02');
  await page.getByLabel('Godzina wznowienia').fill('10:00');
  await page.getByLabel('Miejsce wznowienia').fill('Hala');
  await page.getByLabel('Imię i nazwisko sędziego').fill('Irena Zielona');
  await page.getByLabel('PIN sędziego (co najmniej 4 znaki)').fill(PIN);
  await page.getByLabel('Ten sam PIN ponownie').fill(PIN);
  await page.getByRole('button', { name: 'Zapieczętuj kopertę' }).click();
  for (const box of await page.locator('.checklist input[type=checkbox]').all()) await box.check();
  await page.getByRole('button', { name: 'Koperta sprawdzona' }).click();

  // Resumption: Black, who replies, is here; White, who sealed, is not.
  await page.getByRole('link', { name: 'Wznowienie' }).click();
  await page.getByRole('button', { name: 'Szachownica i zegary ustawione jak w zapisie' }).click();
  await page.getByLabel(`${BLACK} (czarne) jest obecny`).check();
  await page.getByRole('button', { name: 'Wznów grę' }).click();
  await page.getByLabel('PIN sędziego').fill(PIN);
  await page.getByRole('button', { name: 'Otwórz kopertę' }).click();
  await page.getByRole('button', { name: 'Zapisz je na blankiecie i uruchom zegar' }).click();
  await page.getByText('Zapieczętowane posunięcie jest na blankiecie, a zegar chodzi.').waitFor();

  // A9c: Black seals a reply (the king onto his own pawn: illegal); a PIN
  // too short for the envelope is refused with the reason, in Polish.
  await page.getByText(/odpowiedź pieczętuje się w nowej kopercie \(A9c\)/).click();
  await page.getByLabel(/Twoje zapieczętowane posunięcie/).fill('Ke7');
  await page.getByRole('button', { name: 'Odczytaj moje posunięcie przed zapieczętowaniem' }).click();
  await page.getByRole('button', { name: 'Zatrzymaj mój zegar: posunięcie zapieczętowane' }).click();
  await page.getByLabel('PIN sędziego do odpowiedzi (co najmniej 4 znaki)').fill('12');
  await page.getByLabel('Ten sam PIN ponownie').fill('12');
  await page.getByRole('button', { name: 'Zapieczętuj odpowiedź' }).click();
  const refused = page.locator('.seal-reply').getByRole('alert');
  assert.match(await refused.innerText(), /PIN/);
  await assertPolish(page, 'A9c: the reply refused');
  await page.getByLabel('PIN sędziego do odpowiedzi (co najmniej 4 znaki)').fill(PIN);
  await page.getByLabel('Ten sam PIN ponownie').fill(PIN);
  await page.getByRole('button', { name: 'Zapieczętuj odpowiedź' }).click();
  await page.getByText(/Odpowiedź jest zapieczętowana w nowej kopercie \(A9c\)/).waitFor();

  // White arrives; the reply is opened, and it is illegal: Black loses (A8c).
  await page.getByRole('button', { name: `${WHITE} (Białe) przybywa teraz` }).click();
  await page.getByLabel('PIN sędziego').fill(PIN);
  await page.getByRole('button', { name: 'Otwórz kopertę' }).click();
  const rulings = page.getByRole('region', { name: 'Decyzje' });
  await rulings.getByText(/A8c/).waitFor();
  assert.match(await rulings.innerText(), /A8c[^\n]*nieprawidłowe[^\n]*Wynik: wygrywają białe\./);
  await assertPolish(page, 'A8c: a wrong sealed move');
  assert.deepEqual(leftovers.slice(before), [], 'English left on the screens');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Polish plurals agree with 1, 3 and 5 half-moves (CLDR rules)', async () => {
  const { page, errors, context } = await app.open('#/', { locale: 'pl-PL' });
  const games = ['1. Nf3 *', '1. Nf3 Nf6 2. Ng1 *', '1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 *']
    .map((moves, i) => `[White "Liczba, ${i}"]\n[Black "Mnoga, ${i}"]\n\n${moves}\n`);
  await page.getByRole('button', { name: 'Importuj PGN', exact: true }).click();
  await page.getByLabel('Albo wklej PGN').fill(games.join('\n'));
  await page.getByRole('button', { name: 'Importuj wklejony PGN' }).click();
  await page.getByText('Zaimportowano partie (3):').waitFor();
  const links = await page.locator('.import-result a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  const expected = [
    /1 półruch \(0 posunięć każdego zawodnika\)/,
    /3 półruchy \(1 posunięcie każdego zawodnika\)/,
    /5 półruchów \(2 posunięcia każdego zawodnika\)/,
  ];
  for (const [i, href] of links.entries()) {
    await go(page, href.replace(/\/review$/, '/scoresheet').replace(/^.*#/, '#'));
    const claims = page.locator('.claims');
    await claims.locator('summary', { hasText: 'Reklamacje na podstawie zapisu (9.2, 9.3)' }).click();
    await claims.getByText(/Zasada 50 posunięć/).waitFor();
    assert.match(await claims.innerText(), expected[i]);
  }
  await page.setViewportSize({ width: 1180, height: 820 });
  await page.screenshot({ path: 'tests/e2e/output/polish-plurals-1180x820.png' });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the browser\'s language chooses Polish until the arbiter chooses', async () => {
  const { page, errors, context } = await app.open('#/', { locale: 'pl-PL' });
  await page.getByRole('heading', { name: 'Partie', level: 1 }).waitFor();
  await assertPolish(page, 'games list from the browser\'s language');
  await page.getByRole('link', { name: 'Ustawienia' }).click();
  assert.equal(await page.getByLabel('Język aplikacji (teksty, daty i liczby)').inputValue(), 'pl');
  await page.getByLabel('Język aplikacji (teksty, daty i liczby)').selectOption('en');
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  await page.reload();
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  assert.deepEqual(leftovers, [], 'English left on the screens');
  assert.deepEqual(errors, []);
  await context.close();
});

test('every control is reached by Tab with a visible focus ring; dialogs keep and give back the focus', async () => {
  const { page, errors, context } = await app.open('#/new');
  await page.getByLabel('White', { exact: true }).fill('Tab, Tina');
  await page.getByLabel('Black', { exact: true }).fill('Key, Karl');
  await page.getByRole('button', { name: 'Create game' }).click();
  await page.getByRole('heading', { name: 'Tab, Tina – Key, Karl' }).waitFor();

  /// Tabs through the page once; returns what took the focus and whether it showed a ring.
  async function tabThrough() {
    await page.evaluate(() => document.activeElement?.blur());
    const seen = [];
    for (let i = 0; i < 80; i += 1) {
      await page.keyboard.press('Tab');
      const at = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
        return { name: (el.getAttribute('aria-label') || el.innerText || el.name || el.tagName).trim().slice(0, 40), ring, visible: el.matches(':focus-visible') };
      });
      if (!at) break;
      if (seen.length && seen[0].name === at.name && seen.length > 3) break;
      seen.push(at);
    }
    return seen;
  }

  const game = await tabThrough();
  const names = game.map((s) => s.name);
  for (const control of ['Clock', 'Scoresheet', 'Review and PGN', "Arbiter's rulings", 'Edit details', 'Adjourn', 'Delete game']) {
    assert.ok(names.includes(control), `${control} is reached by Tab: ${names}`);
  }
  for (const s of game) assert.ok(s.ring && s.visible, `${s.name} shows its focus`);

  // A dialog opened from the keyboard takes the focus, keeps Tab inside, closes on Escape.
  await page.getByRole('button', { name: 'Delete game' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  const inside = async () => page.evaluate(() => !!document.activeElement?.closest('[aria-modal="true"]'));
  assert.ok(await inside(), 'the dialog takes the focus');
  for (let i = 0; i < 4; i += 1) {
    await page.keyboard.press('Tab');
    assert.ok(await inside(), 'Tab stays in the dialog');
  }
  await page.keyboard.press('Shift+Tab');
  assert.ok(await inside(), 'Shift+Tab stays in the dialog');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement?.innerText), 'Delete game', 'the focus comes back');

  // The settings, the scoresheet: every control reachable, every one with its ring.
  for (const hash of ['#/settings', `${page.url().split('#')[1].replace(/^\//, '#/')}/scoresheet`]) {
    await go(page, hash);
    await page.locator('h1').first().waitFor();
    const seen = await tabThrough();
    assert.ok(seen.length > 3, `${hash}: controls reached`);
    for (const s of seen) assert.ok(s.ring && s.visible, `${hash}: ${s.name} shows its focus`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});
