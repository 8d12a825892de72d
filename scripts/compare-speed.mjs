// The rules core against the JavaScript chess libraries, on one PGN file:
// every game read, its SAN replayed and validated, by chess.js, chessops and
// the `laws` core compiled to wasm (crates/laws-bench), in this one Node
// process on the same text; and the same work natively (crates/laws-bench's
// `native`, run between them), with pgn-reader and shakmaty alone beside it
// (nothing kept: the floor, for reference). Prints games/s and plies/s
// (medians) and the ratios. A run on the whole file checks the targets (at
// least 20 times chessops, native at most 1.5 times the wasm) and exits
// non-zero when it misses one; scripts/test runs it once on a few games
// (`--games 20`) as a smoke test, its ratios not checked, so that it cannot
// break unnoticed.
//
//   node scripts/compare-speed.mjs [--rounds 7] [--games N] [--no-build] [FILE.pgn]
//
// Both laws builds are the analyser worker's, as the app ships it: the cargo
// profile, wasm-opt level and parameters of its <link data-trunk rel="rust"> in
// index.html (the worker reads PGN in the app; laws-bench stands for it).
// --games N: only the file's first N games.
//
// The file defaults to twic1599_1000k.pgn from pgn-reader 0.29.0's benches in
// the cargo registry (1,110 games, 101,487 plies), else the copy in
// crates/laws/tests/data/. Builds go to $CARGO_TARGET_DIR (default target/).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Chess } from 'chess.js';
import { parsePgn, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';
import { median } from './median.mjs';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : fallback;
};
const rounds = Number(option('--rounds', 7));
const games = Number(option('--games', Infinity));
const build = !args.includes('--no-build');
const file = args.find((a) => !a.startsWith('--')) ?? twic();
const target = resolve(root, process.env.CARGO_TARGET_DIR ?? 'target');

function twic() {
  const registry = join(homedir(), '.cargo', 'registry', 'src');
  const sources = existsSync(registry) ? readdirSync(registry) : [];
  return (
    sources
      .map((s) => join(registry, s, 'pgn-reader-0.29.0', 'benches', 'twic1599_1000k.pgn'))
      .find(existsSync) ?? join(root, 'crates', 'laws', 'tests', 'data', 'twic1599_1000k.pgn')
  );
}

