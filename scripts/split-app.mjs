// Builds the app's wasm split in modules: the main module (the shell and the
// list of games) and one module per group of screens (`#[lazy]` in
// src/app.rs), which the browser fetches the first time a screen is shown.
// Trunk has no step for this, so this script, run by Trunk after each build
// (Trunk.toml), does the app's part of the build in the staging folder:
//   cargo build → wasm-split-cli → wasm-bindgen → wasm-opt -Oz on each module
//   → each module's data segments joined (scripts/data-segments.mjs),
// then writes them into a folder named after their content (a new build
// never meets an old file in a cache) and loads it from index.html.
//   node scripts/split-app.mjs          (as a Trunk hook)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import binaryen from 'binaryen';

import { joinDataSegments } from './data-segments.mjs';

const root = new URL('..', import.meta.url).pathname;
const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) {
  console.error('split-app: run by Trunk (TRUNK_STAGING_DIR is not set)');
  process.exit(2);
}
const release = (process.env.TRUNK_PROFILE ?? 'release') === 'release';
const targetDir = process.env.CARGO_TARGET_DIR ?? join(root, 'target');
const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: 'inherit' });

// The analyser worker links the app's library, and with it every screen's
// split function: one that calls another screen's module itself makes the
// worker import that module, and the worker then cannot start.
const worker = readdirSync(staging).find((f) => /^analyser.*\.wasm$/.test(f));
if (!worker) throw new Error('split-app: no analyser worker among the built files');
const workerSplits = WebAssembly.Module.imports(new WebAssembly.Module(readFileSync(join(staging, worker))))
  .filter((i) => i.module.startsWith('__wasm_split'));
if (workerSplits.length) {
  throw new Error(`split-app: the worker ${worker} imports screens' modules (${workerSplits.map((i) => i.name).join(', ')}): `
    + "a screen's module calls another's; have the shell (src/app.rs) hand it the call");
}

run('cargo', ['build', '--target', 'wasm32-unknown-unknown', '--bin', 'arbiter',
  ...(release ? ['--release'] : [])]);
const built = join(targetDir, 'wasm32-unknown-unknown', release ? 'release' : 'debug', 'arbiter.wasm');

const work = join(targetDir, 'split-app');
rmSync(work, { recursive: true, force: true });
const split = join(work, 'split');
const app = join(work, 'app');
mkdirSync(split, { recursive: true });
// The main module, arbiter.wasm, for wasm-bindgen; the screens' modules and
// their loader (__wasm_split.js, importing initSync from ./arbiter.js).
run('wasm-split-cli', ['--target', 'web', '--out-name', 'arbiter', built, split]);
// The split modules call into the main one through the exports lld made.
run('wasm-bindgen', ['--target', 'web', '--keep-lld-exports', '--no-typescript',
  '--out-dir', app, '--out-name', 'arbiter', join(split, 'arbiter.wasm')]);
for (const file of readdirSync(split)) {
  if (file !== 'arbiter.wasm') cpSync(join(split, file), join(app, file));
}
// The loader resumes the Rust code that asked for a module in the task that
// instantiated the module's last file. It resumes it in a task of its own
// instead (by a message, as `src/platform/next_task.rs` does): on a cold start each is
// long (fresh code runs slowest the first time), and together they would
// hold the page for twice as long.
const loaderFile = join(app, '__wasm_split.js');
const resume = '} finally {\n            const sharedImports = getSharedImports();';
const loaderText = readFileSync(loaderFile, 'utf8');
if (!loaderText.includes(resume)) throw new Error('split-app: __wasm_split.js resumes its caller in a way not known');
// Each file's fetch starts before its chunks are in, and is awaited only
// after them: a fetch that fails meanwhile (a phone gone offline) would be
// reported as an unhandled rejection, though the load's failure reaches
// the Rust code that asked (the players' copy says what did not come).
const fetched = 'return async (imports) => (WebAssembly.instantiateStreaming(src, imports));';
if (!loaderText.includes(fetched)) throw new Error('split-app: __wasm_split.js fetches its files in a way not known');
writeFileSync(loaderFile, loaderText.replace(resume,
  '} finally {\n            await new Promise((next) => { const c = new MessageChannel(); c.port1.onmessage = () => next(); c.port2.postMessage(null); });\n'
  + '            const sharedImports = getSharedImports();')
  .replaceAll(fetched, `src.catch(() => {});\n    ${fetched}`));
