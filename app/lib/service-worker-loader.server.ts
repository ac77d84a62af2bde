import { STYLESHEET_HREF, STYLESHEET_ID } from "#app/lib/full-stylesheet.ts";

/**
 * Once the page has loaded: asks for the whole stylesheet (a page inlines only the rules its markup
 * uses: decision 0140; asked for here, not by the app's scripts, so that it waits for nothing but the
 * page and never delays its first screen; a failed one is removed, so that app/lib/full-stylesheet.ts
 * asks again) and names the web app manifest (the browser reads it for the install offer only).
 * Keeps the browser's install offer for the service worker's page script, and loads that script
 * (/sw-client.js, built by scripts/build-sw.mjs: registration, offline banner, update and install
 * prompts) once the browser is idle: never part of the first load.
 */
export const SERVICE_WORKER_LOADER = `addEventListener("beforeinstallprompt",function(e){e.preventDefault();window.__campusInstall=e});addEventListener("load",function(){if(!document.getElementById(${JSON.stringify(STYLESHEET_ID)})){var c=document.createElement("link");c.id=${JSON.stringify(STYLESHEET_ID)};c.rel="stylesheet";c.href=${JSON.stringify(STYLESHEET_HREF)};c.onerror=function(){c.remove()};document.head.appendChild(c)}var m=document.createElement("link");m.rel="manifest";m.href="/manifest.webmanifest";document.head.appendChild(m);(window.requestIdleCallback||setTimeout)(function(){var s=document.createElement("script");s.src="/sw-client.js";document.head.appendChild(s)})});`;
