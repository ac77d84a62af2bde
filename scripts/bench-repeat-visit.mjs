// `npm run bench:repeat` (build first): a repeat visit with the service worker in control.
// Serves the built Worker on fresh state and runs Lighthouse mobile (simulated slow 4G, CPU slowdown
// calibrated as the guard does) on each page in one browser profile whose storage is kept between
// runs: the first run is the first visit (it installs the service worker and its precache), the next
// ones are repeat visits, answered by the worker (every page network-first; the notes pages are no
// longer prerendered and precached, decision 0107). Prints the first visit and the median of the repeat visits.
import lighthouse from "lighthouse";
import { serveBuiltWorker } from "./built-worker.mjs";
import { calibratedSlowdown, launchChromium, signedInCookie } from "./lighthouse.mjs";

const repeats = Number(process.env.LH_RUNS ?? 3);
const server = await serveBuiltWorker({ name: "bench-repeat" });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
try {
  const { cookie } = await signedInCookie(server.baseURL, { name: "Repeat Student", ip: "203.0.113.91" });
  const pages = [
    { path: "/btech/cse/1", cookie: null },
    { path: "/dashboard", cookie },
  ];
  console.log(
    `Lighthouse mobile, first visit and median of ${repeats} repeat visits with the service worker in control:`,
  );
  for (const page of pages) {
    const chromium = await launchChromium();
    try {
      const url = new URL(page.path, server.baseURL).href;
      const flags = {
        port: chromium.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
        disableStorageReset: true,
        ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
      };
      const summary = (lhr) => ({
        lcp: Math.round(lhr.audits["largest-contentful-paint"].numericValue),
        fcp: Math.round(lhr.audits["first-contentful-paint"].numericValue),
        perf: Math.round(lhr.categories.performance.score * 100),
      });
      // The first visit, which installs the worker; its benchmark index sets the CPU slowdown of the rest.
      const first = (await lighthouse(url, flags)).lhr;
      const throttling = {
        ...first.configSettings.throttling,
        cpuSlowdownMultiplier: calibratedSlowdown(first.environment.benchmarkIndex),
      };
      // Let the worker finish installing before the repeat visits.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const runs = [summary(first)];
      for (let i = 0; i < repeats; i += 1) runs.push(summary((await lighthouse(url, { ...flags, throttling })).lhr));
      const [firstVisit, ...repeat] = runs;
      console.log(
        `  ${page.path.padEnd(14)} first visit: perf ${firstVisit.perf}, FCP ${firstVisit.fcp} ms, LCP ${firstVisit.lcp} ms; repeat visits: perf ${median(repeat.map((r) => r.perf))}, FCP ${median(repeat.map((r) => r.fcp))} ms, LCP ${median(repeat.map((r) => r.lcp))} ms (runs: ${repeat.map((r) => r.lcp).join(", ")} ms)`,
      );
    } finally {
      chromium.close();
    }
  }
} finally {
  server.stop();
}
