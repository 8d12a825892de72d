// The app's English words, read from its source rather than kept by hand:
// every word of every string literal in the app (src/) and in the rules
// core's text (crates/laws/src/), less the words its Polish text uses too
// (names, abbreviations: PIN, PGN, FIDE, Arbiter...): the second text of
// each t!/tf! pair, and any literal with Polish letters. A Polish screen
// showing one of them shows English left untranslated.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';

async function rustFiles(dir) {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...await rustFiles(path));
    else if (entry.name.endsWith('.rs')) found.push(path);
  }
  return found;
}

const LITERAL = /"((?:[^"\\\n]|\\.)*)"/g;
// t!("English", "Polish") and tf!("English", "Polish", ...): the second literal.
const PAIR = /\btf?!\(\s*"(?:[^"\\]|\\.)*"\s*,\s*"((?:[^"\\]|\\.)*)"/g;

// plural(n, ["time", "times"], ["raz", "razy", "razy"]): three forms are Polish's.
const POLISH_FORMS = /\[\s*"([^"]*)"\s*,\s*"([^"]*)"\s*,\s*"([^"]*)"\s*\]/g;
const POLISH_LETTERS = /[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ„]/;

export const words = (text) => (text.match(/[A-Za-z]{3,}/g) ?? []).map((w) => w.toLowerCase());

/// The English words, and the Polish text's own words left out of them.
export async function englishWords() {
  const sources = [...await rustFiles('src'), ...await rustFiles('crates/laws/src')];
  const english = new Set();
  const polish = new Set();
  for (const file of sources) {
    const text = await readFile(file, 'utf8');
    // Comments are not shown; doc comments hold examples in quotes.
    const code = text.split('\n').filter((line) => !line.trim().startsWith('//')).join('\n');
    for (const [, literal] of code.matchAll(LITERAL)) {
      // Polish written alone (what an article rules, in src/text/laws_text/) is Polish.
      const set = POLISH_LETTERS.test(literal) ? polish : english;
      for (const w of words(literal)) set.add(w);
    }
    for (const [, literal] of code.matchAll(PAIR)) for (const w of words(literal)) polish.add(w);
    for (const forms of code.matchAll(POLISH_FORMS)) for (const w of words(forms.slice(1).join(' '))) polish.add(w);
  }
  for (const w of polish) english.delete(w);
  return english;
}
