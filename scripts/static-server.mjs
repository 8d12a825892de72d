// A plain static file server for the built app, compressing as real static
// hosts do (brotli or gzip, by Accept-Encoding). Optionally under a sub-path.
//   node scripts/static-server.mjs [DIR] [--port 8080] [--base /sub/path/]
import { createServer } from 'node:http';
import { readFile, readdir, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.json': 'application/json', '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.webmanifest', '.svg', '.txt']);

// `compressed: true` compresses every file before serving any, as a host
// that serves precompressed files does: compressing a file on its first
// request (the worker's 3.7 MB take seconds) stops this process, the
// measuring script's, meanwhile.
export async function startServer({ dir = 'dist', port = 8080, host = '127.0.0.1', base = '/', compressed = false } = {}) {
  const root = resolve(dir);
  const prefix = base.endsWith('/') ? base : `${base}/`;
  const cache = new Map();
  const compress = (raw, encoding) => encoding === 'br'
    ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
    : encoding === 'gzip' ? gzipSync(raw, { level: 9 }) : raw;
  if (compressed) {
    for (const name of await readdir(root, { recursive: true })) {
      const file = join(root, name);
      const info = await stat(file);
      if (info.isFile() && COMPRESSIBLE.has(extname(file))) {
        cache.set(`${file}:br:${info.mtimeMs}`, compress(await readFile(file), 'br'));
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
      let body = cache.get(key);
      if (!body) {
        const raw = await readFile(target);
        body = compress(raw, encoding);
        cache.set(key, body);
      }
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
