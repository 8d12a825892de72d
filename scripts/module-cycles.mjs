// Fails when the modules of a Rust crate import each other in a cycle.
//   node scripts/module-cycles.mjs [--edges] CRATE_SRC_OR_ROOT_FILE...
//   node scripts/module-cycles.mjs --self-test
//
// The graph: the crate's module files, found from its root (lib.rs, else
// main.rs, or the .rs file given) by following `mod x;` (x.rs or x/mod.rs),
// each grouped under its top-level module (`crate::x`: x.rs, x/mod.rs and
// every file below x/). A module and its submodules are one unit, so
// `super::` between parent and child, and siblings inside one top-level
// module, are normal Rust and never count. Between top-level modules the
// imports must form a DAG. A folder whose module file declares submodules
// and nothing else (`components`, `event`) is only a namespace: each of its
// submodules is a unit of its own (`components::common::field`), so files
// that merely share a folder may not import each other in a cycle either. The crate root itself is the node `crate`
// (its `mod` lines are no edges; its `use` lines and items used from it are).
//
// An edge A -> B is any path from a file of A that names B: `use` trees
// (grouped `use crate::{a, b::c}` too), paths in code (`crate::b::f()`,
// `super::super::b`, `self::`, a child module's name), paths written as
// strings in serde attributes (`#[serde(with = "crate::b::hex")]`), and
// invoking a `#[macro_export]` macro defined in B. Comments (`//`, `///`, `//!`, block
// comments, so doctests too), string and char literals, and `#[cfg(test)]`
// items are left out: tests may build their fixtures from any module.
// Binaries beside the library (src/main.rs, src/bin/*) are crates of their
// own that use the library by name, so they cannot close a cycle with it;
// give a binary's root file to check its own modules.
//
// Prints the cycles found as paths (`game -> adjournment -> game`: for each
// group of modules that reach each other, the shortest cycle through each
// one), with the first reference behind each edge, and exits 1; or one
// summary line per crate and exits 0. `--edges` also lists every edge between top-level
// modules with its first reference.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { basename, dirname, join, relative } from 'node:path';

const IDENT = /[A-Za-z_][A-Za-z0-9_]*/y;

// The source with comments and the contents of string and char literals
// replaced by spaces (newlines kept), so offsets and line numbers hold.
export const strip = (src) => {
  const out = src.split('');
  const blank = (from, to) => {
    for (let i = from; i < to; i++) if (out[i] !== '\n') out[i] = ' ';
  };
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    const next = src[i + 1];
    if (c === '/' && next === '/') {
      const end = src.indexOf('\n', i);
      const stop = end < 0 ? src.length : end;
      blank(i, stop);
      i = stop;
    } else if (c === '/' && next === '*') {
      let depth = 1;
      let j = i + 2;
      while (j < src.length && depth > 0) {
        if (src[j] === '/' && src[j + 1] === '*') (depth++, (j += 2));
        else if (src[j] === '*' && src[j + 1] === '/') (depth--, (j += 2));
        else j++;
      }
      blank(i, j);
      i = j;
    } else if (/[A-Za-z0-9_]/.test(c)) {
      // A raw string (r"..", r#".."#, br#".."#) or a byte string starts with
      // a letter; any other identifier is skipped whole.
      const raw = /^(?:br|r)(#*)"/.exec(src.slice(i, i + 300));
      if (raw && (i === 0 || !/[A-Za-z0-9_]/.test(src[i - 1]))) {
        const close = `"${raw[1]}`;
        const start = i + raw[0].length;
        const end = src.indexOf(close, start);
        const stop = end < 0 ? src.length : end;
        blank(start, stop);
        i = stop + close.length;
      } else {
        let j = i;
        while (j < src.length && /[A-Za-z0-9_]/.test(src[j])) j++;
        i = j;
      }
    } else if (c === '"') {
      let j = i + 1;
      while (j < src.length && src[j] !== '"') j += src[j] === '\\' ? 2 : 1;
      blank(i + 1, j);
      i = j + 1;
    } else if (c === "'") {
      // A char literal ('a', '\n', '\u{1F600}', '\''), or else a lifetime.
      if (next === '\\') {
        let j = i + 2;
        while (j < src.length && src[j] !== "'") j += src[j] === '\\' ? 2 : 1;
        blank(i + 1, j);
        i = j + 1;
      } else {
        const cp = src.codePointAt(i + 1);
        const width = cp > 0xffff ? 2 : 1;
        if (cp !== undefined && src[i + 1 + width] === "'") {
          blank(i + 1, i + 1 + width);
          i = i + 2 + width;
        } else i++;
      }
    } else i++;
  }
  return out.join('');
};

