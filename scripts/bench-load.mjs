// `npm run bench:load` (not part of `npm test`): a mixed workload of browsing, signing in,
// uploading, buying and posting from 32 concurrent clients for 60 s against the BUILT Worker on
// local miniflare (`wrangler dev`, fresh D1/R2 state). Afterwards every acknowledged write is looked
// up through the API: it must be there exactly once. Exit code 1 on any 5xx, lost or duplicated write.
//
//   npm run build && npm run bench:load            # 32 clients, 60 s
//   BENCH_CLIENTS=8 BENCH_SECONDS=10 npm run bench:load
import { readFileSync } from "node:fs";
import { serveBuiltWorker } from "./built-worker.mjs";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

// ---------------------------------------------------------------------------------------------
// Bookkeeping

const stats = {
  tried: 0,
  ok2xx: 0,
  redirects: 0,
  refused4xx: 0,
  server5xx: 0,
  networkErrors: 0,
  byKind: {},
  statusCounts: {},
  latencies: [],
};
const acknowledged = { products: [], purchases: [], complaints: [], requests: [] };
const fiveXX = [];

function record(kind, status, ms) {
  stats.tried += 1;
  stats.latencies.push(ms);
  const k = (stats.byKind[kind] ??= { tried: 0, "2xx": 0, "3xx": 0, "4xx": 0, "5xx": 0 });
  k.tried += 1;
  stats.statusCounts[status] = (stats.statusCounts[status] ?? 0) + 1;
  if (status >= 500) {
    stats.server5xx += 1;
    k["5xx"] += 1;
  } else if (status >= 400) {
    stats.refused4xx += 1;
    k["4xx"] += 1;
  } else if (status >= 300) {
    stats.redirects += 1;
    k["3xx"] += 1;
  } else {
    stats.ok2xx += 1;
    k["2xx"] += 1;
  }
}

let base = "";

