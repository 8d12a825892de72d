// A CPU profile of a page through the DevTools protocol, summed by function.
// Used by the measurement scripts' --profile N.

import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/// Starts the Profiler on `cdp` (a CDP session), sampling every 100 µs; the
/// function it returns stops it, writes it to a file and prints the `top`
/// functions.
export async function startProfile(cdp, top) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = await cdp.send('Profiler.stop');
    // Whole, for DevTools' Performance panel or a closer look.
    const file = join(tmpdir(), 'arbiter.cpuprofile');
    writeFileSync(file, JSON.stringify(profile));
    console.log(`the profile: ${file}`);
    printProfile(profile, top);
  };
}

/// The `top` functions of `profile` by the time spent in them, not in
/// what they call, then by the time spent in them and what they call
/// (wasm functions by their index when the build has no names:
/// `ARBITER_WASM_NAMES=1` at build time keeps them).
export function printProfile(profile, top) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const nameOf = (id) => {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    return `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber}`;
  };
  const idle = (name) => name.startsWith('(idle)') || name.startsWith('(program)');
  const self = new Map();
  const total = new Map();
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const name = nameOf(id);
    if (idle(name)) return;
    self.set(name, (self.get(name) ?? 0) + ms);
    // Each function on the sample's stack once (a recursive one is not
    // counted twice).
    const stack = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) stack.add(nameOf(at));
    for (const caller of stack) total.set(caller, (total.get(caller) ?? 0) + ms);
  });
  const print = (times) => {
    for (const [name, ms] of [...times].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${name}`);
  };
  console.log(`busy ${[...self.values()].reduce((sum, ms) => sum + ms, 0).toFixed(0)} ms in all; the most of it in the function itself:`);
  print(self);
  console.log('and in the function with what it calls:');
  print([...total].filter(([name]) => !name.startsWith('(root)')));
}
