// Joins a wasm module's data segments that lie next to each other in memory.
// The app is linked with one data segment per symbol (build.rs: so that
// wasm-split-cli can give each module its own data), which costs a header
// of a few poorly compressing bytes for each of thousands of segments; once
// split, each module's neighbouring segments are one again.
//
// `fillGaps`: segments a few bytes apart are joined too, the gap written as
// zeros. Only for the main module: it is instantiated first, before any
// other module writes its data, which may lie in those gaps. A screens'
// module joins only segments that touch.
//   import { joinDataSegments } from './data-segments.mjs';

const DATA = 11;
const DATA_COUNT = 12;
/// The widest gap filled with zeros: a segment's header costs about 8 bytes.
const MAX_GAP = 64;

/// The LEB128 number at `at` and where it ends; `signed` for a constant.
const read = (bytes, at, { signed = false } = {}) => {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [signed && (byte & 0x40) ? value - 2 ** shift : value, at];
};

const unsigned = (value) => {
  const out = [];
  do {
    const byte = value % 128;
    value = Math.floor(value / 128);
    out.push(value ? byte | 0x80 : byte);
  } while (value);
  return out;
};

const signed32 = (value) => {
  const out = [];
  for (;;) {
    const byte = value & 0x7f;
    value >>= 7;
    if ((value === 0 && !(byte & 0x40)) || (value === -1 && (byte & 0x40))) return [...out, byte];
    out.push(byte | 0x80);
  }
};

/// The module `wasm` (bytes) with its neighbouring active data segments
/// joined; unchanged when a segment is not a plain active one at a
/// constant address (memory 0, `i32.const`) or two segments overlap.
export function joinDataSegments(wasm, { fillGaps = false } = {}) {
  const sections = [];
  for (let at = 8; at < wasm.length;) {
    const [size, body] = read(wasm, at + 1);
    sections.push({ id: wasm[at], start: at, body, end: body + size });
    at = body + size;
  }
  const data = sections.find((section) => section.id === DATA);
  if (!data) return wasm;
  const segments = [];
  let [count, at] = read(wasm, data.body);
  for (; count > 0; count--) {
    const [mode, constant] = read(wasm, at);
    if (mode !== 0 || wasm[constant] !== 0x41) return wasm;
    const [address, end] = read(wasm, constant + 1, { signed: true });
    if (wasm[end] !== 0x0b) return wasm;
    const [length, bytes] = read(wasm, end + 1);
    segments.push({ address: address >>> 0, bytes: wasm.subarray(bytes, bytes + length) });
    at = bytes + length;
  }
  segments.sort((a, b) => a.address - b.address);
  const joined = [];
  for (const { address, bytes } of segments) {
    const last = joined.at(-1);
    if (last && address < last.end) return wasm;
    const gap = last ? address - last.end : Infinity;
    if (gap === 0 || (fillGaps && gap <= MAX_GAP)) {
      if (gap > 0) last.parts.push(new Uint8Array(gap));
      last.parts.push(bytes);
      last.end = address + bytes.length;
    } else {
      joined.push({ address, end: address + bytes.length, parts: [bytes] });
    }
  }
  const body = [Uint8Array.from(unsigned(joined.length))];
  for (const { address, end, parts } of joined) {
    body.push(Uint8Array.from([0, 0x41, ...signed32(address | 0), 0x0b, ...unsigned(end - address)]), ...parts);
  }
  const bodyLength = body.reduce((sum, part) => sum + part.length, 0);
  const out = [wasm.subarray(0, 8)];
  for (const section of sections) {
    if (section.id === DATA) {
      out.push(Uint8Array.from([DATA, ...unsigned(bodyLength)]), ...body);
    } else if (section.id === DATA_COUNT) {
      const value = unsigned(joined.length);
      out.push(Uint8Array.from([DATA_COUNT, ...unsigned(value.length), ...value]));
    } else {
      out.push(wasm.subarray(section.start, section.end));
    }
  }
  return Buffer.concat(out);
}
