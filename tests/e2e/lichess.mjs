// A local stand-in for lichess's broadcast push, following its documented
// request and response (lichess.org/api#tag/Broadcasts: POST
// /api/broadcast/round/{broadcastRoundId}/push, a Bearer token with
// study:write, the PGN as text/plain, at most 64 games; it answers
// {"games": [{"tags": {...}, "moves": n} | {"tags": {...}, "error": "..."}]}),
// with the CORS headers lichess's API sends, so that a page may call it.
import { createServer } from 'node:http';

/// Starts the stand-in on a free loopback port; `token` is the one it takes.
export async function startLichess({ token }) {
  const pushes = [];
  const server = createServer((request, response) => {
    const send = (status, body) => {
      response.writeHead(status, {
        'Content-Type': 'application/json',
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': 'Authorization, Content-Type',
        'Access-Control-Allow-Methods': 'POST, OPTIONS',
      });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'OPTIONS') return send(204, {});
    const path = /^\/api\/broadcast\/round\/([A-Za-z0-9]{8})\/push$/.exec(request.url);
    if (request.method !== 'POST' || !path) return send(404, { error: 'Not found' });
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => { body += chunk; });
    request.on('end', () => {
      if (request.headers.authorization !== `Bearer ${token}`) return send(401, { error: 'No such token' });
      if (!request.headers['content-type']?.startsWith('text/plain')) return send(400, { error: 'Expected text/plain' });
      const games = body.split(/\n\n(?=\[)/).filter((g) => g.trim());
      if (games.length > 64) return send(400, { error: 'Too many games' });
      pushes.push({ at: Date.now(), round: path[1], body });
      send(200, {
        games: games.map((game) => {
          const tags = Object.fromEntries([...game.matchAll(/^\[(\w+) "(.*)"\]$/gm)].map((m) => [m[1], m[2]]));
          const moves = game.replace(/^\[.*\]$/gm, '').replace(/\{[^}]*\}/g, '').replace(/\d+\.(\.\.)?/g, '')
            .trim().split(/\s+/).filter((w) => w && !['*', '1-0', '0-1', '1/2-1/2'].includes(w)).length;
          return { tags, moves };
        }),
      });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    pushes,
    stop: () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); }),
  };
}