// The end (exclusive) of the block whose `{` is at `open`.
const blockEnd = (text, open) => {
  let depth = 0;
  for (let j = open; j < text.length; j++) {
    if (text[j] === '{') depth++;
    else if (text[j] === '}' && --depth === 0) return j + 1;
  }
  return text.length;
};

const blankRange = (text, from, to) => text.slice(0, from) + text.slice(from, to).replace(/[^\n]/g, ' ') + text.slice(to);

// `#[cfg(test)]` items blanked out: the attribute, any attributes after it,
// and the item up to its `;` or the end of its block.
const dropTestItems = (text) => {
  const attr = /#\s*\[\s*cfg\s*\(\s*test\s*\)\s*\]/g;
  let m;
  while ((m = attr.exec(text))) {
    let j = m.index + m[0].length;
    for (;;) {
      while (/\s/.test(text[j] ?? '')) j++;
      if (text[j] !== '#') break;
      j = text.indexOf(']', j) + 1; // attributes after it hold no brackets that matter here
    }
    const semi = text.indexOf(';', j);
    const brace = text.indexOf('{', j);
    const end = brace >= 0 && (semi < 0 || brace < semi) ? blockEnd(text, brace) : semi + 1;
    text = blankRange(text, m.index, end);
    attr.lastIndex = m.index;
  }
  return text;
};

const lineAt = (text, offset) => {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text[i] === '\n') line++;
  return line;
};

// The paths a use tree names, each a list of segments:
// `crate::{a, b::{self, C}}` gives [crate,a], [crate,b], [crate,b,C].
export const useTreePaths = (tree) => {
  const tokens = tree.match(/::|[{},*]|[A-Za-z_][A-Za-z0-9_]*/g) ?? [];
  let k = 0;
  const paths = [];
  const parse = (prefix) => {
    const segs = [...prefix];
    for (;;) {
      const tok = tokens[k];
      if (tok === '{') {
        k++;
        while (tokens[k] !== undefined && tokens[k] !== '}') {
          parse(segs);
          if (tokens[k] === ',') k++;
        }
        k++;
        return;
      }
      if (tok === '*') {
        k++;
        paths.push(segs);
        return;
      }
      if (tok === undefined || tok === ',' || tok === '}') {
        paths.push(segs);
        return;
      }
      if (tok === '::') {
        k++;
        continue;
      }
      k++;
      if (tok === 'as') {
        k++; // the alias
        paths.push(segs);
        return;
      }
      if (tok === 'self' && prefix.length > 0 && segs.length === prefix.length) {
        continue; // `b::{self}` names b itself
      }
      segs.push(tok);
    }
  };
  while (k < tokens.length) {
    parse([]);
    if (tokens[k] === ',') k++;
  }
  return paths;
};

