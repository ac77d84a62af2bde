// `npm run bench:ab -- <dirA> <dirB>`: the server time of the same requests on two built
// checkouts of Campus, run alternately (A, B, A, B) on the same machine, so a change's cost is seen
// apart from the machine's load. Each checkout is served as `npm run bench` serves it (fresh D1,
// 200 listings, a signed-in student); autocannon at 1 and 16 connections. Build both first.
import autocannon from "autocannon";
import { serveBuiltWorker } from "./built-worker.mjs";
import { seedProducts, signedInCookie } from "./lighthouse.mjs";

const [dirA, dirB] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error("usage: npm run bench:ab -- <dirA> <dirB>");
const ROUNDS = Number(process.env.AB_ROUNDS ?? 2);
const home = process.cwd();

async function serve(dir, name) {
  process.chdir(dir);
  try {
    const server = await serveBuiltWorker({ name });
    await seedProducts(server.baseURL, 200, { name: "Bench", ipBase: 100 });
    const student = await signedInCookie(server.baseURL, { name: "Bench Student", ip: "203.0.113.91" });
    return { ...server, cookie: student.cookie };
  } finally {
    process.chdir(home);
  }
}

async function measure(server) {
  const rows = [];
  const targets = [
    ["/all-products (signed in)", "/all-products", { Cookie: server.cookie }],
    ["/all-products (visitor)", "/all-products", {}],
    ["GET /api/product/available", "/api/product/available", {}],
    ["/dashboard (signed in)", "/dashboard", { Cookie: server.cookie }],
  ];
  for (const [label, path, headers] of targets) {
    for (const [connections, amount] of [
      [1, 200],
      [16, 800],
    ]) {
      await autocannon({ url: `${server.baseURL}${path}`, connections: 4, amount: 40, headers });
      const r = await autocannon({ url: `${server.baseURL}${path}`, connections, amount, headers, timeout: 30 });
      rows.push({
        label,
        connections,
        p50: r.latency.p50,
        p99: r.latency.p99,
        rps: r.requests.average,
        errors: r.errors + r.timeouts + r.non2xx,
      });
    }
  }
  return rows;
}

const a = await serve(dirA, "ab-a");
const b = await serve(dirB, "ab-b");
const results = { A: [], B: [] };
try {
  for (let round = 0; round < ROUNDS; round += 1) {
    results.A.push(await measure(a));
    results.B.push(await measure(b));
  }
} finally {
  a.stop();
  b.stop();
}
console.log(`A = ${dirA}, B = ${dirB}; ${ROUNDS} alternating rounds; p50 / p99 in ms (median over rounds)`);
console.log("| Request | Conn. | A p50 | B p50 | A p99 | B p99 | A req/s | B req/s |");
console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
for (const [i, row] of results.A[0].entries()) {
  const pick = (side, key) => median(results[side].map((r) => r[i][key]));
  console.log(
    `| ${row.label} | ${row.connections} | ${pick("A", "p50")} | ${pick("B", "p50")} | ${pick("A", "p99")} | ${pick("B", "p99")} | ${Math.round(pick("A", "rps"))} | ${Math.round(pick("B", "rps"))} |`,
  );
}
