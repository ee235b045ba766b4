// The service worker: keeps the app's own files on this device, so that a reload while the card server cannot be
// reached shows the app, with the changes it keeps in localStorage, instead of the browser's error page.
//
// - `riffle serve` writes the manifest into this file as it serves it: every other file of the app and the
//   fingerprint of its bytes (its ETag), and a version made from them. A deploy that changes any file changes this
//   file, so the browser installs the new worker, which fills a cache of its own version and deletes the older ones.
// - Installing fills the cache from the browser's HTTP cache (the files the page just loaded, byte for byte the
//   version named here) and from the previous version's cache (the files that did not change); only what is missing
//   and needed (the page itself, and what the user had before) comes from the network. So the first visit costs
//   little more than the worker itself.
// - Every request for the app's files goes to the network first, as if there were no worker (so an online page is
//   always the server's current version), and falls back to the cache when the server cannot be reached. A file
//   whose fingerprint is not this version's is never stored, so the cache never mixes two deploys.
// - /api/ never touches the worker: not routed to it where the browser can route (Static Routing API), and passed on
//   untouched otherwise. Its answers are never cached.

const ASSETS = { version: 'unversioned', files: {} };
const PREFIX = 'riffle-app-';
const CACHE = PREFIX + ASSETS.version;
const IMAGES = 'riffle-card-images';
const SCOPE = new URL(self.registration.scope);
/** Files the cache must hold before this version takes over. */
const REQUIRED = ['index.html'];

/** A file's fingerprint as its ETag gives it (strong or weak, plain or gzipped). */
function fingerprint(response) {
  const tag = response.headers.get('ETag') || '';
  return tag.replace(/^W\//, '').replace(/^"|"$/g, '').replace(/-gz$/, '');
}

/** The app's file a request is for ('index.html' for the page at any query), or null. */
function assetPath(request) {
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return null;
  const path = url.pathname.slice(SCOPE.pathname.length);
  if (path === '' || path === 'index.html') return 'index.html';
  return Object.hasOwn(ASSETS.files, path) ? path : null;
}

function isCardImage(request) {
  const url = new URL(request.url);
  return url.origin === SCOPE.origin && url.pathname.startsWith('/static/img/');
}

/** The URL a file is fetched and kept under: the page under the scope itself (`/`), as a visitor loads it. */
function keyOf(path) { return path === 'index.html' ? SCOPE.href : new URL(path, SCOPE).href; }

/** Stores a response for `path` if it is this version's file. */
async function store(cache, path, response) {
  if (!response || !response.ok || fingerprint(response) !== ASSETS.files[path]) return false;
  await cache.put(keyOf(path), response);
  return true;
}

/**
 * This version's cache for storing into, or null once a newer version has deleted it: a worker that has been replaced
 * (and still answers a page it controlled, or a message sent to it before the hand-over) must not bring its cache back,
 * half-filled, beside the new version's.
 */
async function ownCache() {
  return (await caches.has(CACHE)) ? caches.open(CACHE) : null;
}

async function olderCaches() {
  return (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
}

/** The HTTP cache's copy of a file (no network), else the server's, stored if it is this version's. */
async function fetchInto(cache, path, { network }) {
  try {
    if (await store(cache, path, await fetch(keyOf(path), { cache: 'only-if-cached', mode: 'same-origin' }))) return;
  } catch {
    // Not in the HTTP cache.
  }
  if (!network) return;
  try {
    await store(cache, path, await fetch(keyOf(path), { cache: 'no-cache' }));
  } catch {
    // The server cannot be reached: the next page that loads the file stores it.
  }
}

/** Fills this version's cache: from older versions, from the HTTP cache, from the network what must be there. */
async function precache() {
  const cache = await caches.open(CACHE);
  const older = await Promise.all((await olderCaches()).map((name) => caches.open(name)));
  await Promise.all(Object.keys(ASSETS.files).map(async (path) => {
    let hadBefore = false;
    for (const old of older) {
      const response = await old.match(keyOf(path), { ignoreVary: true });
      hadBefore = hadBefore || Boolean(response);
      if (await store(cache, path, response)) return;
    }
    // A file the user had before (changed by this deploy) is fetched now; others when the page first asks.
    await fetchInto(cache, path, { network: hadBefore || REQUIRED.includes(path) });
  }));
  for (const path of REQUIRED) {
    if (!(await cache.match(keyOf(path), { ignoreVary: true }))) {
      throw new Error(`${path} could not be stored; the previous version's worker stays`);
    }
  }
}

self.addEventListener('install', (event) => {
  if (event.addRoutes) {
    // The API and its event streams go straight to the network: no worker start-up on their way.
    event.addRoutes({ condition: { urlPattern: new URLPattern({ pathname: '/api/*' }) }, source: 'network' })
      .catch(() => {});
  }
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    await Promise.all((await olderCaches()).map((name) => caches.delete(name)));
    // The page that installed this worker sends its later requests (the views it opens, card faces) through it.
    await self.clients.claim();
  })());
});

/** The network first; the cached file when the server cannot be reached. */
async function networkFirst(request, path) {
  const cache = await ownCache();
  try {
    const response = await fetch(request);
    if (response.ok && cache) await store(cache, path, response.clone());
    return response;
  } catch (error) {
    const cached = cache && await cache.match(keyOf(path), { ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}

/** Card faces: the network first as well (the HTTP cache answers most of them), kept for an outage. */
async function cardImage(request) {
  const cache = await caches.open(IMAGES);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request.url, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(request.url, { ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const path = assetPath(request);
  if (path) event.respondWith(networkFirst(request, path));
  else if (isCardImage(request)) event.respondWith(cardImage(request));
});

/** The page names the files it loaded (message { type: 'keep', paths }): each is made sure of in the cache. */
self.addEventListener('message', (event) => {
  const { type, paths } = event.data || {};
  if (type !== 'keep' || !Array.isArray(paths)) return;
  event.waitUntil((async () => {
    const cache = await ownCache();
    if (!cache) return;
    for (const path of paths) {
      if (!Object.hasOwn(ASSETS.files, path) || await cache.match(keyOf(path), { ignoreVary: true })) continue;
      await fetchInto(cache, path, { network: true });
    }
  })());
});