// One crate's module files and the references in each.
export const crateGraph = (rootFile) => {
  const files = []; // { file, modPath, text, children }
  const modules = new Set(['']); // module paths joined by '::', inline ones too
  const macros = new Map(); // exported macro name -> module path
  const warnings = [];
  const load = (file, modPath, isDirOwner) => {
    const src = readFileSync(file, 'utf8');
    const text = dropTestItems(strip(src));
    // Paths in serde's string attributes, where the key itself is code.
    const attrPaths = [];
    const attr = /\b(with|serialize_with|deserialize_with|default|skip_serializing_if|getter)\s*=\s*"([^"]+)"/g;
    let a;
    while ((a = attr.exec(src))) {
      if (text.startsWith(a[1], a.index)) attrPaths.push({ offset: a.index, path: a[2] });
    }
    if (/#\s*\[\s*path\s*=/.test(text)) warnings.push(`${file}: #[path] is not followed; its modules are missed`);
    const entry = { file, modPath, text, inline: [], attrPaths };
    files.push(entry);
    modules.add(modPath.join('::'));
    const inlineMod = /\bmod\s+([A-Za-z_][A-Za-z0-9_]*)\s*\{/g;
    let m;
    while ((m = inlineMod.exec(text))) {
      const open = m.index + m[0].length - 1;
      entry.inline.push({ name: m[1], start: open, end: blockEnd(text, open) });
    }
    const macroDef = /#\s*\[\s*macro_export\s*\]\s*(?:#\s*\[[^\]]*\]\s*)*macro_rules\s*!\s*([A-Za-z_][A-Za-z0-9_]*)/g;
    while ((m = macroDef.exec(text))) macros.set(m[1], modPath);
    const childDir = isDirOwner ? dirname(file) : join(dirname(file), basename(file, '.rs'));
    const decl = /\bmod\s+([A-Za-z_][A-Za-z0-9_]*)\s*;/g;
    while ((m = decl.exec(text))) {
      const inner = scopeAt(entry, m.index);
      const dir = join(childDir, ...inner);
      const path = [...modPath, ...inner, m[1]];
      const flat = join(dir, `${m[1]}.rs`);
      const nested = join(dir, m[1], 'mod.rs');
      if (existsSync(flat)) load(flat, path, false);
      else if (existsSync(nested)) load(nested, path, true);
      else warnings.push(`${file}:${lineAt(text, m.index)}: no file for \`mod ${m[1]};\``);
    }
    for (const { name, start } of entry.inline) modules.add([...modPath, ...scopeAt(entry, start), name].join('::'));
  };
  load(rootFile, [], true);
  return { files, modules, macros, warnings };
};

// The inline modules (`mod x { .. }`) around an offset, outermost first.
const scopeAt = (entry, offset) =>
  entry.inline.filter(({ start, end }) => start < offset && offset < end).map(({ name }) => name);

// The module a path names, as a module path, or null for an outside crate.
const resolve = (graph, here, segs) => {
  let base;
  let rest;
  if (segs[0] === 'crate' || segs[0] === '$crate') {
    base = [];
    rest = segs.slice(1);
  } else if (segs[0] === 'self' || segs[0] === 'super') {
    base = [...here];
    let k = 0;
    if (segs[0] === 'self') k = 1;
    while (segs[k] === 'super') {
      base.pop();
      k++;
    }
    rest = segs.slice(k);
  } else if (graph.modules.has([...here, segs[0]].join('::'))) {
    base = [...here];
    rest = segs;
  } else return null;
  const path = [...base];
  for (const seg of rest) {
    if (!graph.modules.has([...path, seg].join('::'))) {
      if (path.length === 0 && graph.macros.has(seg)) return graph.macros.get(seg);
      break;
    }
    path.push(seg);
  }
  return path;
};

// The module paths (joined by '::') whose file declares submodules and
// nothing else: namespaces, not units. The crate root never is one.
const namespaces = (graph) =>
  new Set(
    graph.files
      .filter(({ modPath, text }) => modPath.length > 0 && !text.replace(/\b(?:pub(?:\s*\([^)]*\))?\s+)?mod\s+[A-Za-z_][A-Za-z0-9_]*\s*;/g, '').trim())
      .map(({ modPath }) => modPath.join('::')),
  );