async function request(kind, path, init = {}) {
  const started = performance.now();
  try {
    const res = await fetch(`${base}${path}`, { redirect: "manual", ...init, signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    record(kind, res.status, performance.now() - started);
    if (res.status >= 500) fiveXX.push({ kind, path, status: res.status, body: text.slice(0, 300) });
    let json = null;
    if ((res.headers.get("Content-Type") ?? "").includes("json")) {
      try {
        json = JSON.parse(text);
      } catch {
        // not JSON after all
      }
    }
    return { status: res.status, json, text };
  } catch (error) {
    stats.tried += 1;
    stats.networkErrors += 1;
    fiveXX.push({ kind, path, status: "network", body: String(error) });
    return { status: 0, json: null, text: "" };
  }
}

const jsonInit = (method, body, token) => ({
  method,
  headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});

// ---------------------------------------------------------------------------------------------
// One client: its own account, then random actions until time is up.

const BLOCKS = ["A", "B", "C", "D"];

async function client(index, deadline) {
  const email = `bench${index}-${Date.now()}@campus.test`;
  const password = `bench password ${index}`;
  let token = null;
  // Registration is rate limited per address (10 a minute); a refused client waits and retries.
  while (!token && Date.now() < deadline) {
    // Each client is its own student on its own network (the rate limit is keyed by address).
    const init = jsonInit("POST", { name: `Bench ${index}`, email, password });
    init.headers["CF-Connecting-IP"] = `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`;
    const res = await request("register", "/api/auth/register", init);
    if (res.status === 201) token = res.json.data.token;
    else await new Promise((r) => setTimeout(r, 2000 + Math.random() * 2000));
  }
  if (!token) return null;
  // Selling, buying, posting and filing need a verified college address: the code is in the
  // development outbox of the measured server (DEV_OUTBOX=1).
  const outbox = await request("verify", `/api/dev/outbox?to=${encodeURIComponent(email)}`, {});
  const code = /\b(\d{6})\b/.exec(outbox.json?.data?.[0]?.text ?? "")?.[1];
  if (code) {
    const verify = jsonInit("POST", { code }, token);
    verify.headers["CF-Connecting-IP"] = `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`;
    await request("verify", "/api/auth/verify", verify);
  }
  const me = { index, email, token, userId: null };
  const session = await request("browse", "/api/auth/me", { headers: { Authorization: `Bearer ${token}` } });
  me.userId = session.json?.data?.userId ?? null;
  await request(
    "post",
    "/api/hostel/residence",
    jsonInit("PUT", { blockId: BLOCKS[index % BLOCKS.length], room: String(100 + index) }, token),
  );
  let n = 0;
  while (Date.now() < deadline) {
    n += 1;
    const roll = Math.random();
    if (roll < 0.4) {
      const pages = [
        "/",
        "/marketplace",
        "/all-products",
        "/studyswap",
        "/hostel-complaints",
        "/mess-menu",
        "/laundry-service",
        "/notes",
      ];
      const path = pages[Math.floor(Math.random() * pages.length)];
      await request("browse", path, { headers: { Cookie: `__Host-campus_session=${token}` } });
      await request("browse", "/api/product/available?limit=20");
    } else if (roll < 0.47) {
      // From the client's own address: sign-in is limited per address (30 a minute across e-mails).
      const signIn = jsonInit("POST", { email, password });
      signIn.headers["CF-Connecting-IP"] = `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`;
      const res = await request("sign-in", "/api/auth/login", signIn);
      if (res.status === 200) token = res.json.data.token;
    } else if (roll < 0.62) {
      const title = `Bench item ${index}-${n}-${Math.random().toString(36).slice(2, 8)}`;
      const form = new FormData();
      for (const [k, v] of Object.entries({
        title,
        description: "Load test item.",
        price: String(10 + (n % 500)),
        sellerName: `Bench ${index}`,
        whatsappNumber: "9876543210",
      }))
        form.set(k, v);
      form.set("image", new Blob([PNG], { type: "image/png" }), "item.png");
      const res = await request("upload", "/api/product/upload", {
        method: "POST",
        headers: { Authorization: `Bearer ${token}` },
        body: form,
      });
      if (res.status === 201) acknowledged.products.push({ id: res.json.product._id, title, seller: me });
    } else if (roll < 0.77) {
      const list = await request("browse", "/api/product/available?limit=50");
      const candidates = (Array.isArray(list.json) ? list.json : []).filter(
        (p) => !p.title.startsWith(`Bench item ${index}-`),
      );
      const pick = candidates[Math.floor(Math.random() * candidates.length)];
      if (pick) {
        const res = await request("buy", `/api/product/purchase/${pick._id}`, {
          method: "PATCH",
          headers: { Authorization: `Bearer ${token}` },
        });
        if (res.status === 200) acknowledged.purchases.push({ id: pick._id, buyer: me });
      }
    } else if (roll < 0.88) {
      const description = `Bench complaint ${index}-${n}: the tap leaks.`;
      const res = await request(
        "post",
        "/api/hostel/complaints",
        jsonInit(
          "POST",
          { category: "plumbing", blockId: BLOCKS[index % BLOCKS.length], room: String(100 + index), description },
          token,
        ),
      );
      if (res.status === 201) acknowledged.complaints.push({ id: res.json.data.id, owner: me });
    } else {
      const title = `Bench request ${index}-${n}`;
      const res = await request(
        "post",
        "/api/studyswap/requests",
        jsonInit("POST", { title, category: "Load", details: "Load test request.", contact: email }, token),
      );
      if (res.status === 201) acknowledged.requests.push({ id: res.json.data._id, owner: me });
    }
  }
  return me;
}

// ---------------------------------------------------------------------------------------------
// Afterwards: every acknowledged write is present, exactly once.

async function verify(clients) {
  const problems = [];
  const get = async (path, token) => {
    const res = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`verify ${path}: ${res.status}`);
    return res.json();
  };
  let found = 0;
  for (const me of clients) {
    const sells = await get("/api/product/mysells", me.token);
    const purchased = await get("/api/product/purchased", me.token);
    const complaints = (await get("/api/hostel/complaints?view=mine", me.token)).data.complaints;
    const requests = await get("/api/studyswap/requests/mine", me.token);
    for (const [label, list, key] of [
      ["product", sells, "_id"],
      ["purchase", purchased, "_id"],
      ["complaint", complaints, "id"],
      ["request", requests, "_id"],
    ]) {
      const ids = list.map((x) => x[key]);
      if (new Set(ids).size !== ids.length) problems.push(`client ${me.index}: duplicated ${label} ids`);
    }
    const titles = sells.map((p) => p.title);
    if (new Set(titles).size !== titles.length) problems.push(`client ${me.index}: a product was stored twice`);
    for (const p of acknowledged.products.filter((x) => x.seller === me)) {
      if (sells.some((s) => s._id === p.id && s.title === p.title)) found += 1;
      else problems.push(`lost product ${p.id}`);
    }
    for (const p of acknowledged.purchases.filter((x) => x.buyer === me)) {
      if (purchased.some((s) => s._id === p.id)) found += 1;
      else problems.push(`lost purchase ${p.id}`);
    }
    for (const c of acknowledged.complaints.filter((x) => x.owner === me)) {
      if (c.id && complaints.some((s) => s.id === c.id)) found += 1;
      else problems.push(`lost complaint ${c.id}`);
    }
    for (const r of acknowledged.requests.filter((x) => x.owner === me)) {
      if (r.id && requests.some((s) => s._id === r.id)) found += 1;
      else problems.push(`lost request ${r.id}`);
    }
  }
  // Each product was bought at most once: no two acknowledged purchases of one product.
  const bought = acknowledged.purchases.map((p) => p.id);
  if (new Set(bought).size !== bought.length) problems.push("a product was sold twice");
  return { found, problems };
}

// ---------------------------------------------------------------------------------------------

let code = 1;
let worker;
try {
  worker = await serveBuiltWorker({ name: "bench-load", logs: !!process.env.BENCH_SERVER_LOGS });
  base = worker.baseURL;
  const version = JSON.parse(readFileSync("node_modules/wrangler/package.json", "utf8")).version;
  console.log(`bench:load: built Worker on ${base} (wrangler ${version}); ${CLIENTS} clients for ${SECONDS} s`);
  const started = Date.now();
  const deadline = started + SECONDS * 1000;
  const clients = (await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i, deadline)))).filter(Boolean);
  const elapsed = (Date.now() - started) / 1000;
  const { found, problems } = await verify(clients);
  const acked =
    acknowledged.products.length +
    acknowledged.purchases.length +
    acknowledged.complaints.length +
    acknowledged.requests.length;
  const sorted = [...stats.latencies].sort((a, b) => a - b);
  const pct = (p) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
  const summary = {
    clients: CLIENTS,
    clientsSignedUp: clients.length,
    seconds: Math.round(elapsed),
    requestsTried: stats.tried,
    requestsPerSecond: Math.round(stats.tried / elapsed),
    ok2xx: stats.ok2xx,
    redirects3xx: stats.redirects,
    refusedCorrectly4xx: stats.refused4xx,
    server5xx: stats.server5xx,
    networkErrors: stats.networkErrors,
    statusCounts: stats.statusCounts,
    byKind: stats.byKind,
    latencyMs: { p50: pct(50), p95: pct(95), p99: pct(99), max: Math.round(sorted.at(-1) ?? 0) },
    writesAcknowledged: {
      products: acknowledged.products.length,
      purchases: acknowledged.purchases.length,
      complaints: acknowledged.complaints.length,
      requests: acknowledged.requests.length,
      total: acked,
    },
    writesFound: found,
    problems: problems.slice(0, 20),
    fiveXX: fiveXX.slice(0, 10),
  };
  console.log(JSON.stringify(summary, null, 2));
  code = stats.server5xx === 0 && stats.networkErrors === 0 && problems.length === 0 && found === acked ? 0 : 1;
  console.log(code === 0 ? "bench:load: PASS (zero 5xx, every acknowledged write found once)" : "bench:load: FAIL");
} catch (error) {
  console.error(`bench:load: ${error.message}`);
} finally {
  worker?.stop();
}
process.exit(code);
