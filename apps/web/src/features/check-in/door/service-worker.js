/*
 * The door's service worker (scope /check-in/), emitted by the door build as /door-sw.js with the list of
 * its files in place of PRECACHE. It keeps the page and every file it loads, so the door opens and reloads
 * with no network; the list's data lives in IndexedDB, not here. API calls are never intercepted.
 */
const PRECACHE = self.__DOOR_PRECACHE__;
const CACHE = `taquilla-door-${PRECACHE.version}`;
const SHELL = '/door.html';
/** A venue's network that is "up" but does not answer: after this, the page comes from the cache. */
const NAVIGATION_TIMEOUT_MS = 3000;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([SHELL, ...PRECACHE.files]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith('taquilla-door-') && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function page(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request, { signal: AbortSignal.timeout(NAVIGATION_TIMEOUT_MS) });
    if (response.ok) await cache.put(SHELL, response.clone());
    return response;
  } catch {
    return (await cache.match(SHELL)) ?? Response.error();
  }
}

async function file(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (event.request.mode === 'navigate' && url.pathname.startsWith('/check-in/')) {
    event.respondWith(page(event.request));
  } else if (url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg') {
    event.respondWith(file(event.request));
  }
});
