/**
 * Names the web app manifest once the page has loaded (the browser reads it for the install offer
 * only, and a request for it during the load competes with what the first screen needs: decision
 * 0140), keeps the browser's install offer for the service worker's page script, and loads that
 * script (/sw-client.js, built by scripts/build-sw.mjs: registration, offline banner, update and
 * install prompts) once the page has loaded and the browser is idle: never part of the first load.
 */
export const SERVICE_WORKER_LOADER =
  'addEventListener("beforeinstallprompt",function(e){e.preventDefault();window.__campusInstall=e});addEventListener("load",function(){var m=document.createElement("link");m.rel="manifest";m.href="/manifest.webmanifest";document.head.appendChild(m);(window.requestIdleCallback||setTimeout)(function(){var s=document.createElement("script");s.src="/sw-client.js";document.head.appendChild(s)})});';
