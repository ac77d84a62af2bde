// `npm run docs:map`: docs/module-map.md, the map of the code made from the code, so it cannot drift
// from it (docs/architecture.md explains the layers; this lists what is in them). For every page
// its URL, its module and the server features it calls; for every server feature its modules, what
// each is for (the first sentence of its opening comment) and the other features it uses; the same
// for the API, the shared rules, the Worker's helpers and the back office. scripts/module-map.test.mjs
// (run by `npm test`) fails when the page and the code disagree: run this after adding, moving or
// renaming a module.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const MAP = "docs/module-map.md";

const read = (path) => readFileSync(join(ROOT, path), "utf8");

/** Source modules under a folder (tests, generated files and declarations left out), sorted. */
function modulesUnder(dir) {
  const out = [];
  for (const name of readdirSync(join(ROOT, dir)).sort()) {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) {
      if (name !== "__tests__") out.push(...modulesUnder(path));
    } else if (/\.tsx?$/.test(name) && !/\.(test|generated)\.tsx?$|\.d\.ts$/.test(name)) out.push(path);
  }
  return out;
}

/**
 * The first sentence of a module's opening comment, or "": its first `//` lines or `/** ... *\/`
 * block before any code (imports and re-exports aside).
 */
export function summary(text) {
  const lines = text.split("\n").map((line) => line.trim());
  const beforeCode = (line) =>
    line === "" ||
    line.startsWith("import ") ||
    /^export (type )?\{[^}]*\}( from .*)?;$/.test(line) ||
    line.startsWith("}") ||
    /^[\w{},\s*]+$/.test(line);
  let i = 0;
  while (i < lines.length && beforeCode(lines[i])) i += 1;
  const comment = [];
  if (lines[i]?.startsWith("//")) {
    while (lines[i]?.startsWith("//")) comment.push(lines[i++].replace(/^\/\/\s?/, ""));
  } else if (lines[i]?.startsWith("/**")) {
    for (; i < lines.length; i += 1) {
      comment.push(
        lines[i]
          .replace(/^\/\*\*\s?/, "")
          .replace(/\*\/$/, "")
          .replace(/^\*\s?/, ""),
      );
      if (lines[i].endsWith("*/")) break;
    }
  }
  const joined = comment.join(" ").replace(/\s+/g, " ").trim();
  const sentence = /^(.+?[.!?])(\s|$)/.exec(joined)?.[1] ?? joined;
  return sentence.length > 180 ? `${sentence.slice(0, 177).trimEnd()}...` : sentence;
}

/** The repository paths a module imports (aliases and relative paths resolved; packages left out). */
function importsOf(path) {
  const aliases = { "#server/": "worker/", "#common/": "common/", "#app/": "app/", "#test/": "test/" };
  const out = [];
  for (const [, spec] of read(path).matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)) {
    const alias = Object.keys(aliases).find((a) => spec.startsWith(a));
    if (alias) out.push(aliases[alias] + spec.slice(alias.length));
    else if (spec.startsWith(".")) out.push(normalize(join(dirname(path), spec)));
  }
  return out;
}

/** The server feature a path belongs to ("market" for worker/services/market/listing.ts), or null. */
function featureOf(path) {
  const match = /^worker\/services\/([^/]+?)(?:\.ts|\/|$)/.exec(path);
  return match ? match[1] : null;
}

const code = (s) => `\`${s}\``;
const cell = (s) => s.replace(/\|/g, "\\|");

/** The server features a page module reaches, through the `app/` modules it imports (route glue). */
function featuresReached(path, seen = new Set()) {
  const out = new Set();
  for (const target of importsOf(path)) {
    const feature = featureOf(target);
    if (feature) out.add(feature);
    else if (target.startsWith("app/") && !seen.has(target)) {
      seen.add(target);
      try {
        for (const f of featuresReached(target, seen)) out.add(f);
      } catch {
        // A generated module (./+types/...) is not in the tree.
      }
    }
  }
  return out;
}

