// The unwinnability analysis in wasm, as the app's analyser worker runs it:
// every position of the Chess Unwinnability Analyzer's test set
// (crates/laws/tests/cases/unwinnable/positions.txt) through the laws core
// built for wasm32 with the app's release profile (crates/laws-node), in
// Node. Prints the time per position (median, 99th percentile, worst) and
// checks every answer against the set's labels. Native figures: `cargo
// bench -p laws --bench unwinnable`. Run on demand, not by scripts/test.
//
//   node scripts/bench-unwinnable.mjs [--no-build] [--limit N]
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const limitAt = args.indexOf('--limit');
const limit = limitAt >= 0 ? Number(args[limitAt + 1]) : Infinity;
const target = resolve(root, process.env.CARGO_TARGET_DIR ?? 'target');
const pkg = join(target, 'bench-unwinnable');
if (!args.includes('--no-build')) {
  const run = (cmd, argv) => execFileSync(cmd, argv, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  run('cargo', ['build', '-p', 'laws-node', '--release', '--lib', '--target', 'wasm32-unknown-unknown']);
  run('wasm-bindgen', ['--target', 'nodejs', '--out-dir', pkg, join(target, 'wasm32-unknown-unknown', 'release', 'laws_node.wasm')]);
  // wasm-bindgen's Node glue is CommonJS; this project's package.json says "module".
  writeFileSync(join(pkg, 'package.json'), '{"type":"commonjs"}\n');
}
const { unwinnable } = createRequire(import.meta.url)(join(pkg, 'laws_node.js'));

const cases = readFileSync(join(root, 'crates/laws/tests/cases/unwinnable/positions.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'))
  .slice(0, limit)
  .map((line) => ({ label: line.slice(0, 2), fen: line.slice(3) }));

const times = [];
let disagreements = 0;
let undetermined = 0;
for (const { label, fen } of cases) {
  const start = performance.now();
  const report = JSON.parse(unwinnable(fen));
  times.push(performance.now() - start);
  if (report.error) throw new Error(`${fen}: ${report.error}`);
  const answer = (can) => ({ yes: true, no: false }[can]);
  const [white, black] = [answer(report.white_can_mate), answer(report.black_can_mate)];
  if (white === undefined || black === undefined) undetermined += 1;
  else if (white !== (label[0] === 'W') || black !== (label[1] === 'B')) {
    disagreements += 1;
    console.error(`disagrees: ${label} ${fen}: ${JSON.stringify(report)}`);
  }
}
times.sort((a, b) => a - b);
const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
const ms = (t) => (t < 10 ? t.toFixed(2) : t.toFixed(0));
console.log(`positions ${cases.length}, agree ${cases.length - disagreements - undetermined}, disagree ${disagreements}, undetermined ${undetermined}`);
console.log(`wasm time per position: median ${ms(at(0.5))} ms, 99th percentile ${ms(at(0.99))} ms, worst ${ms(times.at(-1))} ms, total ${(times.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s`);
if (disagreements > 0) process.exit(1);
