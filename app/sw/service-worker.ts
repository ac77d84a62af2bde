/// <reference lib="webworker" />
// Campus's service worker (issue 18, docs/decisions/0089-offline-and-install.md), built by
// scripts/build-sw.mjs into build/client/sw.js with Serwist:
//   - precached at install: the JavaScript and CSS of every page, the prerendered notes pages (and
//     their .data for in-app navigation), the note files, the icons, the manifest and the offline page;
//   - pages a student opens (their purchases, sells, complaints, bookings, today's menu ...): the
//     network first, the last copy when it cannot be reached, stamped with when it was saved so the
//     page can say "Offline: showing what you saw at <time>";
//   - product photos: from the cache once seen;
//   - everything else, and every write: the network only (a write offline fails, and the page keeps
//     what was typed: app/lib/network-failure.ts).
// A new version waits until the student chooses to reload (the page's "Update" prompt posts
// SKIP_WAITING), so no page ever runs half on an old version.
import { CacheableResponsePlugin, CacheFirst, ExpirationPlugin, NetworkFirst, Serwist, type PrecacheEntry, type SerwistPlugin } from "serwist";
import { PAGES_CACHE, SAVED_AT_HEADER, cacheablePage, IMAGES_CACHE } from "#app/sw/offline-pages.ts";

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[]; __CAMPUS_VERSION: string };

/** Every stored page carries the time it was saved. */
const stampSavedAt: SerwistPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200 || response.type === "opaqueredirect" || response.redirected) return null;
    const headers = new Headers(response.headers);
    headers.set(SAVED_AT_HEADER, String(Date.now()));
    return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
  },
};

/** A page served from the cache (the network failed) says so in its HTML, for the offline banner. */
const markOfflineCopy: SerwistPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse, request }) => {
    if (!cachedResponse || request.mode !== "navigate") return cachedResponse;
    const savedAt = cachedResponse.headers.get(SAVED_AT_HEADER);
    if (!savedAt) return cachedResponse;
    const html = await cachedResponse.text();
    const headers = new Headers(cachedResponse.headers);
    headers.delete("Content-Length");
    return new Response(html.replace("</head>", `<meta name="campus-offline-copy" content="${Number(savedAt)}"></head>`), { status: 200, headers });
  },
};

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: {
    cleanupOutdatedCaches: true,
    // React Router's data requests for prerendered pages carry no search parameters worth keeping.
    ignoreURLParametersMatching: [/^_routes$/, /^utm_/],
  },
  skipWaiting: false,
  clientsClaim: true,
  navigationPreload: false,
  runtimeCaching: [
    {
      matcher: ({ request, url, sameOrigin }) => sameOrigin && request.method === "GET" && cacheablePage(url.pathname),
      handler: new NetworkFirst({
        cacheName: PAGES_CACHE,
        networkTimeoutSeconds: 6,
        plugins: [stampSavedAt, markOfflineCopy, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 14 * 24 * 60 * 60 })],
      }),
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/api/files/products/"),
      handler: new CacheFirst({
        cacheName: IMAGES_CACHE,
        plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 })],
      }),
    },
  ],
  fallbacks: {
    entries: [{ url: "/offline.html", matcher: ({ request }) => request.mode === "navigate" }],
  },
});

// Issue 18: a notice pushed while Campus is closed (worker/services/push.ts encrypts it to this
// device): shown as a notification; a tap opens (or focuses) Campus at the notice's page.
interface PushedNotice {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
}

self.addEventListener("push", (event) => {
  let notice: PushedNotice;
  try {
    notice = (event.data?.json() as PushedNotice | undefined) ?? {};
  } catch {
    notice = { body: event.data?.text() };
  }
  event.waitUntil(
    self.registration.showNotification(notice.title || "Campus", {
      body: notice.body ?? "",
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      ...(notice.tag ? { tag: notice.tag } : {}),
      data: { url: notice.url ?? "/notifications" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL((event.notification.data as { url?: string } | null)?.url ?? "/notifications", self.location.origin);
  // Only Campus's own pages.
  const url = target.origin === self.location.origin ? target.href : new URL("/notifications", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      return open ? open.navigate(url).then((w) => w?.focus()) : self.clients.openWindow(url);
    }),
  );
});

self.addEventListener("message", (event) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === "SKIP_WAITING") void self.skipWaiting();
  // Which deploy this worker is (the build's content hash): asked on a MessageChannel, answered on
  // its port. Says which version a page runs under (the update test, a support question).
  if (data?.type === "VERSION") event.ports[0]?.postMessage({ version: self.__CAMPUS_VERSION });
});

serwist.addEventListeners();