// wasm-opt -Oz on every module, in this process: the modules are many and
// small, and npm's wasm-opt pays Node's start-up for each.
if (release) {
  const { Features } = binaryen;
  // What Rust's wasm32 target emits.
  const features = Features.MutableGlobals | Features.NontrappingFPToInt | Features.BulkMemory
    | Features.BulkMemoryOpt | Features.SignExt | Features.ReferenceTypes | Features.Multivalue;
  binaryen.setOptimizeLevel(2);
  binaryen.setShrinkLevel(2);
  // ARBITER_WASM_NAMES=1 keeps the functions' names, for a profile to name
  // where the time goes (docs/performance.md); a build for players drops them.
  binaryen.setDebugInfo(process.env.ARBITER_WASM_NAMES === '1');
  for (const file of readdirSync(app).filter((f) => f.endsWith('.wasm'))) {
    const module = binaryen.readBinary(readFileSync(join(app, file)));
    module.setFeatures(features);
    module.optimize();
    writeFileSync(join(app, file), module.emitBinary());
    module.dispose();
  }
}
// The main module is instantiated before any other: it may fill the gaps
// between its segments, where the other modules' data goes, with zeros.
for (const file of readdirSync(app).filter((f) => f.endsWith('.wasm'))) {
  const wasm = readFileSync(join(app, file));
  writeFileSync(join(app, file), joinDataSegments(wasm, { fillGaps: file === 'arbiter_bg.wasm' }));
}

const hash = createHash('sha256');
const files = readdirSync(app).sort();
for (const file of files) hash.update(`\0${file}\0`).update(readFileSync(join(app, file)));
const folder = `app-${hash.digest('hex').slice(0, 12)}`;
cpSync(app, join(staging, folder), { recursive: true });

// index.html starts the app: the module and its wasm fetched at once, and
// the screens' loader (1 KB), so that a screen opened cold by its link
// fetches its files as soon as the main module asks, not a round trip later.
// The screens' files themselves come after the main module, which then
// has the network to itself and names the game at once (app.rs, `opening`).
// A players' link (#/pgn/…) opens its own screen alone, on a phone that
// has no listing to name the game first: its files are asked for with the
// main module, so they come while it compiles instead of after it.
const page = join(staging, 'index.html');
const loader = readFileSync(join(app, '__wasm_split.js'), 'utf8');
const copy = loader.match(/__wasm_split_load_players_copy = [\s\S]*?new URL\("\.\/(split_players_copy\.wasm)"[\s\S]*?, \[([^\]]*)\]\)\)/);
if (!copy) throw new Error("split-app: the screens' loader has no players' copy");
const copyFiles = [copy[1], ...copy[2].split(',').map((d) => d.trim()).filter(Boolean).map((d) => `${d.replace(/^__/, '')}.wasm`)];
const start = [
  `<link rel="modulepreload" href="./${folder}/arbiter.js" />`,
  `<link rel="preload" href="./${folder}/arbiter_bg.wasm" as="fetch" type="application/wasm" crossorigin />`,
  `<link rel="modulepreload" href="./${folder}/__wasm_split.js" />`,
  `<script>if(location.hash.startsWith("#/pgn/"))for(const f of ${JSON.stringify(copyFiles)}){const l=document.createElement("link");l.rel="preload";l.as="fetch";l.crossOrigin="anonymous";l.href="./${folder}/"+f;document.head.append(l)}</script>`,
  `<script type="module">import init from "./${folder}/arbiter.js"; init({ module_or_path: "./${folder}/arbiter_bg.wasm" });</script>`,
].join('');
// In place of index.html's link to the app.
const html = readFileSync(page, 'utf8');
const appLink = /<link [^>]*data-bin="?arbiter\b[^>]*>/;
if (!appLink.test(html)) throw new Error('split-app: index.html has no link to the app');
writeFileSync(page, html.replace(appLink, () => start));
console.log(`split-app: ${files.length} files in ${folder}`);