// Edges between units (top-level modules, or a namespace's submodules):
// Map from -> Map to -> first reference.
export const topLevelEdges = (graph, root) => {
  const edges = new Map();
  const spaces = namespaces(graph);
  const top = (modPath) => {
    if (!modPath.length) return 'crate';
    let k = 1;
    while (k < modPath.length && spaces.has(modPath.slice(0, k).join('::'))) k++;
    return modPath.slice(0, k).join('::');
  };
  for (const entry of graph.files) edges.set(top(entry.modPath), edges.get(top(entry.modPath)) ?? new Map());
  const add = (entry, offset, target, what) => {
    const from = top(entry.modPath);
    const to = top(target);
    if (from === to) return;
    const out = edges.get(from);
    if (!out.has(to))
      out.set(to, `${relative(root, entry.file)}:${lineAt(entry.text, offset)} ${what.replace(/\s+/g, ' ').trim()}`);
  };
  for (const entry of graph.files) {
    let text = entry.text;
    const here = (offset) => [...entry.modPath, ...scopeAt(entry, offset)];
    // `use` trees, then blanked so that code paths do not see them again.
    const use = /\buse\s+([^;]*);/g;
    let m;
    while ((m = use.exec(text))) {
      for (const segs of useTreePaths(m[1])) {
        const target = resolve(graph, here(m.index), segs);
        if (target) add(entry, m.index, target, `use ${m[1]}`);
      }
    }
    text = text.replace(/\buse\s+[^;]*;/g, (s) => s.replace(/[^\n]/g, ' '));
    // Paths in code: crate::a::b, super::x, self::x, child::x.
    const path = /(?<![A-Za-z0-9_:])(\$?[A-Za-z_][A-Za-z0-9_]*)((?:\s*::\s*[A-Za-z_][A-Za-z0-9_]*)+)/g;
    while ((m = path.exec(text))) {
      const segs = [m[1], ...m[2].split('::').map((s) => s.trim()).filter(Boolean)];
      const target = resolve(graph, here(m.index), segs);
      if (target) add(entry, m.index, target, m[0]);
    }
    for (const { offset, path: written } of entry.attrPaths) {
      const target = resolve(graph, here(offset), written.split('::'));
      if (target) add(entry, offset, target, `"${written}"`);
    }
    // Exported macros invoked by name.
    const call = /(?<![A-Za-z0-9_:.$])([A-Za-z_][A-Za-z0-9_]*)\s*!\s*[([{]/g;
    while ((m = call.exec(text))) {
      if (graph.macros.has(m[1])) add(entry, m.index, graph.macros.get(m[1]), `${m[1]}!`);
    }
  }
  return edges;
};

// Strongly connected components with more than one node (Tarjan).
const cyclicComponents = (edges) => {
  let index = 0;
  const stack = [];
  const info = new Map();
  const found = [];
  const visit = (v) => {
    info.set(v, { index, low: index, onStack: true });
    index++;
    stack.push(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!info.has(w)) {
        visit(w);
        info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
      } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
    }
    if (info.get(v).low === info.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        info.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!info.has(v)) visit(v);
  return found;
};

// The shortest cycle through each node of a component, each told once.
const cyclesOf = (edges, component) => {
  const inside = new Set(component);
  const cycles = new Map();
  for (const start of component) {
    const prev = new Map([[start, null]]);
    const queue = [start];
    let closing = null;
    while (queue.length && !closing) {
      const v = queue.shift();
      for (const w of [...(edges.get(v)?.keys() ?? [])].sort()) {
        if (!inside.has(w)) continue;
        if (w === start) {
          closing = v;
          break;
        }
        if (!prev.has(w)) (prev.set(w, v), queue.push(w));
      }
    }
    const cycle = [];
    for (let v = closing; v !== null; v = prev.get(v)) cycle.unshift(v);
    const first = cycle.indexOf([...cycle].sort()[0]);
    const turned = [...cycle.slice(first), ...cycle.slice(0, first)];
    cycles.set(turned.join(' '), turned);
  }
  return [...cycles.values()];
};

// Checks one crate; returns the cycles found (lists of module names).
export const check = (target, { showEdges = false, log = console.log } = {}) => {
  const isFile = statSync(target).isFile();
  const rootFile = isFile
    ? target
    : [join(target, 'lib.rs'), join(target, 'main.rs')].find((f) => existsSync(f));
  if (!rootFile) throw new Error(`${target}: no lib.rs or main.rs`);
  const graph = crateGraph(rootFile);
  for (const w of graph.warnings) log(`module-cycles: warning: ${w}`);
  const root = dirname(rootFile);
  const edges = topLevelEdges(graph, root);
  if (showEdges)
    for (const [from, out] of [...edges].sort())
      for (const [to, why] of [...out].sort()) log(`  ${from} -> ${to}    ${why}`);
  const cycles = cyclicComponents(edges).flatMap((component) => cyclesOf(edges, component));
  for (const cycle of cycles) {
    log(`module-cycles: ${target}: cycle ${[...cycle, cycle[0]].join(' -> ')}`);
    cycle.forEach((from, k) => {
      const to = cycle[(k + 1) % cycle.length];
      log(`    ${from} -> ${to}: ${edges.get(from).get(to)}`);
    });
  }
  const count = `${edges.size} units (${graph.files.length} files)`;
  log(`module-cycles: ${target}: ${count}, ${cycles.length ? `${cycles.length} cycle(s)` : 'no cycle'}`);
  return { cycles, edges };
};

// A crate with a known cycle (a -> b -> d -> a, through a grouped use, a
// path in code and `super::super::`), an edge by macro (b -> c), one by a
// serde attribute (e -> c), and
// references that must not count (comments, doctests, strings, chars,
// tests, parent and child).
const selfTest = () => {
  const dir = mkdtempSync(join(tmpdir(), 'module-cycles-'));
  const write = (file, text) => {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  };
  try {
    write('lib.rs', '//! See crate::c::X.\npub mod a;\npub mod b;\npub mod c;\nmod d;\nmod e;\nmod f;\n');
    // A namespace: f's two files are units of their own, and import each other.
    write('f.rs', '//! Only a folder.\npub mod g;\npub mod h;\n');
    write('f/g.rs', 'use crate::f::h::H;\npub struct G;\n');
    write('f/h.rs', 'use super::g::G;\npub struct H;\n');
    write('e.rs', '// #[serde(with = "crate::a::x")]\n#[serde(default = "crate::c::h")]\npub struct S;\n');
    write('a.rs', 'use crate::{\n    b::{self, Thing as Other},\n    c,\n};\npub struct Y;\n');
    write(
      'b.rs',
      [
        '/// ```',
        '/// use crate::a::Y;',
        '/// ```',
        'pub fn f() -> &\'static str { super::d::g(); shout!(); "crate::a::x" }',
        'pub struct Thing;',
      ].join('\n'),
    );
    write(
      'c.rs',
      [
        '/* crate::a::Y /* nested */ crate::d::g */',
        '#[macro_export]',
        'macro_rules! shout { () => { $crate::c::h("") }; }',
        "pub fn h<'a>(s: &'a str) -> char { let _ = r#\"super::a::Y\"#; '{' }",
        '#[cfg(test)]',
        'mod tests {',
        '    use crate::a::Y;',
        '}',
      ].join('\n'),
    );
    write('d/mod.rs', 'mod inner;\npub fn g() {}\n');
    write('d/inner.rs', 'use super::super::a::Y;\nuse super::g;\n');
    const lines = [];
    const { cycles, edges } = check(dir, { log: (l) => lines.push(l) });
    const got = [...edges].flatMap(([from, out]) => [...out.keys()].map((to) => `${from}->${to}`)).sort();
    const want = ['a->b', 'a->c', 'b->c', 'b->d', 'd->a', 'e->c', 'f::g->f::h', 'f::h->f::g'];
    const problems = [];
    if (got.join(' ') !== want.join(' ')) problems.push(`edges ${got.join(' ')}, expected ${want.join(' ')}`);
    const named = cycles.map((c) => c.join(' ')).sort().join('|');
    if (named !== 'a b d|f::g f::h') problems.push(`cycles ${JSON.stringify(cycles)}`);
    if (!lines.some((l) => l.endsWith('cycle a -> b -> d -> a'))) problems.push(`output:\n${lines.join('\n')}`);
    // Without d -> a and h -> g the same crate has no cycle.
    write('d/inner.rs', 'use super::g;\n');
    write('f/h.rs', 'pub struct H;\n');
    if (check(dir, { log: () => {} }).cycles.length) problems.push('a cycle found in an acyclic crate');
    if (problems.length) {
      console.error(`module-cycles: self-test failed:\n  ${problems.join('\n  ')}`);
      process.exit(1);
    }
    console.log('module-cycles: self-test passed');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  if (args.includes('--self-test')) selfTest();
  else {
    const showEdges = args.includes('--edges');
    const targets = args.filter((a) => !a.startsWith('--'));
    if (!targets.length) {
      console.error('usage: node scripts/module-cycles.mjs [--edges] CRATE_SRC_OR_ROOT_FILE... | --self-test');
      process.exit(2);
    }
    let failed = false;
    for (const target of targets) if (check(target, { showEdges }).cycles.length) failed = true;
    process.exit(failed ? 1 : 0);
  }
}
