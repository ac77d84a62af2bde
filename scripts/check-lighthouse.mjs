// The speed guard in `npm test`: Lighthouse (mobile, CPU slowdown calibrated) on eight representative
// pages of the built Worker, median of LH_RUNS runs (default 3; ended as soon as most of them meet
// every target, which decides the median; the performance score is held to the best run and TBT to the
// least) after one warm-up load, failing below the targets of decision 0050 (scripts/lighthouse.mjs
// TARGETS); a page that misses on timing alone is measured once more after the others and fails if it
// misses again. scripts/e2e.mjs runs it against the server it
// already serves for the browser tests; `npm run check:lighthouse` runs it alone (it builds nothing:
// build first).
//
//   E2E_BASE_URL=http://127.0.0.1:8787 node scripts/check-lighthouse.mjs
import {
  launchChromium,
  lighthouseOnce,
  lighthouseSteady,
  LCP_GOAL_MS,
  missedTargets,
  takesTwoMoreRuns,
  REFERENCE_BENCHMARK_INDEX,
  seedConversation,
  seedLibrary,
  seedProducts,
  seedWeek,
  signedInCookie,
  TARGETS,
  warmUp,
} from "./lighthouse.mjs";

const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) {
  console.error("check-lighthouse: set E2E_BASE_URL (scripts/e2e.mjs does)");
  process.exit(1);
}
// Every target is enforced, with the CPU slowdown calibrated to the machine's measured speed (see
// calibratedSlowdown in scripts/lighthouse.mjs and decision 0050), so that a busy machine does not
// read as a slow page. `--cpu=default` audits with Lighthouse's fixed 4x instead (for a quiet
// machine).
const cpu = process.argv.includes("--cpu=default") ? "default" : "calibrated";
const runs = Number(process.env.LH_RUNS ?? 3);
// LH_OTHER_SLOWDOWN=1 also audits every run with the other slowdown and prints its figures (for the
// record, never enforced); off by default, as it is a second audit of every run.
const other = process.env.LH_OTHER_SLOWDOWN === "1";

const { cookie, token, user } = await signedInCookie(baseURL, { name: "Guard Student", ip: "203.0.113.81" });
// The dashboard is measured with Today full: a week of classes, attendance and notices (decision 0112);
// /library with 2,000 items in the college's library (seeded just before it, below).
if (process.env.E2E_PERSIST_TO) seedWeek(process.env.E2E_PERSIST_TO, user.email);
else console.log("check-lighthouse: no E2E_PERSIST_TO, so the dashboard and /library are measured without their data");
// /all-products is measured with full pages (24 products with photos: its first page and the next),
// whatever the browser tests left behind: the page at its heaviest, the same in every run.
const productIds = await seedProducts(baseURL, 24, { name: "Guard", ipBase: 60 });
const pages = [
  // The first screen of every visit (server-rendered, reads the session and Today in one batch).
  { path: "/dashboard", cookie },
  // The address a visitor types: the landing page.
  { path: "/" },
  // A notes page: the college's academics tree and library, one D1 batch (decision 0107).
  { path: "/btech/cse/1" },
  // The busiest signed-in page: server-rendered list of products with images.
  { path: "/all-products", cookie },
  // A product's own page: its photos large, the seller's card and Buy.
  { path: `/product/${productIds.at(-1)}`, cookie },
  // Lost & found: a photo grid, two taps from Today (docs/decisions/0128-lost-found-matching.md).
  { path: "/lost-found", cookie },
  // A conversation: the thread, its composer and the listing it is about, as a buyer leaves it (four
  // messages through the API, about the listing before the newest, whose page is measured as a buyer
  // first sees it). Seeded just before it and not before the first page, so that the messages'
  // notices (the push queue's batch) run while no other page is measured (decision 0050).
  {
    path: "/messages/:id",
    cookie,
    before: async (page) => {
      const id = await seedConversation(baseURL, token, productIds.at(-2), [
        "Hi! Is this still available?",
        "I can meet at the library at 5 today, or tomorrow after the lab.",
        "Would you take a little less if I pick it up tonight?",
        "Also, does it come with the original box?",
      ]);
      page.path = `/messages/${id}`;
    },
  },
  // The library's search page over 2,000 items, as a visitor finds it. Last, and seeded just before:
  // its 6,000 statements leave the server busy for a while, which the pages before it do not share.
  {
    path: "/library",
    before: () => process.env.E2E_PERSIST_TO && seedLibrary(process.env.E2E_PERSIST_TO, 2000),
  },
];