// npm's binaryen (package.json), as scripts/bootstrap installs it: Debian's
// older wasm-opt breaks the module, and the README runs this script without
// scripts/test's PATH.
const wasmOptBin = [join(root, 'node_modules', '.bin', 'wasm-opt')].find(existsSync) ?? 'wasm-opt';
const run = (cmd, argv) => execFileSync(cmd, argv, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
// The worker's build as index.html asks Trunk for it.
const worker = readFileSync(join(root, 'index.html'), 'utf8').match(/<link data-trunk rel="rust"[^>]*data-bin="analyser"[^>]*>/)?.[0];
const attribute = (name) => worker?.match(new RegExp(`${name}="([^"]+)"`))?.[1];
const profile = attribute('data-cargo-profile-release');
const wasmOpt = attribute('data-wasm-opt');
// Trunk passes these after the level, split at white space.
const wasmOptParams = attribute('data-wasm-opt-params')?.split(/\s+/) ?? [];
if (!profile || !wasmOpt) throw new Error('compare-speed: index.html names no cargo profile or wasm-opt level for the analyser');
const pkg = join(target, profile, 'node');
if (build) {
  const cargo = (...argv) => run('cargo', ['build', '-p', 'laws-bench', '--profile', profile, ...argv]);
  cargo('--lib', '--target', 'wasm32-unknown-unknown');
  run('wasm-bindgen', ['--target', 'nodejs', '--out-dir', pkg, join(target, 'wasm32-unknown-unknown', profile, 'laws_bench.wasm')]);
  // wasm-bindgen's Node glue is CommonJS; this project's package.json says "module".
  writeFileSync(join(pkg, 'package.json'), '{"type":"commonjs"}\n');
  const wasm = join(pkg, 'laws_bench_bg.wasm');
  run(wasmOptBin, [`-O${wasmOpt}`, ...wasmOptParams, wasm, '-o', wasm]);
  cargo('--bin', 'native');
}
const laws = createRequire(import.meta.url)(join(pkg, 'laws_bench.js'));
// The first `games` games: each starts at its first tag after a blank line.
const whole = readFileSync(file, 'utf8');
const starts = [...whole.matchAll(/(?:^|\r?\n\s*\r?\n)(?=\[)/g)].map((m) => m.index);
const text = games < starts.length ? whole.slice(0, starts[games]) : whole;

const encoder = new TextEncoder();

// Each contender reads the whole file and answers {games, plies, errors};
// plies count up to a game's first error.
const contenders = {
  'chess.js': () => {
    const tally = { games: 0, plies: 0, errors: 0 };
    const chess = new Chess();
    // chess.js reads one game at a time: a game starts at a tag line after a blank line.
    for (const game of text.split(/\r?\n\s*\r?\n(?=\[)/)) {
      if (!game.trim()) continue;
      tally.games++;
      try {
        chess.loadPgn(game);
        tally.plies += chess.history().length;
      } catch {
        tally.errors++;
      }
    }
    return tally;
  },
  chessops: () => {
    const tally = { games: 0, plies: 0, errors: 0 };
    for (const game of parsePgn(text)) {
      tally.games++;
      const start = startingPosition(game.headers);
      if (start.isErr) {
        tally.errors++;
        continue;
      }
      const pos = start.value;
      for (const node of game.moves.mainline()) {
        const move = parseSan(pos, node.san);
        if (!move) {
          tally.errors++;
          break;
        }
        pos.play(move);
        tally.plies++;
      }
    }
    return tally;
  },
  // The text encoded to UTF-8 in the time: wasm reads bytes.
  'laws (wasm)': () => JSON.parse(laws.check_pgn(encoder.encode(text))),
};

// A full garbage collection before each timed run, so that one contender's
// garbage (chessops leaves much) is not collected in another's time.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc');

// The native program, asked for passes a few at a time; it reads the file
// (the text timed here) once, from a temporary copy.
const passes = join(tmpdir(), `compare-speed-${process.pid}.pgn`);
writeFileSync(passes, text);
const native = spawn(join(target, profile, 'native'), [passes], { stdio: ['pipe', 'pipe', 'inherit'] });
const answers = createInterface({ input: native.stdout })[Symbol.asyncIterator]();
// Each answers the tally of `count` passes and the time of one.
const nativePasses = (work) => async (count) => {
  native.stdin.write(`${work} ${count}\n`);
  const { value, done } = await answers.next();
  if (done) throw new Error('compare-speed: the native program stopped');
  const answer = JSON.parse(value);
  return { tally: answer.summary, ms: answer.ms / count };
};
const timedPasses = (work) => async (count) => {
  collectGarbage();
  const start = process.hrtime.bigint();
  let tally;
  for (let i = 0; i < count; i++) tally = work();
  return { tally, ms: Number(process.hrtime.bigint() - start) / 1e6 / count };
};
const passesOf = {
  'chess.js': timedPasses(contenders['chess.js']),
  chessops: timedPasses(contenders.chessops),
  'laws (wasm)': timedPasses(contenders['laws (wasm)']),
  'laws (native)': nativePasses('laws'),
  'alone (native)': nativePasses('alone'),
};

// One warm-up round, then rounds in turn. The machine's speed is uneven
// from one moment to the next (natively too: 60 passes in one process took
// from 14 to 24 ms each), so contenders are compared turn by turn: in each
// turn every fast contender runs passes for about half a second (as many as
// the warm-up showed it needs), one after the other, and a ratio is the
// median of the turns' ratios. chess.js, which takes seconds a pass, runs
// once a round.
const BLOCK_MS = 500;
const count = {};
const times = {};
const tallies = {};
const turns = [];
try {
  for (let round = -1; round < rounds; round++) {
    const warm = round >= 0;
    for (let turn = 0; turn < 3; turn++) {
      const names = Object.keys(passesOf).filter((name) => name !== 'chess.js' || turn === 0);
      const ms = {};
      for (const name of names) {
        const pass = await passesOf[name](count[name] ?? 1);
        tallies[name] = pass.tally;
        ms[name] = pass.ms;
        if (name !== 'chess.js') count[name] ??= Math.max(1, Math.round(BLOCK_MS / pass.ms));
        if (warm) times[name] = [...(times[name] ?? []), pass.ms];
      }
      if (warm) turns.push(ms);
    }
  }
} finally {
  native.stdin.end();
  rmSync(passes, { force: true });
}

const rows = Object.entries(tallies).map(([name, t]) => {
  const ms = median(times[name]);
  return { name, ...t, ms, gamesPerS: (t.games / ms) * 1000, pliesPerS: (t.plies / ms) * 1000 };
});
const by = Object.fromEntries(rows.map((r) => [r.name, r]));
const fmt = (n) => Math.round(n).toLocaleString('en-US');
console.log(`${file}
Node ${process.versions.node}, the worker's build (cargo profile ${profile}, wasm-opt ${[`-O${wasmOpt}`, ...wasmOptParams].join(' ')}); ${rounds} rounds after a warm-up (chess.js ${rounds} passes, the others ${rounds * 3} turns of about ${BLOCK_MS} ms), median ms a pass:
`);
console.log(`${'contender'.padEnd(14)} ${'games'.padStart(6)} ${'plies'.padStart(8)} ${'errors'.padStart(6)} ${'ms'.padStart(9)} ${'games/s'.padStart(9)} ${'plies/s'.padStart(11)}`);
for (const r of rows) {
  console.log(
    `${r.name.padEnd(14)} ${String(r.games).padStart(6)} ${String(r.plies).padStart(8)} ${String(r.errors).padStart(6)} ${r.ms.toFixed(1).padStart(9)} ${fmt(r.gamesPerS).padStart(9)} ${fmt(r.pliesPerS).padStart(11)}`,
  );
}
// How many times faster `fast` is than `slow`: the median of the turns'
// ratios, and their range.
const ratiosOf = (fast, slow) => turns.filter((ms) => slow in ms).map((ms) => ms[slow] / ms[fast]);
const faster = (fast, slow) => {
  const ratios = ratiosOf(fast, slow);
  return `${median(ratios).toFixed(2)}x  (${Math.min(...ratios).toFixed(2)} to ${Math.max(...ratios).toFixed(2)})`;
};
console.log(`
Each ratio is the median of the turns' ratios (and their range):
laws (wasm) / chessops:         ${faster('laws (wasm)', 'chessops')}  target: at least 20x
laws (wasm) / chess.js:         ${faster('laws (wasm)', 'chess.js')}
laws (native) / laws (wasm):    ${faster('laws (native)', 'laws (wasm)')}  target: at most 1.5x
alone (native) / laws (native): ${faster('alone (native)', 'laws (native)')}  (alone: pgn-reader's SAN replayed with shakmaty, nothing kept)
`);

const disagree = rows.filter((r) => r.games !== rows[0].games || r.plies !== rows[0].plies);
if (disagree.length) {
  console.error(`compare-speed: the contenders disagree on games or plies: ${disagree.map((r) => r.name).join(', ')}`);
  process.exit(1);
}
// The targets hold for the whole file; a sample (--games N) is a smoke
// test, its ratios printed and not checked.
if (!Number.isFinite(games)) {
  const missed = [];
  const overChessops = median(ratiosOf('laws (wasm)', 'chessops'));
  const nativeOverWasm = median(ratiosOf('laws (native)', 'laws (wasm)'));
  if (overChessops < 20) missed.push(`laws (wasm) is ${overChessops.toFixed(2)}x chessops, under 20x`);
  if (nativeOverWasm > 1.5) missed.push(`native is ${nativeOverWasm.toFixed(2)}x the wasm, over 1.5x`);
  if (missed.length) {
    console.error(`compare-speed: the full run misses its targets: ${missed.join('; ')}`);
    process.exit(1);
  }
}
