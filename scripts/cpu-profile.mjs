// A CPU profile of a page through the DevTools protocol, summed by function.
// Used by the measurement scripts' --profile N.

/// Starts the Profiler on `cdp` (a CDP session), sampling every 100 µs; the
/// function it returns stops it and prints the `top` functions.
export async function startProfile(cdp, top) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  return async () => printProfile((await cdp.send('Profiler.stop')).profile, top);
}

/// The `top` functions of `profile` by the time spent in them, not in
/// what they call (wasm functions by their index when the build has no
/// names: `ARBITER_WASM_NAMES=1` at build time keeps them).
export function printProfile(profile, top) {
  const self = new Map();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const name = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber}`;
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const busy = [...self].filter(([name]) => !name.startsWith('(idle)') && !name.startsWith('(program)'));
  console.log(`busy ${busy.reduce((sum, [, ms]) => sum + ms, 0).toFixed(0)} ms in all; the most of it:`);
  for (const [name, ms] of busy.sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${name}`);
}
