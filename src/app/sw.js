/**
 * The employee app's service worker: the app shell (page, scripts, style, icons) is kept so the app opens
 * without a network. Online, every file comes from the service (network first), so a new version is
 * picked up at once; offline, the kept copy. The portal API is never touched here: the app itself keeps
 * the last-seen home screen with its date, and nothing else of a person's data is stored.
 */
// Plain script (no type check): the worker globals are not in the project's type libraries.

const CACHE = "hr-app-shell-v1";
const SHELL = [
  "/",
  "/app/app.js",
  "/app/api.js",
  "/app/i18n.js",
  "/app/format.js",
  "/app/app.css",
  "/manifest.webmanifest",
  "/icon.svg",
  "/app/icon-192.png",
];
/** The app's screens: a navigation to one of them offline gets the kept page. */
const SCREENS = new Set([
  "/",
  "/leave",
  "/time",
  "/sick",
  "/payslips",
  "/team",
  "/todos",
  "/profile",
  "/assistants",
  "/account",
]);

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((c) => c.addAll(SHELL)).then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== location.origin) return;
  const screen = req.mode === "navigate" && SCREENS.has(url.pathname);
  if (!screen && !SHELL.includes(url.pathname)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const fresh = await fetch(req);
      if (fresh.ok) await cache.put(screen ? "/" : url.pathname, fresh.clone());
      return fresh;
    } catch (e) {
      const kept = await cache.match(screen ? "/" : url.pathname);
      if (kept) return kept;
      throw e;
    }
  })());
});
