// Fails the build when any route's first-load JavaScript or CSS exceeds the budget (gzip), or its
// JavaScript exceeds the route's own target (below the budget: decision 0079).
// First load = the client entry and its imports (and the route table, when pages preload it), and the module, imports
// and CSS of every route from the root down to the page, as the browser fetches them.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

// KB here are KiB (1,024 bytes). The budget is the ceiling for any route; the targets are what each
// route is held to: 118 KB, and 116 KB for the dashboard every student opens first, whose parts
// that only some students have (Today's cards, the join-your-college card) load when shown.
const JS_BUDGET = 120 * 1024;
const JS_TARGET = 118 * 1024;
const JS_TARGETS = { "/": 116 * 1024, "/dashboard": 116 * 1024 };
const CSS_BUDGET = 15 * 1024;
const clientDir = "build/client";

const manifestFile = readdirSync(join(clientDir, "assets")).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) {
  console.error("budgets: no React Router manifest in build/client/assets: run the build first");
  process.exit(1);
}
const manifestSource = readFileSync(join(clientDir, "assets", manifestFile), "utf8");
const manifest = JSON.parse(manifestSource.slice(manifestSource.indexOf("{"), manifestSource.lastIndexOf("}") + 1));

const sizeCache = new Map();
function gzipSize(url) {
  if (!sizeCache.has(url)) sizeCache.set(url, gzipSync(readFileSync(join(clientDir, url))).length);
  return sizeCache.get(url);
}

function chain(routeId) {
  const ids = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) ids.unshift(id);
  return ids;
}

function fullPath(ids) {
  const parts = ids.map((id) => manifest.routes[id].path ?? "").filter(Boolean);
  return "/" + parts.join("/");
}

// A page inlines the part of the stylesheet its markup uses, and the whole stylesheet follows as a
// file once it runs (decision 0140): every first visit downloads all of it, so the whole of it is
// counted for every route. Measured from the string the server build carries (`app.css?inline`),
// which the build also writes as build/server/.vite/inline.css (vite.config.ts, inlineCssAsset: in
// the minified build it is one anonymous string among many).
const inlineCssFile = join("build", "server", ".vite", "inline.css");
if (!existsSync(inlineCssFile)) {
  console.error(`budgets: no inline stylesheet in the server build (${inlineCssFile}): run npm run build`);
  process.exit(1);
}
const inlineCssBytes = gzipSync(readFileSync(inlineCssFile)).length;

// The whole route table (the manifest file) is first-load JavaScript only when pages preload it, as
// they do with `routeDiscovery: { mode: "initial" }`. With lazy route discovery (React Router's
// default; react-router.config.ts leaves it) a page's HTML carries its own routes' part of the table
// inline and the browser never fetches the file: a network trace of the built /notes, /btech/cse/1,
// /login and /marketplace shows /__manifest patches after load and no manifest-*.js. Decision 0079.
const manifestPreloaded = /routeDiscovery[\s\S]{0,40}["']initial["']/.test(
  readFileSync("react-router.config.ts", "utf8"),
);

const parents = new Set(
  Object.values(manifest.routes)
    .map((r) => r.parentId)
    .filter(Boolean),
);
const rows = [];
for (const id of Object.keys(manifest.routes)) {
  if (parents.has(id) && !manifest.routes[id].index) continue; // measure pages, not layouts alone
  const ids = chain(id);
  const js = new Set([
    ...(manifestPreloaded ? [`/assets/${manifestFile}`] : []),
    manifest.entry.module,
    ...manifest.entry.imports,
  ]);
  const css = new Set(manifest.entry.css ?? []);
  for (const routeId of ids) {
    const route = manifest.routes[routeId];
    if (route.module) js.add(route.module);
    // With split route modules the page's inline script also imports the route's client action,
    // loader and middleware modules (and its HydrateFallback's) beside the main one: first load too.
    for (const chunk of ["clientActionModule", "clientLoaderModule", "clientMiddlewareModule", "hydrateFallbackModule"])
      if (route[chunk]) js.add(route[chunk]);
    for (const file of route.imports ?? []) js.add(file);
    for (const file of route.css ?? []) css.add(file);
  }
  const jsBytes = [...js].reduce((sum, file) => sum + gzipSize(file), 0);
  const cssBytes = inlineCssBytes + [...css].reduce((sum, file) => sum + gzipSize(file), 0);
  rows.push({
    id,
    path: manifest.routes[id].index ? fullPath(ids) : fullPath(ids),
    jsBytes,
    cssBytes,
    requests: js.size + css.size,
  });
}

for (const row of rows) row.jsLimit = Math.min(JS_BUDGET, JS_TARGETS[row.path] ?? JS_TARGET);
rows.sort((a, b) => b.jsBytes - a.jsBytes);
// BUDGET_BYTES=1 prints bytes instead of KB, to compare two builds closer than a tenth of a KB.
const kb = (n) => (process.env.BUDGET_BYTES ? String(n) : (n / 1024).toFixed(1)).padStart(6);
const targets = Object.entries(JS_TARGETS).map(([path, bytes]) => `${path} ${bytes / 1024} KB`);
console.log(
  `First-load sizes (gzip) per route; budgets: JS ${JS_BUDGET / 1024} KB, CSS ${CSS_BUDGET / 1024} KB; ` +
    `JS targets: ${JS_TARGET / 1024} KB a route, ${targets.join(", ")}`,
);
console.log(`${process.env.BUDGET_BYTES ? "   JS B  CSS B " : "   JS KB  CSS KB"}  target  files  route`);
let overBudget = false;
let overTarget = false;
for (const row of rows) {
  const over = row.jsBytes > JS_BUDGET || row.cssBytes > CSS_BUDGET;
  const missed = !over && row.jsBytes > row.jsLimit;
  overBudget ||= over;
  overTarget ||= missed;
  console.log(
    `${kb(row.jsBytes)}  ${kb(row.cssBytes)}  ${kb(row.jsLimit)}  ${String(row.requests).padStart(5)}  ${row.path} (${row.id})${over ? "  <-- OVER BUDGET" : missed ? "  <-- OVER TARGET" : ""}`,
  );
}
if (overBudget) console.error("budgets: at least one route is over budget");
if (overTarget) console.error("budgets: at least one route's JavaScript is over its target");
if (overBudget || overTarget) process.exit(1);
console.log(`budgets: all ${rows.length} routes within budget and target`);
