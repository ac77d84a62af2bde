/// <reference lib="webworker" />
// Campus's service worker (docs/decisions/0089-offline-and-install.md), built by
// scripts/build-sw.mjs into build/client/sw.js with Serwist:
//   - precached at install: the JavaScript and CSS of every page, the prerendered notes pages (and
//     their .data for in-app navigation), the note files, the icons, the manifest and the offline page;
//   - pages a student opens (their purchases, sells, complaints, bookings, today's menu ...): the
//     network first, the last copy when it cannot be reached, stamped with when it was saved so the
//     page can say "Offline: showing what you saw at <time>"; only the device's session's copies
//     (a shared phone: below);
//   - product photos: from the cache once seen;
//   - library files a student saved for offline: from their cache when the network fails;
//   - everything else, and every write: the network only (a write offline fails, and the page keeps
//     what was typed: app/lib/network-failure.ts).
// A navigation nothing can answer gets the offline page, listing what this device keeps.
// A new version waits until the student chooses to reload (the page's "Update" prompt posts
// SKIP_WAITING), so no page ever runs half on an old version.
import {
  CacheableResponsePlugin,
  CacheFirst,
  ExpirationPlugin,
  NetworkFirst,
  NetworkOnly,
  Serwist,
  type PrecacheEntry,
  type SerwistPlugin,
} from "serwist";
import {
  PAGES_CACHE,
  SAVED_AT_HEADER,
  cacheablePage,
  IMAGES_CACHE,
  LIBRARY_FILES_CACHE,
  LIBRARY_FILE_PATH,
  SEMESTER_CACHE,
  SEMESTER_PATH,
} from "#app/sw/offline-pages.ts";
import { NO_SESSION, SESSION_TAG_HEADER } from "#common/device-session.ts";

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[]; __CAMPUS_VERSION: string };

// --- Whose pages: a shared phone (docs/decisions/0097-offline-on-a-shared-phone.md) --------------
// Every answer the server made after looking at the session carries that session's tag. The saved
// pages and photos belong to one session, the device's: when an answer shows another session (a
// sign-out, "sign out everywhere" from another device, the next student signing in), the previous
// student's pages and photos are deleted before that answer reaches the page. Offline, a saved page
// is served only if it was made for the session the device last showed, or for no one.

const DEVICE_CACHE = "campus-device";
const OWNER_KEY = "/__campus/saved-pages-session";

/** The tag the saved pages belong to, as last stored; read once per run of the worker. */
let owner: Promise<string | null> | null = null;
function savedPagesOwner(): Promise<string | null> {
  owner ??= caches
    .open(DEVICE_CACHE)
    .then((cache) => cache.match(OWNER_KEY))
    .then((hit) => hit?.text() ?? null);
  return owner;
}

/** Changes of session, one after another (two answers may arrive at once). */
let changing: Promise<void> = Promise.resolve();
function sessionSeen(tag: string): Promise<void> {
  changing = changing.then(async () => {
    const previous = await savedPagesOwner();
    if (previous === tag) return;
    // Pages saved while nobody was signed in are nobody's and stay; anyone else's go (and, the first
    // time, whatever a worker before this one saved without a tag).
    if (previous !== NO_SESSION)
      await Promise.all([caches.delete(PAGES_CACHE), caches.delete(IMAGES_CACHE), caches.delete(SEMESTER_CACHE)]);
    // The library files a student saved go too when another session shows (they may be their
    // college's private items), but not the first time: a file saved before the worker had seen any
    // answer was saved by whoever is signed in now (decision 0107), and no older worker kept any.
    if (previous !== NO_SESSION && previous !== null) await caches.delete(LIBRARY_FILES_CACHE);
    owner = Promise.resolve(tag);
    await (await caches.open(DEVICE_CACHE)).put(OWNER_KEY, new Response(tag));
  });
  return changing;
}

