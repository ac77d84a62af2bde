import lighthouse from "lighthouse";
import { launchChromium, seedProducts, signedInCookie, warmUp, calibratedSlowdown } from "/work/main/scripts/lighthouse.mjs";
const base = "http://127.0.0.1:8790";
const { cookie } = await signedInCookie(base, { name: "Probe Student", ip: "203.0.113.91" });
const ids = await seedProducts(base, 24, { name: "Probe", ipBase: 120 });
async function putCookie(port, url, cookie) {
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  const [name, ...rest] = cookie.split("=");
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  try {
    const answer = new Promise((resolve, reject) => {
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data));
        if (message.id !== 1) return;
        if (message.error) reject(new Error(`could not set the cookie: ${message.error.message}`));
        else resolve(message.result);
      };
    });
    const origin = new URL(url);
    origin.protocol = "https:";
    socket.send(
      JSON.stringify({
        id: 1,
        method: "Storage.setCookies",
        params: {
          cookies: [{ name, value: rest.join("="), url: origin.origin, secure: true, httpOnly: true, sameSite: "Lax" }],
        },
      }),
    );
    await answer;
  } finally {
    socket.close();
  }
}

const chromium = await launchChromium();
const token = cookie.split("=")[1];
for (const path of [`/product/${ids.at(-1)}`, "/all-products"]) {
  const url = base + path;
  await warmUp(url, cookie);
  for (let i = 0; i < 3; i++) {
    // cookie via CDP as the guard does
    await putCookie(chromium.port, url, cookie);
    const r = await lighthouse(url, { port: chromium.port, output: "json", logLevel: "error", onlyCategories: ["performance"], throttling: { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 3.2, requestLatencyMs: 562.5, downloadThroughputKbps: 1474.56, uploadThroughputKbps: 675 } });
    const a = r.lhr.audits;
    const bi = r.lhr.environment.benchmarkIndex;
    console.log(path, "BI", bi, "LCP", Math.round(a["largest-contentful-paint"].numericValue), "TBT", Math.round(a["total-blocking-time"].numericValue), "final", r.lhr.finalDisplayedUrl);
    console.log(JSON.stringify(a["largest-contentful-paint-element"]?.details ?? null).slice(0, 1200));
    console.log("lcp-breakdown", JSON.stringify(a["lcp-breakdown-insight"]?.details ?? a["lcp-phases-insight"]?.details ?? null).slice(0, 600));
    const lt = a["long-tasks"]?.details?.items ?? [];
    console.log("long tasks", JSON.stringify(lt.slice(0,6).map(t => [t.url?.slice(-40), Math.round(t.startTime), Math.round(t.duration)])));
    const mt = a["mainthread-work-breakdown"]?.details?.items ?? [];
    console.log("main thread", JSON.stringify(mt.map(t => [t.group, Math.round(t.duration)])));
    const bu = a["bootup-time"]?.details?.items ?? [];
    console.log("bootup", JSON.stringify(bu.slice(0,5).map(t => [t.url.slice(-40), Math.round(t.total), Math.round(t.scripting)])));
  }
}
chromium.close();
process.exit(0);
