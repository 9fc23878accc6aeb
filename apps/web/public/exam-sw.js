/* global self, caches */
// The exam page's offline shell (issue 13). A student who reloads the exam page, or whose browser restarts,
// without a connection must still get the page: its answers and paper are in IndexedDB, its code is here.
// Scope: only the play screens' navigations and the app's hashed files (immutable, never personal data); the
// API is never cached (personal data stays out of the browser's caches), so this never serves a stale answer.
const CACHE = 'mms-exam-shell-v1';
const SHELL = '/__exam-shell';
const PLAY = /^\/backend\/mms\/tutor\/play-online-(formative|summative)\/[^/]+\/?$/;

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('mms-exam-shell-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

// The page sends what it has loaded already (before this worker controlled it): the shell and its files.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'exam-shell' || !Array.isArray(data.assets)) return;
  const assets = data.assets.filter((a) => typeof a === 'string' && a.startsWith('/assets/'));
  event.waitUntil(
    caches.open(CACHE).then(async (cache) => {
      if (typeof data.page === 'string' && PLAY.test(data.page)) {
        const res = await fetch(data.page, { credentials: 'same-origin' }).catch(() => null);
        if (res && res.ok) await cache.put(SHELL, res);
      }
      await Promise.all(
        assets.map(async (a) => {
          if (await cache.match(a)) return;
          const res = await fetch(a).catch(() => null);
          if (res && res.ok) await cache.put(a, res);
        }),
      );
    }),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && PLAY.test(url.pathname)) {
    // the network first (a new build, a fresh session); the cached shell only when there is none
    event.respondWith(
      fetch(request)
        .then((res) => {
          if (res.ok) {
            const copy = res.clone();
            void caches.open(CACHE).then((cache) => cache.put(SHELL, copy));
          }
          return res;
        })
        .catch(() => caches.match(SHELL).then((hit) => hit || Response.error())),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((res) => {
            if (res.ok) {
              const copy = res.clone();
              void caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return res;
          }),
      ),
    );
  }
});