/** Hears which session each answer of Campus was made for, before the page gets it. */
const watchSession: SerwistPlugin = {
  fetchDidSucceed: async ({ response }) => {
    const tag = response.headers.get(SESSION_TAG_HEADER);
    if (tag) await sessionSeen(tag);
    return response;
  },
};

/**
 * The notes pages come from the worker's own copies, so no answer of the server says who is signed
 * in: before the first of them is shown in a run of the worker (and at most once a minute after),
 * the worker asks. Offline the question fails at once and nothing waits.
 */
let askedAt = 0;
let asking: Promise<void> | null = null;
function askWhoIsSignedIn(): Promise<void> {
  if (asking) return asking;
  if (Date.now() - askedAt < 60_000) return Promise.resolve();
  askedAt = Date.now();
  asking = fetch("/api/auth/session", {
    credentials: "same-origin",
    cache: "no-store",
    signal: AbortSignal.timeout(3000),
  })
    .then((response) => {
      const tag = response.headers.get(SESSION_TAG_HEADER);
      return tag ? sessionSeen(tag) : undefined;
    })
    .catch(() => undefined)
    .finally(() => {
      asking = null;
    });
  return asking;
}

const askBeforeStaticPages: SerwistPlugin = {
  cachedResponseWillBeUsed: async ({ event, cachedResponse }) => {
    // The event's request: the one given here is the precache's key, which is no navigation.
    if ((event as FetchEvent | undefined)?.request?.mode === "navigate") await askWhoIsSignedIn();
    return cachedResponse;
  },
};

/** A saved copy made for another session than the device's last one is never served. */
const onlyTheDevicesSession: SerwistPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return cachedResponse;
    await changing;
    const tag = cachedResponse.headers.get(SESSION_TAG_HEADER);
    return tag && tag !== NO_SESSION && tag !== (await savedPagesOwner()) ? null : cachedResponse;
  },
};

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
    return new Response(
      html.replace("</head>", `<meta name="campus-offline-copy" content="${Number(savedAt)}"></head>`),
      { status: 200, headers },
    );
  },
};

// --- The offline page: what this device really keeps ----------------------------------------------
// A page never opened (or never kept) gets the offline page, which lists the pages this device keeps
// for its session, newest first, by their titles: exactly what opens without a network, nothing it
// does not (it used to promise "every notes page", which only held while notes were precached).

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
/** A title as the page's HTML wrote it, back to text (it is escaped again where it is shown). */
const unescapeHtml = (html: string) =>
  html.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (entity) =>
    entity === "&#x27;" ? "'" : Object.keys(ENTITIES).find((c) => ENTITIES[c] === entity)!,
  );

/** The pages kept for the device's session: their paths and titles, the most recently saved first. */
async function keptPages(): Promise<{ path: string; title: string; savedAt: number }[]> {
  await changing;
  const owner = await savedPagesOwner();
  const cache = await caches.open(PAGES_CACHE);
  const pages: { path: string; title: string; savedAt: number }[] = [];
  for (const request of await cache.keys()) {
    const url = new URL(request.url);
    if (url.pathname.endsWith(".data")) continue;
    const response = await cache.match(request);
    if (!response || !(response.headers.get("Content-Type") ?? "").includes("text/html")) continue;
    const tag = response.headers.get(SESSION_TAG_HEADER);
    if (tag && tag !== NO_SESSION && tag !== owner) continue;
    const raw = /<title>([^<]*)<\/title>/i.exec(await response.text())?.[1];
    const title = raw ? unescapeHtml(raw).replace(/\s*·\s*Campus\s*$/, "") : null;
    pages.push({
      path: url.pathname + url.search,
      title: title?.trim() || url.pathname,
      savedAt: Number(response.headers.get(SAVED_AT_HEADER)) || 0,
    });
  }
  return pages.sort((a, b) => b.savedAt - a.savedAt);
}

