// `npm run bench:market` (build first): the marketplace at size. Serves the built Worker on
// fresh local state, lists MARKET_LISTINGS (default 200) products with 1-4 photo-like WebP photos each
// (scripts/market-photos.mjs) through the upload API, then measures in Chromium:
//   - the image bytes a phone downloads on Browse: the first screen, and the whole first page after
//     scrolling to its end; as it is (small versions) and as it was before them (every card loading
//     its large photo: the same products' large photos, by their Content-Length);
//   - Lighthouse mobile on /all-products and on a product's page (/product/:id with 4 photos).
import { chromium } from "playwright-core";
import { serveBuiltWorker } from "./built-worker.mjs";
import { makePhotos } from "./market-photos.mjs";
import {
  launchChromium,
  lighthouseSteady,
  missedTargets,
  seedProducts,
  signedInCookie,
  warmUp,
} from "./lighthouse.mjs";

const count = Number(process.env.MARKET_LISTINGS ?? 200);
const runs = Number(process.env.LH_RUNS ?? 3);
const server = await serveBuiltWorker({ name: "bench-market" });
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
let failed = false;
try {
  const { baseURL } = server;
  const started = Date.now();
  const photos = await makePhotos(12);
  const sizes = photos.map((p) => p.large.length);
  console.log(
    `photos: 12 made, large ${kb(Math.min(...sizes))} to ${kb(Math.max(...sizes))}, small ${kb(Math.min(...photos.map((p) => p.thumb.length)))} to ${kb(Math.max(...photos.map((p) => p.thumb.length)))}`,
  );
  const ids = await seedProducts(baseURL, count, { name: "Bench", ipBase: 100, photos });
  console.log(`seeded ${ids.length} listings in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const { cookie } = await signedInCookie(baseURL, { name: "Bench Buyer", ip: "203.0.113.99" });

  // Image bytes on Browse, as a 360 px phone sees it.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 360, height: 780 },
      deviceScaleFactor: 2,
      extraHTTPHeaders: { Cookie: cookie },
    });
    const page = await context.newPage();
    const images = new Map();
    page.on("response", async (response) => {
      if (!new URL(response.url()).pathname.startsWith("/api/files/products/")) return;
      const body = await response.body().catch(() => null);
      if (body) images.set(response.url(), body.length);
    });
    await page.goto(`${baseURL}/all-products`, { waitUntil: "networkidle" });
    const firstScreen = [...images.values()].reduce((a, b) => a + b, 0);
    const firstCount = images.size;
    for (let y = 0; y < 40; y += 1) {
      await page.mouse.wheel(0, 800);
      await page.waitForTimeout(100);
    }
    await page.waitForLoadState("networkidle");
    const wholePage = [...images.values()].reduce((a, b) => a + b, 0);
    // Before small versions every card loaded its large photo: the same cards' `image`.
    const shown = (
      await (await fetch(`${baseURL}/api/product/available?limit=24`, { headers: { Cookie: cookie } })).json()
    ).slice(0, 24);
    const largeSize = async (url) => (await (await fetch(url)).arrayBuffer()).byteLength;
    const before = await Promise.all(shown.map((p) => largeSize(p.image)));
    const beforeFirst = before.slice(0, firstCount).reduce((a, b) => a + b, 0);
    const beforeAll = before.reduce((a, b) => a + b, 0);
    console.log("\nBrowse (/all-products, 24 cards, 360 px phone at 2x):");
    console.log(
      `  first screen: ${firstCount} images, ${kb(firstScreen)} with small versions; ${kb(beforeFirst)} with the large photos (before)`,
    );
    console.log(
      `  whole page:   ${images.size} images, ${kb(wholePage)} with small versions; ${kb(beforeAll)} with the large photos (before): ${((1 - wholePage / beforeAll) * 100).toFixed(0)}% less`,
    );
  } finally {
    await browser.close();
  }

  // Lighthouse on Browse and on a product's page with 4 photos.
  // The newest listing with four photos (listing i has i % 4 + 1).
  const fourPhotos = ids[[...ids.keys()].filter((i) => i % 4 === 3).pop()];
  const pages = [`/all-products`, `/product/${fourPhotos}`];
  const lh = await launchChromium();
  try {
    console.log(`\nLighthouse mobile, median of ${runs}:`);
    for (const path of pages) {
      const url = new URL(path, baseURL).href;
      await warmUp(url, cookie);
      const s = await lighthouseSteady(lh.port, url, { runs, cookie, cpu: "calibrated" });
      const missed = missedTargets(s);
      failed ||= missed.length > 0;
      console.log(
        `  ${path.padEnd(50)} perf ${s.performance}  a11y ${s.accessibility}  bp ${s.bestPractices}  seo ${s.seo}  FCP ${s.fcpMs} ms  LCP ${s.lcpMs} ms  TBT ${s.tbtMs} ms  CLS ${s.cls}${missed.length ? `  <-- MISSES: ${missed.join("; ")}` : ""}`,
      );
    }
  } finally {
    lh.close();
  }
} finally {
  server.stop();
}
process.exit(failed ? 1 : 0);
