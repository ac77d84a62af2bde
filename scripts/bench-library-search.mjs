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
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serveBuiltWorker } from "./built-worker.mjs";
import { run } from "./lib.mjs";

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const ITEMS = option("items", 10_000);
const SEMESTER = option("semester", 0);
const REPEAT = option("repeat", 30);
const LIGHTHOUSE = process.argv.includes("--lighthouse");

// Subjects and units of the demo tree (the seed's source).
const tree = JSON.parse(readFileSync("scripts/seed/demo-academics.json", "utf8"));
const subjects = [];
for (const programme of tree.programmes)
  for (const branch of programme.branches)
    for (const semester of branch.semesters)
      if (!SEMESTER || (branch.slug === "cse" && semester.number === SEMESTER))
        for (const subject of semester.subjects) subjects.push(subject);
if (subjects.length === 0) throw new Error("no subjects to file items under");

// A deterministic generator, so every run seeds the same library.
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = (list) => list[Math.floor(random() * list.length)];
const WORDS = (
  "entropy enthalpy carnot engine refrigerator interference diffraction grating laser fibre optics " +
  "relativity quantum tunnelling semiconductor diode transistor amplifier oscillator matrix eigenvalue " +
  "determinant integral derivative laplace fourier series convergence probability distribution variance " +
  "regression hypothesis algorithm recursion pointer structure linked list stack queue tree graph " +
  "traversal sorting hashing compiler parser grammar automata turing process thread deadlock semaphore " +
  "scheduling memory paging segmentation cache pipeline instruction register database normalisation " +
  "transaction index query relational schema network protocol routing socket encryption signature"
).split(" ");
const KINDS = ["lecture_notes", "lecture_notes", "short_notes", "important_questions", "past_paper", "practical"];
// A PDF's text: mostly ordinary words (4,000 of them, the common ones far more often, as in real
// text), and a few topic words, so a topic word is in a few per cent of the items, as in a real
// library. The titles all say "Notes" or "paper": the worst case, a word in nearly every item.
const COMMON = Array.from({ length: 4000 }, (_, i) => `w${i.toString(36)}x`);
const zipf = () => COMMON[Math.min(COMMON.length - 1, Math.floor(Math.exp(random() * Math.log(COMMON.length))) - 1)];
const text = (n) => Array.from({ length: n }, (_, i) => (i % 40 === 0 ? pick(WORDS) : zipf())).join(" ");
const q = (value) =>
  value === null ? "NULL" : typeof value === "number" ? String(value) : `'${String(value).replace(/'/g, "''")}'`;

const dir = mkdtempSync(join(tmpdir(), "bench-library-"));
const lines = [];
const now = Date.now();
for (let i = 0; i < ITEMS; i += 1) {
  const subject = subjects[i % subjects.length];
  const kind = pick(KINDS);
  const id = `bench-item-${i}`;
  const title = `${kind === "past_paper" ? "End-semester paper" : "Notes"} on ${pick(WORDS)} and ${pick(WORDS)} ${i}`;
  const paper = kind === "past_paper";
  lines.push(
    `INSERT INTO library_items (id, campus_id, subject_id, kind, title, year, exam, file_key, file_bytes, file_pages, file_source, file_sha256, public, status, helpful_count, created_at, updated_at) VALUES (${[
      id,
      "cit",
      subject.id,
      kind,
      title,
      paper ? 2015 + (i % 10) : null,
      paper ? "end_semester" : null,
      `library/${id}`,
      200_000 + (i % 50) * 10_000,
      4 + (i % 20),
      "pdf",
      `sha-${id}`,
      i % 7 === 0 ? 0 : 1, // a seventh private: a visitor (this script) does not see them
      "approved",
      Math.floor(random() * 40),
      now - i * 60_000,
      now - i * 60_000,
    ]
      .map(q)
      .join(", ")});`,
  );
  const units = subject.units;
  if (units.length > 0)
    lines.push(`INSERT INTO library_item_units (item_id, unit_id) VALUES (${q(id)}, ${q(pick(units).id)});`);
  lines.push(
    `INSERT INTO library_search (item_id, campus_id, title, subject, body) VALUES (${[id, "cit", title, subject.name, text(120)].map(q).join(", ")});`,
  );
}
// A word only one item's PDF contains, for the search that must find exactly it.
lines.push(
  `UPDATE library_search SET body = body || ' ferrofluid' WHERE item_id = ${q(`bench-item-${Math.floor(ITEMS / 2)}`)};`,
);
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