async function offlinePage(): Promise<Response> {
  const template = await serwist.matchPrecache("/offline.html");
  const html = template
    ? await template.text()
    : "<!doctype html><title>Offline · Campus</title><h1>You are offline</h1><!--campus-saved-pages-->";
  const pages = await keptPages();
  const list =
    pages.length === 0
      ? "<p>Nothing is kept on this device yet.</p>"
      : `<p>Kept on this device:</p><ul>${pages
          .map(({ path, title }) => `<li><a href="${escapeHtml(path)}">${escapeHtml(title)}</a></li>`)
          .join("")}</ul>`;
  return new Response(html.replace("<!--campus-saved-pages-->", list), {
    status: 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** A navigation the network cannot answer and no copy can: the offline page. */
const offlineFallback: SerwistPlugin = {
  handlerDidError: async ({ request }) => (request.mode === "navigate" ? offlinePage() : undefined),
};

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: {
    cleanupOutdatedCaches: true,
    plugins: [askBeforeStaticPages],
    // React Router's data requests for prerendered pages carry no search parameters worth keeping.
    ignoreURLParametersMatching: [/^_routes$/, /^utm_/],
  },
  skipWaiting: false,
  clientsClaim: true,
  navigationPreload: false,
  runtimeCaching: [
    {
      // A library file (decision 0107): the network first, so a file since hidden or removed is not
      // shown while online; the copy the student saved ("Save for offline") when there is no network.
      // Files are kept only when saved, never because they were viewed.
      matcher: ({ request, url, sameOrigin }) =>
        sameOrigin && request.method === "GET" && LIBRARY_FILE_PATH.test(url.pathname),
      handler: async ({ request }) => {
        try {
          return await fetch(request);
        } catch (error) {
          const saved = await (await caches.open(LIBRARY_FILES_CACHE)).match(request, { ignoreSearch: true });
          if (saved) return saved;
          throw error;
        }
      },
    },
    {
      matcher: ({ request, url, sameOrigin }) => sameOrigin && request.method === "GET" && cacheablePage(url.pathname),
      handler: new NetworkFirst({
        cacheName: PAGES_CACHE,
        networkTimeoutSeconds: 6,
        plugins: [
          watchSession,
          onlyTheDevicesSession,
          stampSavedAt,
          markOfflineCopy,
          new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 14 * 24 * 60 * 60 }),
          offlineFallback,
        ],
      }),
    },
    {
      // A semester's lists and topics, with the pages: the network first, the last copy offline.
      matcher: ({ request, url, sameOrigin }) =>
        sameOrigin && request.method === "GET" && SEMESTER_PATH.test(url.pathname),
      handler: new NetworkFirst({
        cacheName: SEMESTER_CACHE,
        networkTimeoutSeconds: 6,
        plugins: [
          watchSession,
          onlyTheDevicesSession,
          new CacheableResponsePlugin({ statuses: [200] }),
          new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 14 * 24 * 60 * 60 }),
        ],
      }),
    },
    {
      // Every other page of Campus (sign-in, account, staff ...): not kept, but what it says of the
      // session is heard.
      matcher: ({ request, url, sameOrigin }) =>
        sameOrigin && request.mode === "navigate" && request.method === "GET" && !url.pathname.startsWith("/api/"),
      handler: new NetworkOnly({ plugins: [watchSession, offlineFallback] }),
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/api/files/products/"),
      handler: new CacheFirst({
        cacheName: IMAGES_CACHE,
        plugins: [
          new CacheableResponsePlugin({ statuses: [200] }),
          new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 }),
        ],
      }),
    },
  ],
});

// A notice pushed while Campus is closed (worker/services/notifications/push.ts encrypts it to this
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
  const target = new URL(
    (event.notification.data as { url?: string } | null)?.url ?? "/notifications",
    self.location.origin,
  );
  // Only Campus's own pages.
  const url =
    target.origin === self.location.origin ? target.href : new URL("/notifications", self.location.origin).href;
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
