// The page's side of the service worker (docs/decisions/0089-offline-and-install.md): built
// by scripts/build-sw.mjs into /sw-client.js, and loaded by the root layout's small inline script
// after the page has loaded and the browser is idle, so it is never part of a page's first load. It
//   - registers /sw.js;
//   - says "Offline: showing what you saw at <time>" when the page is a saved copy, or when the
//     connection drops (with the time the shown page was saved);
//   - offers "Update" when a new version is installed and waiting (it takes over only then, so no
//     page runs half on the old version);
//   - offers "Install Campus" where the browser allows it (once, until dismissed);
// (Whose saved pages may be shown is the worker's to decide: it hears every answer's session.)
// Plain DOM in a fixed region at the bottom of the screen, outside React's tree.
import { formatIndiaShortDateTime } from "#common/format.ts";
import { PAGES_CACHE, SAVED_AT_HEADER } from "#app/sw/offline-pages.ts";

interface InstallPrompt extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

declare global {
  interface Window {
    /** Set by the root layout's inline script when the browser offers installation before this file loads. */
    __campusInstall?: InstallPrompt | null;
  }
}

const INSTALL_DISMISSED = "campus-install-dismissed";

/** The region at the bottom of the screen that holds the banner and the prompts. */
function region(): HTMLElement {
  let element = document.getElementById("campus-status");
  if (!element) {
    element = document.createElement("div");
    element.id = "campus-status";
    element.className = "pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-3";
    document.body.appendChild(element);
  }
  return element;
}

function card(
  id: string,
  text: string,
  actions: { label: string; primary?: boolean; run: () => void }[],
  tone: "plain" | "warning" = "plain",
): HTMLElement {
  document.getElementById(id)?.remove();
  const box = document.createElement("div");
  box.id = id;
  box.setAttribute("role", "status");
  box.className = `pointer-events-auto flex w-full max-w-xl flex-wrap items-center gap-3 rounded-2xl border px-4 py-3 text-sm shadow-lg ${
    tone === "warning"
      ? "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
      : "border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
  }`;
  const message = document.createElement("p");
  message.className = "w-full min-w-0 sm:w-auto sm:flex-1";
  message.textContent = text;
  box.appendChild(message);
  for (const action of actions) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = action.primary ? "btn-primary min-h-10" : "btn-secondary min-h-10";
    button.textContent = action.label;
    button.addEventListener("click", action.run);
    box.appendChild(button);
  }
  region().appendChild(box);
  return box;
}

// --- Offline ---------------------------------------------------------------------------------

/** When the copy of `pathname` (its page or its data) in the cache was saved; null when none. */
async function savedAt(pathname: string): Promise<number | null> {
  if (!("caches" in window)) return null;
  const cache = await caches.open(PAGES_CACHE);
  const url = new URL(pathname, location.origin);
  const dataUrl = new URL(`${pathname === "/" ? "/_root" : pathname}.data`, location.origin);
  const hits = await Promise.all([
    cache.match(url.href, { ignoreSearch: true }),
    cache.match(dataUrl.href, { ignoreSearch: true }),
  ]);
  const times = hits.map((hit) => Number(hit?.headers.get(SAVED_AT_HEADER) ?? NaN)).filter((t) => Number.isFinite(t));
  return times.length ? Math.max(...times) : null;
}

/** The time the page on screen was saved, when it came from the cache (the worker marks it). */
const offlineCopy = Number(document.querySelector<HTMLMetaElement>('meta[name="campus-offline-copy"]')?.content ?? NaN);
const initialPath = location.pathname;
const loadedAt = Date.now();

/** Shows or hides "Offline: showing what you saw at <time>" for the page on screen. */
async function refreshOffline(): Promise<void> {
  const fromCache = Number.isFinite(offlineCopy) && location.pathname === initialPath;
  if (navigator.onLine && !fromCache) {
    document.getElementById("campus-offline")?.remove();
    return;
  }
  const at = fromCache ? offlineCopy : ((await savedAt(location.pathname)) ?? loadedAt);
  card("campus-offline", `Offline: showing what you saw at ${formatIndiaShortDateTime(at)}.`, [], "warning");
}

// --- Updates ---------------------------------------------------------------------------------

function offerUpdate(worker: ServiceWorker): void {
  card("campus-update", "A new version of Campus is ready.", [
    {
      label: "Update",
      primary: true,
      run: () => {
        // The new worker takes over; the page reloads once it controls it.
        navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
        worker.postMessage({ type: "SKIP_WAITING" });
      },
    },
  ]);
}

function watchUpdates(registration: ServiceWorkerRegistration): void {
  // A first install is not an update: only offer one when a version already controls the page.
  if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(worker);
    });
  });
}

// --- Install ---------------------------------------------------------------------------------

function offerInstall(prompt: InstallPrompt): void {
  if (localStorage.getItem(INSTALL_DISMISSED)) return;
  showInstall(prompt);
  // In-app navigation to the dashboard later: offer it there.
  document.addEventListener("campus:navigated", () => showInstall(prompt));
}

/**
 * The offer sits at the end of the dashboard (its slot), never over a page: it covers nothing and
 * moves nothing above it.
 */
function showInstall(prompt: InstallPrompt): void {
  // The slot is React's: a card put in before the page is hydrated makes React's hydration fail
  // (error 418) and redraw the page. The root announces "campus:navigated" once it has hydrated, and
  // offerInstall listens for it, so the card comes then.
  if (document.documentElement.dataset.hydrated !== "true") return;
  const slot = document.getElementById("campus-install-slot");
  if (!slot || document.getElementById("campus-install") || localStorage.getItem(INSTALL_DISMISSED)) return;
  const box = card("campus-install", "Install Campus on this device: it opens like an app and works offline.", [
    {
      label: "Install",
      primary: true,
      run: () => {
        box.remove();
        void prompt.prompt();
        void prompt.userChoice.then(({ outcome }) => {
          if (outcome === "dismissed") localStorage.setItem(INSTALL_DISMISSED, "1");
        });
      },
    },
    {
      label: "Not now",
      run: () => {
        box.remove();
        localStorage.setItem(INSTALL_DISMISSED, "1");
      },
    },
  ]);
  slot.appendChild(box);
}

// --- Start -----------------------------------------------------------------------------------

async function start(): Promise<void> {
  if (window.__campusInstall) offerInstall(window.__campusInstall);
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    offerInstall(event as InstallPrompt);
  });
  window.addEventListener("appinstalled", () => document.getElementById("campus-install")?.remove());

  window.addEventListener("offline", () => void refreshOffline());
  window.addEventListener("online", () => void refreshOffline());
  // In-app navigation (the root layout announces it): the banner follows the page on screen.
  document.addEventListener("campus:navigated", () => void refreshOffline());
  void refreshOffline();

  if (!("serviceWorker" in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/", updateViaCache: "none" });
    watchUpdates(registration);
  } catch (error) {
    // Not allowed here (a private window, a browser policy): Campus works as a plain website.
    console.warn("Campus could not start its service worker:", error);
  }
}

void start();
