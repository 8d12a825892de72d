// scripts/data-segments.mjs on small modules made with binaryen: the
// memory a module starts with is the same after joining, in fewer segments.
//   node --test scripts/data-segments.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import binaryen from 'binaryen';
import { joinDataSegments } from './data-segments.mjs';

/// A module exporting its memory, with a data segment for each
/// [address, bytes] given, in that order.
const moduleWith = (segments) => {
  const module = new binaryen.Module();
  // Bulk memory: with a data count section, which must be kept right.
  module.setFeatures(binaryen.Features.BulkMemory);
  module.setMemory(1, 1, 'memory', segments.map(([address, bytes]) => ({
    offset: module.i32.const(address), data: Uint8Array.from(bytes), passive: false,
  })));
  const wasm = module.emitBinary();
  module.dispose();
  return Buffer.from(wasm);
};

const leb = (bytes, at) => {
  let value = 0;
  for (let shift = 0; ; shift += 7) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    if (!(byte & 0x80)) return [value, at];
  }
};

/// The count of data segments, as the data section and the data count
/// section say (they must agree); the module must still be valid.
const segmentCount = (wasm) => {
  const module = binaryen.readBinary(wasm);
  module.setFeatures(binaryen.Features.BulkMemory);
  assert.ok(module.validate(), 'a valid module');
  module.dispose();
  const counts = {};
  for (let at = 8; at < wasm.length;) {
    const [size, body] = leb(wasm, at + 1);
    if (wasm[at] === 11 || wasm[at] === 12) counts[wasm[at]] = leb(wasm, body)[0];
    at = body + size;
  }
  assert.equal(counts[12], counts[11], 'the data count section');
  return counts[11];
};

const memory = async (wasm) => {
  const { instance } = await WebAssembly.instantiate(wasm);
  return new Uint8Array(instance.exports.memory.buffer).slice(0, 1024);
};

// 100 is written in two bytes though under 128: a signed constant.
const SEGMENTS = [[40, [9, 9]], [16, [1, 2, 3]], [19, [4, 5]], [30, [6, 7, 8]], [100, [11]], [600, [10]]];

test('segments that touch are joined, wherever they are listed', async () => {
  const wasm = moduleWith(SEGMENTS);
  const joined = joinDataSegments(wasm);
  // 16..21 is one; 30, 40, 100 and 600 stand apart.
  assert.equal(segmentCount(joined), 5);
  assert.deepEqual(await memory(joined), await memory(wasm));
});

test('the main module fills short gaps with zeros, not long ones', async () => {
  const wasm = moduleWith(SEGMENTS);
  const joined = joinDataSegments(wasm, { fillGaps: true });
  // 16..101 is one; 600 is too far.
  assert.equal(segmentCount(joined), 2);
  assert.deepEqual(await memory(joined), await memory(wasm));
});

test('overlapping segments are left as they are: the later one wins', () => {
  const wasm = moduleWith([[16, [1, 2, 3]], [17, [4]]]);
  assert.equal(joinDataSegments(wasm, { fillGaps: true }), wasm);
});

test('a module without data is unchanged', () => {
  const wasm = moduleWith([]);
  assert.equal(joinDataSegments(wasm), wasm);
});
