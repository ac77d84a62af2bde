/**
 * Keeps the browser's install offer for the service worker's page script, and loads that
 * script (/sw-client.js, built by scripts/build-sw.mjs: registration, offline banner, update and
 * install prompts) once the page has loaded and the browser is idle: never part of the first load.
 */
export const SERVICE_WORKER_LOADER =
  'addEventListener("beforeinstallprompt",function(e){e.preventDefault();window.__campusInstall=e});addEventListener("load",function(){(window.requestIdleCallback||setTimeout)(function(){var s=document.createElement("script");s.src="/sw-client.js";document.head.appendChild(s)})});';