const chromium = await launchChromium();
let failed = false;
const overGoal = [];
const started = Date.now();
try {
  console.log(
    `Lighthouse mobile (CPU slowdown: ${cpu === "calibrated" ? `calibrated, BI of each run / ${REFERENCE_BENCHMARK_INDEX}` : "mobile default 4x"}), median of ${runs} run(s) (ending once most of them meet every target), or of 5 when that misses (of 7 when it misses on TBT or LCP and nothing else but the performance score); targets: performance >= ${TARGETS.performance} (the best of the runs), accessibility, best practices and SEO 100, LCP <= ${TARGETS.lcpMs} ms (goal ${LCP_GOAL_MS} ms, printed), TBT <= ${TARGETS.tbtMs} ms (the least of the runs), CLS 0, no third-party request`,
  );
  // One page's measurement: its verdict printed, its misses and LCP returned (a redirect is a miss).
  const measure = async (page, label = page.path) => {
    const url = new URL(page.path, baseURL).href;
    // Warm-up: the first load of a route compiles its server code and fills the isolate's caches
    // (students hit a warm Worker), and the first Lighthouse run of a fresh Chromium pays for the
    // browser's own start: both are noise, not regressions, so neither is measured.
    await warmUp(url, page.cookie);
    if (page === pages[0]) await lighthouseOnce(chromium.port, url, { cookie: page.cookie, cpu, other: false });
    const s = await lighthouseSteady(chromium.port, url, {
      runs,
      cookie: page.cookie,
      cpu,
      other,
      verdict: true,
    });
    if (new URL(s.finalUrl).pathname !== page.path) {
      console.error(`  ${page.path}: ended on ${s.finalUrl} (a redirect): the guard measured the wrong page`);
      return { missed: [`a redirect to ${s.finalUrl}`], lcpMs: s.lcpMs };
    }
    const missed = missedTargets(s);
    const tbts = s.runs
      .map((r) => `${r.tbtMs} ms (LCP ${r.lcpMs}) at BI ${r.benchmarkIndex} x${r.cpuSlowdown}`)
      .join(", ");
    console.log(
      `  ${label.padEnd(14)} perf ${s.performance}${s.performanceBest === s.performance ? "" : ` (best ${s.performanceBest})`}  a11y ${s.accessibility}  bp ${s.bestPractices}  seo ${s.seo}  FCP ${s.fcpMs} ms  LCP ${s.lcpMs} ms${s.lcpMs > LCP_GOAL_MS ? ` (over the ${LCP_GOAL_MS} ms goal)` : ""}  TBT ${s.tbtMs} ms (least ${s.tbtLeastMs})  CLS ${s.cls}${missed.length ? `  <-- MISSES: ${missed.join("; ")}` : ""}`,
    );
    for (const line of missed.length ? [...new Set(s.runs.flatMap((r) => r.missedElements ?? []))] : [])
      console.log(`  ${"".padEnd(14)} ${line}`);
    console.log(
      `  ${"".padEnd(14)} runs: TBT ${tbts}${s.other ? `; with the ${s.other.cpu} slowdown: perf ${s.other.performance}, LCP ${s.other.lcpMs} ms, TBT ${s.other.tbtMs} ms` : ""}`,
    );
    return { missed, lcpMs: s.lcpMs };
  };
  const secondLook = [];
  for (const page of pages) {
    await page.before?.(page);
    const result = await measure(page);
    if (result.lcpMs > LCP_GOAL_MS) overGoal.push(`${page.path} ${result.lcpMs} ms`);
    // A median of 7 that misses on TBT or LCP alone is looked at again after the other pages, once:
    // consecutive runs share a burst of the machine's other work, minutes later they do not. A page
    // that is slow misses twice; any other miss fails at once (decision 0050).
    if (takesTwoMoreRuns(result.missed)) secondLook.push(page);
    else failed ||= result.missed.length > 0;
  }
  for (const page of secondLook) {
    console.log(`  ${page.path}: missed on timing alone; measured again after the other pages`);
    const again = await measure(page, `${page.path} (again)`);
    failed ||= again.missed.length > 0;
  }
} finally {
  chromium.close();
}
console.log(`check-lighthouse: ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(
  overGoal.length
    ? `check-lighthouse: LCP over the ${LCP_GOAL_MS} ms goal on ${overGoal.join(", ")}`
    : `check-lighthouse: LCP within the ${LCP_GOAL_MS} ms goal on all ${pages.length} pages`,
);
if (failed) {
  console.error("check-lighthouse: at least one page is below the speed targets (see above)");
  process.exit(1);
}
console.log("check-lighthouse: all pages meet the targets");
