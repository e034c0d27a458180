/**
 * The employee app's service worker: the app shell (page, scripts, style, icons) is kept so the app opens
 * without a network. Online, every file comes from the service (network first), so a new version is
 * picked up at once; offline, the kept copy. The portal API is never touched here: the app itself keeps
 * the last-seen home screen with its date, and nothing else of a person's data is stored. Web Push messages
 * are shown as notifications, and a tap opens the screen they are about.
 */
// Plain script (no type check): the worker globals are not in the project's type libraries.

// A new name when the list changes, so a worker installed before keeps every file of the new list.
const CACHE = "hr-app-shell-v3";
const SHELL = [
  "/",
  // Every ES module of the app: the service writes its one list (`APP_MODULES` in web/app_routes.ts) here
  // when it serves this file, so a module added to the app is kept too.
  /* APP_MODULES */ "/app/app.js",
  "/app/app.css",
  "/manifest.webmanifest",
  "/icon.svg",
  "/app/icon-192.png",
  "/app/icon-512.png",
];
/**
 * The app's screens: a navigation to one of them offline gets the kept page. The service writes its one list
 * (`APP_SCREENS` in web/app_routes.ts) in place of the marker when it serves this file.
 */
const SCREENS = new Set(/* APP_SCREENS */ ["/"]);

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

// Web Push: the service sends `{title, body, data}` (texts already in the person's language) encrypted for
// this browser; the push service and the browser decrypt it before this event. `data.kind` decides the
// screen a tap opens; `data.collapseId` makes one record's pushes replace each other (the filing, then the
// decision); `data.badge` counts the unread notifications for the app's icon.

/** The screen a notification kind opens: the person's own record, the team's, else the inbox. */
const KIND_SCREENS = {
  LEAVE_REQUEST_DECIDED: "/leave",
  LEAVE_REQUEST_RECALCULATED: "/leave",
  TIMESHEET_DECIDED: "/time",
  PROFILE_CHANGE_DECIDED: "/profile",
  SICK_CERTIFICATE_ACCEPTED: "/sick",
  LEAVE_REQUEST_FILED: "/team",
  LEAVE_CANCELLATION_REQUESTED: "/team",
  LEAVE_REQUEST_WITHDRAWN: "/team",
  TIMESHEET_SUBMITTED: "/team",
  SICK_REPORTED: "/team",
  SICK_ENDED: "/team",
  SICK_REPORT_WITHDRAWN: "/team",
};

/** The path a notification's data opens. */
function screenOf(data) {
  return KIND_SCREENS[data?.kind] ?? "/todos";
}

self.addEventListener("push", (event) => {
  let m = {};
  try {
    m = event.data?.json() ?? {};
  } catch {
    // Not the service's JSON: still show something, as a push must be shown.
  }
  const data = m.data ?? {};
  const shown = self.registration.showNotification(m.title || "HR", {
    body: m.body || "",
    tag: data.collapseId || undefined,
    data,
    icon: "/app/icon-192.png",
  });
  const badge = Number(data.badge);
  const counted = self.navigator.setAppBadge && badge >= 0
    ? self.navigator.setAppBadge(badge).catch(() => {})
    : undefined;
  event.waitUntil(Promise.all([shown, counted]));
});

/** Shows a screen: in an open window of the app if there is one, else in a new one. */
async function openScreen(path) {
  const url = new URL(path, location.origin).href;
  const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const win = open.find((c) => new URL(c.url).origin === location.origin);
  if (win) {
    // Focusing is allowed during a tap's event only; the navigation is what matters.
    await win.focus().catch(() => {});
    return win.navigate(url).catch(() => self.clients.openWindow(url));
  }
  return self.clients.openWindow(url);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openScreen(screenOf(event.notification.data)));
});
