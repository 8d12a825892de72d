// A plain static file server for the built app, compressing as real static
// hosts do (brotli or gzip, by Accept-Encoding). Optionally under a sub-path.
//   node scripts/static-server.mjs [DIR] [--port 8080] [--base /sub/path/]
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdir, readFile, readdir, rename, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.json': 'application/json', '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.webmanifest', '.svg', '.txt']);

// Compressed files, by their content's hash, shared by every server this
// machine starts: the test files each start one, and brotli at its best
// takes seconds of a core on the worker's 3.7 MB.
const SHARED = join(tmpdir(), 'arbiter-static-compressed');

/// `raw` as `encoding` compresses it, from the shared cache or compressed
/// off this process's thread (zlib's pool) and kept there.
async function compress(raw, encoding) {
  if (!encoding) return raw;
  const kept = join(SHARED, `${createHash('sha256').update(raw).digest('hex')}.${encoding}`);
  try {
    return await readFile(kept);
  } catch {
    const body = encoding === 'br'
      ? await promisify(brotliCompress)(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
      : await promisify(gzip)(raw, { level: 9 });
    await mkdir(SHARED, { recursive: true });
    const partial = `${kept}.${process.pid}.partial`;
    await writeFile(partial, body);
    await rename(partial, kept);
    return body;
  }
}

// `compressed: true` compresses every file before serving any, as a host
// that serves precompressed files does, so that a measurement never waits
// on the first request's compressing.
export async function startServer({ dir = 'dist', port = 8080, host = '127.0.0.1', base = '/', compressed = false } = {}) {
  const root = resolve(dir);
  const prefix = base.endsWith('/') ? base : `${base}/`;
  // Each file's body by path, encoding and time written: a promise, so
  // that requests at once for one file compress it once.
  const cache = new Map();
  if (compressed) {
    for (const name of await readdir(root, { recursive: true })) {
      const file = join(root, name);
      const info = await stat(file);
      if (info.isFile() && COMPRESSIBLE.has(extname(file))) {
        cache.set(`${file}:br:${info.mtimeMs}`, await compress(await readFile(file), 'br'));
      }
    }
  }
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    if (!url.pathname.startsWith(prefix)) {
      res.writeHead(404).end('not found');
      return;
    }
    let path = decodeURIComponent(url.pathname.slice(prefix.length)) || 'index.html';
    const file = normalize(join(root, path));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const info = await stat(file);
      if (info.isDirectory()) path = join(path, 'index.html');
      const target = info.isDirectory() ? join(file, 'index.html') : file;
      const ext = extname(target);
      const accepts = req.headers['accept-encoding'] ?? '';
      const encoding = !COMPRESSIBLE.has(ext) ? null : accepts.includes('br') ? 'br' : accepts.includes('gzip') ? 'gzip' : null;
      const key = `${target}:${encoding}:${info.mtimeMs}`;
      if (!cache.has(key)) cache.set(key, readFile(target).then((raw) => compress(raw, encoding)));
      const body = await cache.get(key);
      const headers = { 'content-type': TYPES[ext] ?? 'application/octet-stream', 'content-length': body.length, 'cache-control': 'no-cache', vary: 'accept-encoding' };
      if (encoding) headers['content-encoding'] = encoding;
      res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((done) => server.listen(port, host, () => done(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 ? args.splice(i, 2)[1] : fallback;
  };
  const port = Number(option('--port', '8080'));
  const base = option('--base', '/');
  const dir = args[0] ?? 'dist';
  await startServer({ dir, port, base });
  console.log(`Arbiter is served at http://127.0.0.1:${port}${base} (from ${dir}/; Ctrl-C stops)`);
}
