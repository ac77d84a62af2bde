import { chromium } from "playwright-core";
const [base, path, token] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
await ctx.addCookies([{ name: "__Host-campus_session", value: token, url: base.replace("http:", "https:"), secure: true, httpOnly: true, sameSite: "Lax" }]);
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "blink.user_timing", "loading"] });
await page.goto(base + path, { waitUntil: "load" });
await page.waitForTimeout(1500);
const buf = await browser.stopTracing();
const ev = JSON.parse(buf.toString()).traceEvents;
const main = ev.filter((e) => e.name === "RunTask" && e.dur > 30000);
const pid = main.length ? null : null;
for (const t of main) {
  const kids = ev.filter((e) => e.tid === t.tid && e.pid === t.pid && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur && e.dur > 3000 && e.name !== "RunTask");
  console.log("TASK", Math.round(t.dur / 1000), "ms");
  for (const k of kids.slice(0, 14)) console.log("   ", k.name, Math.round(k.dur / 1000), JSON.stringify(k.args?.data?.url ?? k.args?.data?.functionName ?? k.args?.beginData?.url ?? "").slice(-70));
}
await browser.close();
