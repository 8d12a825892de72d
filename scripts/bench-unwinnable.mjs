// The unwinnability analysis in wasm, as the app runs it: every position of
// the Chess Unwinnability Analyzer's test set
// (crates/laws/tests/cases/unwinnable/positions.txt) through the laws core
// built for wasm32 as the app builds it (crates/laws-bench): the worker's
// profile for the worker's search, the release profile for the page's, in
// Node. Prints the time per position (median, 90th and 99th percentile,
// worst; within 10 ms the best of up to three runs, as the native bench) and
// checks every answer against the set's labels. Native figures: `cargo
// bench -p laws --bench unwinnable`. Run on demand, not by scripts/test.
//
//   node scripts/bench-unwinnable.mjs [--no-build] [--limit N] [--at-the-board]
//
// By default: the analyser worker's search (its budget, shakmaty's attack
// tables). With --at-the-board: the search the page itself runs for a
// ruling at the board (a flag fall, a sealed move) within its small budget,
// twice: with the attack tables, and without them as the page's own module
// is built (laws-bench --no-default-features); undecided answers are counted.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const limitAt = args.indexOf('--limit');
const limit = limitAt >= 0 ? Number(args[limitAt + 1]) : Infinity;
const atTheBoard = args.includes('--at-the-board');
const target = resolve(root, process.env.CARGO_TARGET_DIR ?? 'target');

/// Builds laws-bench for wasm in cargo `profile` (with `features` for cargo) into `name` and loads it.
function module(name, profile, features) {
  const pkg = join(target, name);
  if (!args.includes('--no-build')) {
    const run = (cmd, argv) => execFileSync(cmd, argv, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    run('cargo', ['build', '-p', 'laws-bench', '--profile', profile, '--lib', '--target', 'wasm32-unknown-unknown', ...features]);
    run('wasm-bindgen', ['--target', 'nodejs', '--out-dir', pkg, join(target, 'wasm32-unknown-unknown', profile, 'laws_bench.wasm')]);
    // wasm-bindgen's Node glue is CommonJS; this project's package.json says "module".
    writeFileSync(join(pkg, 'package.json'), '{"type":"commonjs"}\n');
  }
  return createRequire(import.meta.url)(join(pkg, 'laws_bench.js'));
}

const cases = readFileSync(join(root, 'crates/laws/tests/cases/unwinnable/positions.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'))
  .slice(0, limit)
  .map((line) => ({ label: line.slice(0, 2), fen: line.slice(3) }));

/// Times `analyse` on every case; exits non-zero on a wrong answer.
function run(label, analyse) {
  const times = [];
  let disagreements = 0;
  let undetermined = 0;
  for (const { label: expected, fen } of cases) {
    // As the native bench: a position decided within 10 ms is timed as the
    // best of up to three runs, so one interruption does not double it.
    let start = performance.now();
    const report = JSON.parse(analyse(fen));
    let best = performance.now() - start;
    for (let spent = best, runs = 1; runs < 3 && spent <= 10; runs += 1) {
      start = performance.now();
      analyse(fen);
      const time = performance.now() - start;
      best = Math.min(best, time);
      spent += time;
    }
    times.push(best);
    if (report.error) throw new Error(`${fen}: ${report.error}`);
    const answer = (can) => ({ yes: true, no: false }[can]);
    const [white, black] = [answer(report.white_can_mate), answer(report.black_can_mate)];
    if (white === undefined || black === undefined) undetermined += 1;
    else if (white !== (expected[0] === 'W') || black !== (expected[1] === 'B')) {
      disagreements += 1;
      console.error(`disagrees: ${expected} ${fen}: ${JSON.stringify(report)}`);
    }
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  const ms = (t) => (t < 10 ? t.toFixed(2) : t.toFixed(0));
  console.log(`${label}: positions ${cases.length}, agree ${cases.length - disagreements - undetermined}, disagree ${disagreements}, undetermined ${undetermined}`);
  console.log(`${label}: wasm time per position: median ${ms(at(0.5))} ms, 90th percentile ${ms(at(0.9))} ms, 99th percentile ${ms(at(0.99))} ms, worst ${ms(times.at(-1))} ms, total ${(times.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s`);
  if (disagreements > 0) process.exitCode = 1;
}

if (atTheBoard) {
  // Built one after the other: each build replaces the last laws_bench.wasm.
  const tables = module('bench-unwinnable', 'worker', []);
  const page = module('bench-unwinnable-page', 'release', ['--no-default-features']);
  run('at the board, attack tables', tables.at_the_board);
  run('at the board, as the page (no tables)', page.at_the_board);
} else {
  run('analyser worker', module('bench-unwinnable', 'worker', []).unwinnable);
}
