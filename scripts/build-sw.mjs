// Part of `npm run build`, after React Router's build (docs/decisions/0089-offline-and-install.md):
// the service worker and its page-side script.
//   1. The precache list, from build/client with Serwist's build tool: every JavaScript and CSS file,
//      the icons, the manifest and the offline page, each with a revision from its content. (No page
//      is prerendered any more: the notes pages read D1, decision 0107; the pages a student opens are
//      kept as they are opened.)
//   2. app/sw/service-worker.ts bundled with that list into build/client/sw.js, and app/sw/client.ts
//      into build/client/sw-client.js, both minified, by Vite (the app's own bundler).
import { createHash } from "node:crypto";
import { getManifest } from "@serwist/build";
import { build } from "vite";

const clientDir = "build/client";

const common = {
  configFile: false,
  logLevel: "warn",
  publicDir: false,
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
};

// The page script first: it is precached too (the offline banner must load offline).
await build({
  ...common,
  build: {
    outDir: clientDir,
    emptyOutDir: false,
    minify: true,
    target: "es2022",
    copyPublicDir: false,
    lib: {
      entry: "app/sw/client.ts",
      formats: ["iife"],
      name: "campusServiceWorkerClient",
      fileName: () => "sw-client.js",
    },
  },
});

const { manifestEntries, count, size, warnings } = await getManifest({
  globDirectory: clientDir,
  globPatterns: [
    "assets/**/*.{js,css}",
    "icons/*.png",
    "favicon.svg",
    "manifest.webmanifest",
    "offline.html",
    "sw-client.js",
  ],
  globIgnores: ["sw.js", "_headers"],
  // Fingerprinted files are their own revision.
  dontCacheBustURLsMatching: /^assets\//,
  maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  manifestTransforms: [
    (entries) => ({ manifest: entries.map((entry) => ({ ...entry, url: `/${entry.url}` })), warnings: [] }),
  ],
});
for (const warning of warnings) console.warn(`build-sw: ${warning}`);
// The deploy's version: a hash of every precached file's URL and revision, so it changes exactly
// when what the worker serves changes. The worker tells it to a page that asks (a VERSION message).
const version = createHash("sha256").update(JSON.stringify(manifestEntries)).digest("hex").slice(0, 16);

await build({
  ...common,
  define: {
    ...common.define,
    "self.__SW_MANIFEST": JSON.stringify(manifestEntries),
    "self.__CAMPUS_VERSION": JSON.stringify(version),
  },
  build: {
    outDir: clientDir,
    emptyOutDir: false,
    minify: true,
    target: "es2022",
    copyPublicDir: false,
    lib: { entry: "app/sw/service-worker.ts", formats: ["iife"], name: "campusServiceWorker", fileName: () => "sw.js" },
  },
});
console.log(
  `build-sw: sw-client.js built; sw.js (version ${version}) precaches ${count} files (${(size / 1024).toFixed(0)} KB)`,
);
