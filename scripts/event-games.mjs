// An event's games as its tablets push them, written by the app's own code
// (examples/event_games.rs), one game a line: for scripts/event-scale.mjs
// and tests/e2e/event-catch-up.test.mjs.
//
// Built with the workspace and the worker feature, as the test command's
// `cargo test --workspace --features arbiter/worker` builds it: the same
// artifacts, not the app compiled again with other features (on CI's disk
// and two cores, that was a second copy of every dependency).
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const target = resolve(root, process.env.CARGO_TARGET_DIR ?? 'target');

export function eventGames(args) {
  execFileSync('cargo', ['build', '--quiet', '--offline', '--workspace', '--features', 'arbiter/worker', '--example', 'event_games'],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  const output = execFileSync(join(target, 'debug', 'examples', 'event_games'), args.map(String),
    { cwd: root, maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  return output.trim().split('\n').map((line) => JSON.parse(line));
}
