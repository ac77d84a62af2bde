import { chromium } from "playwright-core";
const [base, path, token, n = "5"] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const out = [];
for (let i = 0; i < Number(n); i++) {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
  await ctx.addCookies([{ name: "__Host-campus_session", value: token, url: base.replace("http:", "https:"), secure: true, httpOnly: true, sameSite: "Lax" }]);
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.addInitScript(() => {
    window.__lt = []; window.__lcp = 0;
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: "longtask", buffered: true });
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp = Math.round(e.startTime); }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  await page.goto(base + path, { waitUntil: "load" });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 20000 }).catch(() => {});
  await page.waitForTimeout(500);
  const r = await page.evaluate(() => ({ lt: window.__lt, lcp: window.__lcp, fcp: Math.round(performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0) }));
  const tbt = r.lt.filter(([s]) => s >= r.fcp).reduce((a, [, d]) => a + Math.max(0, d - 50), 0);
  out.push(tbt);
  console.log(JSON.stringify({ ...r, tbt }));
  await ctx.close();
}
console.log("tbt sorted", out.sort((a, b) => a - b).join(" "));
await browser.close();
