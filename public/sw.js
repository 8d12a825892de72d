// Arbiter's service worker: every file of one build cached under that
// build's version and served from the cache first, so the app starts and
// keeps its data with no network. This is a template: the build
// (scripts/precache.mjs, a Trunk post_build hook) writes it into dist/ with
// `const BUILD = { version, files }` in front, the files relative to this
// script so that any sub-path of any host works.
/* global BUILD */

// Caches belong to the host, not the sub-path: the scope keeps two copies of
// the app on one host apart.
const PREFIX = `arbiter ${self.registration.scope} `;
const CACHE = PREFIX + BUILD.version;

self.addEventListener('install', (event) => event.waitUntil(precache()));

async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(BUILD.files.map(async (file) => {
    // Past the HTTP cache: these must be this build's files. One missing file
    // fails the install, and the version in use stays.
    const response = await fetch(file, { cache: 'no-cache' });
    if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
    // A redirected response may not answer a navigation: keep only its body.
    await cache.put(file, response.redirected ? new Response(response.body, response) : response);
  }));
}

// A new version waits until the page's "Reload now" (src/update.rs) asks it
// to take over, or until every tab of the old one is closed.
self.addEventListener('message', (event) => {
  if (event.data === 'activate') self.skipWaiting();
});

self.addEventListener('activate', (event) => event.waitUntil((async () => {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
  }
  // The first version controls the page that installed it, without a reload.
  await self.clients.claim();
})()));

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(caches.open(CACHE)
    .then((cache) => cache.match(request, { ignoreSearch: true }))
    .then((cached) => cached ?? fetch(request)));
});
