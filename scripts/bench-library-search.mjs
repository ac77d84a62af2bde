// The library's search and semester pages at size (docs/decisions/0107-library-finding.md), on the
// BUILT Worker (local `wrangler dev`, fresh D1 state with the demo colleges): seeds N approved items
// (default 10,000) into CIT's library, each with a search row carrying ~120 words of "PDF text", then
// times GET /api/library/items?q=... for a set of searches (whole words, a prefix being typed, two
// words, filters, and FTS syntax typed as text) and the list without words. Reported: p50/p95/max
// per search, in ms as the client sees them (the Worker's own time is below that), and how many match.
// With --lighthouse it then runs Lighthouse (mobile) on a semester page and the search page.
//
//   npm run build && npm run bench:library                                    # 10,000 items
//   npm run bench:library -- --items 2000 --semester 1 --lighthouse
//
// --semester N puts every item under the subjects of B.Tech CSE semester N (the heaviest page).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serveBuiltWorker } from "./built-worker.mjs";
import { run } from "./lib.mjs";
import { demoSubjects, librarySeed } from "./seed-library.mjs";

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const ITEMS = option("items", 10_000);
const SEMESTER = option("semester", 0);
const REPEAT = option("repeat", 30);
const LIGHTHOUSE = process.argv.includes("--lighthouse");

const subjects = demoSubjects(SEMESTER);
const dir = mkdtempSync(join(tmpdir(), "bench-library-"));
const lines = librarySeed(ITEMS, subjects);
writeFileSync(join(dir, "library.sql"), `${lines.join("\n")}\n`);

const server = await serveBuiltWorker({ name: "bench-library" });
process.on("exit", () => {
  server.stop();
  rmSync(dir, { recursive: true, force: true });
});
process.on("SIGINT", () => process.exit(130));
const base = server.baseURL;

const started = Date.now();
if (
  run(
    "wrangler",
    ["d1", "execute", "DB", "--local", "--persist-to", server.persistTo, "--file", join(dir, "library.sql")],
    {
      stdio: ["ignore", "ignore", "inherit"],
    },
  ) !== 0
)
  throw new Error("seeding the library failed");
console.log(
  `Seeded ${ITEMS} items under ${subjects.length} subjects in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);

async function timed(path) {
  const t = performance.now();
  const res = await fetch(new URL(path, base));
  const body = await res.json();
  return { ms: performance.now() - t, status: res.status, body };
}

const searches = [
  ["a word in nearly all", "/api/library/items?q=notes"],
  ["one word", "/api/library/items?q=entropy"],
  ["prefix being typed", "/api/library/items?q=diffrac"],
  ["two words", "/api/library/items?q=carnot%20refrigerator"],
  ["a topic word, page 5", "/api/library/items?q=algorithm&page=5"],
  ["with kind and year", "/api/library/items?q=matrix&kind=past_paper&year=2020"],
  ["a word in one PDF only", "/api/library/items?q=ferrofluid"],
  ["FTS syntax as text", `/api/library/items?q=${encodeURIComponent('NEAR("x" *')}`],
  ["no words: most helpful", "/api/library/items"],
  ["a subject's list", `/api/library/items?subject=${subjects[0].id}`],
];
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
console.log(`GET /api/library/items over ${ITEMS} items, ${REPEAT} runs each after one warm-up (ms, client-side):`);
for (const [name, path] of searches) {
  const first = await timed(path);
  if (first.status !== 200) throw new Error(`${path}: ${first.status} ${JSON.stringify(first.body)}`);
  const times = [];
  for (let i = 0; i < REPEAT; i += 1) times.push((await timed(path)).ms);
  times.sort((a, b) => a - b);
  const total = `${first.body.data.total}${first.body.data.more ? "+" : ""}`;
  console.log(
    `  ${name.padEnd(24)} p50 ${percentile(times, 50).toFixed(1).padStart(6)}  p95 ${percentile(times, 95).toFixed(1).padStart(6)}  max ${times.at(-1).toFixed(1).padStart(6)}  matches ${total}`,
  );
}

if (LIGHTHOUSE) {
  const { launchChromium, lighthouseSteady, warmUp } = await import("./lighthouse.mjs");
  const chromium = await launchChromium();
  try {
    for (const path of [`/btech/cse/${SEMESTER || 1}`, "/library?q=entropy", "/library"]) {
      const url = new URL(path, base).href;
      const html = await (await fetch(url)).text();
      console.log(`  ${path}: HTML ${(html.length / 1024).toFixed(0)} KB (loader data included)`);
      await warmUp(url);
      const s = await lighthouseSteady(chromium.port, url, { runs: 3, cpu: "calibrated" });
      console.log(
        `  Lighthouse ${path.padEnd(20)} perf ${s.performance}  a11y ${s.accessibility}  bp ${s.bestPractices}  seo ${s.seo}  FCP ${s.fcpMs} ms  LCP ${s.lcpMs} ms  TBT ${s.tbtMs} ms  CLS ${s.cls}`,
      );
    }
  } finally {
    chromium.close();
  }
}
process.exit(0);