/** The pages: URL, module, the server features its loader and action call. */
function pages() {
  const routes = [...read("app/routes.ts").matchAll(/\b(index|route)\(\s*(?:"([^"]*)",\s*)?"(routes\/[^"]+)"/g)];
  // Every page finds its session through app/lib/session.server.ts: those features are said once.
  const session = featuresReached("app/lib/session.server.ts");
  const rows = routes.map(([, kind, url, file]) => {
    const path = `app/${file}`;
    const features = [...featuresReached(path)].filter((f) => !session.has(f)).sort();
    return `| ${code(kind === "index" ? "/" : `/${url}`)} | ${code(relative("app", path))} | ${features.join(", ") || "none"} |`;
  });
  return [
    `Every page finds its session through \`app/lib/session.server.ts\` (${[...session].sort().join(", ")}); the`,
    "last column names the other server features its loader and action reach.",
    "",
    "| URL | module (`app/`) | server features it calls |",
    "| --- | --- | --- |",
    ...rows,
  ];
}

/** One folder's modules with what each is for; for the server core, what other features each uses. */
function modulesTable(dir, withUses) {
  const rows = modulesUnder(dir).map((path) => {
    const uses = withUses
      ? [
          ...new Set(
            importsOf(path)
              .map(featureOf)
              .filter((f) => f && f !== featureOf(path)),
          ),
        ].sort()
      : [];
    const what = summary(read(path)) || "(no opening comment)";
    return `| ${code(relative(dir, path))} | ${cell(what)} |${withUses ? ` ${uses.join(", ")} |` : ""}`;
  });
  const head = withUses ? "| module | what it is for | other features it uses |" : "| module | what it is for |";
  return [head, withUses ? "| --- | --- | --- |" : "| --- | --- |", ...rows];
}

/** The server core feature by feature: its modules and exported functions, and the features it uses. */
function features() {
  const byFeature = new Map();
  for (const path of modulesUnder("worker/services")) {
    const feature = featureOf(path);
    const entry = byFeature.get(feature) ?? { modules: 0, exports: 0, uses: new Set() };
    entry.modules += 1;
    entry.exports += [
      ...read(path).matchAll(/^export (?:async function |function |const \w+ = (?:async )?\()/gm),
    ].length;
    for (const used of importsOf(path).map(featureOf)) if (used && used !== feature) entry.uses.add(used);
    byFeature.set(feature, entry);
  }
  const rows = [...byFeature].map(
    ([feature, { modules, exports, uses }]) =>
      `| ${code(feature)} | ${modules} | ${exports} | ${[...uses].sort().join(", ") || "none"} |`,
  );
  return ["| feature | modules | exported functions | other features it uses |", "| --- | --- | --- | --- |", ...rows];
}

export function render() {
  return [
    "# Module map",
    "",
    "Generated from the code by `npm run docs:map` (scripts/module-map.mjs); `npm test` fails when it is",
    "out of date. Do not edit it by hand: a module's line is the first sentence of its opening comment.",
    "docs/architecture.md explains the layers and the path of a request; docs/newcomers.md lists what to",
    "touch to add a page, a write route or a table.",
    "",
    "## Pages (`app/routes.ts`)",
    "",
    ...pages(),
    "",
    "## The server core by feature (`worker/services/`)",
    "",
    ...features(),
    "",
    "### Its modules",
    "",
    ...modulesTable("worker/services", true),
    "",
    "## The API (`worker/api/`)",
    "",
    ...modulesTable("worker/api", false),
    "",
    "## The data layer (`worker/db/`) and the Worker's helpers (`worker/lib/`)",
    "",
    ...modulesTable("worker/db", false),
    "",
    ...modulesTable("worker/lib", false),
    "",
    "## Rules the browser and the Worker share (`common/`)",
    "",
    ...modulesTable("common", false),
    "",
    "## The back office (`backoffice/`)",
    "",
    ...modulesTable("backoffice", false),
    "",
  ].join("\n");
}

if (import.meta.main) {
  writeFileSync(join(ROOT, MAP), render());
  console.log(`module-map: wrote ${MAP}`);
}
