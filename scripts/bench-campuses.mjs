// `npm run bench:campuses` (not part of `npm test`): the simulation of decision 0093. Seeds N campuses
// (default 20) through the API on the BUILT Worker (local `wrangler dev`, fresh D1/R2 state): each
// with its hostel set-up and S verified students (default 6), who list things, file complaints, ask
// for study help and post what they want. Then many simulated students (and visitors) run a mixed
// workload of reads and writes for a while. Reported per route: requests, p50/p99 latency, D1
// queries and rows read per request, the share answered without D1 (edge cache), and errors. The
// figures are in docs/performance.md ("Campuses"); the point is how cost per request grows with N
// (it should not).
//
//   npm run build && npm run bench:campuses                       # N = 20
//   npm run bench:campuses -- --campuses 100 --students 5 --seconds 40 --clients 12
//
// The Worker runs with BENCH_METRICS=1 (this script's server only): each answer carries X-Bench-D1
// (queries, rows read and written, edge cache). Rows read are measured in a separate pass with
// X-Bench-Rows: 1 (reads answered by raw() run once more to read D1's count), so the timings are not
// inflated by that.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serveBuiltWorker } from "./built-worker.mjs";
import { capture, run } from "./lib.mjs";

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const CAMPUSES = option("campuses", 20);
const STUDENTS = option("students", 6);
const CLIENTS = option("clients", 12);
const SECONDS = option("seconds", 30);
const PNG = readFileSync("public/icons/icon-192.png");

const campusIds = Array.from({ length: CAMPUSES }, (_, i) => `b${String(i + 1).padStart(3, "0")}`);
const domainOf = (id) => `${id}.bench-campus.test`;

// ---- The server ---------------------------------------------------------------------------------

const server = await serveBuiltWorker({ name: "bench-campuses", vars: { BENCH_METRICS: "1" } });
const base = server.baseURL;
process.on("exit", () => server.stop());
process.on("SIGINT", () => process.exit(130));

/** Each campus: the row, its e-mail domain, and a copy of CIT's hostel set-up (blocks, meals, menu, slots). */
function campusSql() {
  const lines = [];
  for (const [i, id] of campusIds.entries()) {
    lines.push(
      `INSERT INTO campuses (id, name, short_name, city, is_open, created_at) VALUES ('${id}', 'Bench College ${i + 1}', 'BC${i + 1}', 'City ${i + 1}', 0, 0);`,
    );
    lines.push(`INSERT INTO campus_domains (domain, campus_id) VALUES ('${domainOf(id)}', '${id}');`);
    lines.push(
      `INSERT INTO hostel_blocks (id, name, position, campus_id) SELECT '${id}-' || id, name, position, '${id}' FROM hostel_blocks WHERE campus_id = 'cit';`,
    );
    lines.push(
      `INSERT INTO mess_meals (id, name, starts_at_min, ends_at_min, position, campus_id) SELECT '${id}-' || id, name, starts_at_min, ends_at_min, position, '${id}' FROM mess_meals WHERE campus_id = 'cit';`,
    );
    lines.push(
      `INSERT INTO mess_menu (day, meal_id, items) SELECT m.day, '${id}-' || m.meal_id, m.items FROM mess_menu m JOIN mess_meals ml ON ml.id = m.meal_id WHERE ml.campus_id = 'cit';`,
    );
    lines.push(
      `INSERT INTO laundry_slots (id, starts_at_min, ends_at_min, capacity, position, campus_id) SELECT '${id}-' || id, starts_at_min, ends_at_min, capacity, position, '${id}' FROM laundry_slots WHERE campus_id = 'cit';`,
    );
  }
  return lines.join("\n");
}

const sqlDir = mkdtempSync(join(tmpdir(), "campus-bench-"));
writeFileSync(join(sqlDir, "campuses.sql"), campusSql());
if (
  run(
    "wrangler",
    ["d1", "execute", "DB", "--local", "--persist-to", server.persistTo, "--file", join(sqlDir, "campuses.sql")],
    { stdio: ["ignore", "ignore", "inherit"] },
  ) !== 0
) {
  throw new Error("seeding the campuses failed");
}
rmSync(sqlDir, { recursive: true, force: true });
const blocks = JSON.parse(
  (await (await fetch(`${base}/api/hostel/blocks?campus=${campusIds[0]}`)).text()) || "{}",
).data.map((b) => b.id.slice(campusIds[0].length + 1));

// ---- Requests and what they cost ----------------------------------------------------------------

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/** Per route: latencies, statuses, D1 queries, rows read. */
const routes = new Map();
const errors = [];
let measuring = false;

function entry(route) {
  let e = routes.get(route);
  if (!e) routes.set(route, (e = { ms: [], queries: [], rowsRead: [], status: {} }));
  return e;
}

function parseBench(header) {
  const out = {};
  for (const part of (header ?? "").split(";")) {
    const [key, value] = part.trim().split("=");
    if (key) out[key] = value;
  }
  return out;
}

async function send(route, path, { user = null, method = "GET", body, json, page = false, record = true } = {}) {
  const headers = { "CF-Connecting-IP": nextIp() };
  if (user) {
    if (page) headers.Cookie = `__Host-campus_session=${user.token}`;
    else headers.Authorization = `Bearer ${user.token}`;
  }
  if (measuring) headers["X-Bench-Rows"] = "1";
  let payload = body;
  if (json !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(json);
  }
  const started = performance.now();
  let res;
  let text;
  try {
    res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: payload,
      redirect: "manual",
      signal: AbortSignal.timeout(30_000),
    });
    text = await res.text();
  } catch (error) {
    errors.push({ route, path, error: String(error) });
    if (record) entry(route).status.network = (entry(route).status.network ?? 0) + 1;
    return { status: 0, data: null };
  }
  const ms = performance.now() - started;
  const bench = parseBench(res.headers.get("X-Bench-D1"));
  if (record) {
    const e = entry(route);
    const bucket = `${Math.floor(res.status / 100)}xx`;
    e.status[bucket] = (e.status[bucket] ?? 0) + 1;
    if (measuring) {
      e.rowsRead.push(Number(bench.rowsRead ?? 0));
    } else {
      e.ms.push(ms);
      e.queries.push(Number(bench.queries ?? 0));
    }
  }
  if (res.status >= 500) errors.push({ route, path, status: res.status, body: text.slice(0, 200) });
  let data = null;
  if ((res.headers.get("Content-Type") ?? "").includes("json")) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  return { status: res.status, data };
}

async function inParallel(items, limit, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++];
        await work(item);
      }
    }),
  );
}

// ---- Seeding through the API --------------------------------------------------------------------

const TITLES = [
  "Casio fx-991 calculator",
  "Engineering drawing kit",
  "Cycle with lock",
  "Study lamp",
  "Data structures textbook",
  "Lab coat (M)",
  "Mini fridge",
  "Mattress, single",
  "Electric kettle",
  "Hindi-English dictionary",
];
const students = [];
const products = new Map(); // campus -> product ids
const seedStarted = performance.now();

function productForm(student, i) {
  const form = new FormData();
  const fields = {
    title: `${TITLES[i % TITLES.length]} ${student.n}`,
    description: "Used for one semester, works well.",
    price: String(100 + ((i * 37) % 900)),
    sellerName: student.name,
    whatsappNumber: "9876543210",
  };
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set("image", new Blob([PNG], { type: "image/png" }), "photo.png");
  return form;
}

const plan = campusIds.flatMap((campusId) => Array.from({ length: STUDENTS }, (_, n) => ({ campusId, n })));
await inParallel(plan, 8, async ({ campusId, n }) => {
  const email = `student${n}@${domainOf(campusId)}`;
  const name = `Student ${n} of ${campusId}`;
  const registered = await send("seed: register", "/api/auth/register", {
    method: "POST",
    json: { name, email, password: "bench password 123" },
    record: false,
  });
  if (registered.status !== 201)
    throw new Error(`register ${email}: ${registered.status} ${JSON.stringify(registered.data)}`);
  const student = { campusId, n, name, email, token: registered.data.data.token };
  const outbox = await send("seed: outbox", `/api/dev/outbox?to=${encodeURIComponent(email)}`, { record: false });
  const code = /\b(\d{6})\b/.exec(outbox.data?.data?.[0]?.text ?? "")?.[1];
  const verified = await send("seed: verify", "/api/auth/verify", {
    user: student,
    method: "POST",
    json: { code },
    record: false,
  });
  if (verified.status !== 200) throw new Error(`verify ${email}: ${verified.status}`);
  for (let i = 0; i < 2; i += 1) {
    const listed = await send("seed: list", "/api/product/upload", {
      user: student,
      method: "POST",
      body: productForm(student, n * 2 + i),
      record: false,
    });
    if (listed.status === 201)
      (products.get(campusId) ?? products.set(campusId, []).get(campusId)).push(listed.data.product._id);
  }
  // Two blocks per campus, so neighbours see (and "me too") each other's complaints.
  const block = `${campusId}-${blocks[n % 2]}`;
  await send("seed: residence", "/api/hostel/residence", {
    user: student,
    method: "PUT",
    json: { blockId: block, room: `${100 + n}` },
    record: false,
  });
  await send("seed: complaint", "/api/hostel/complaints", {
    user: student,
    method: "POST",
    json: {
      category: "electrical",
      blockId: block,
      room: `${100 + n}`,
      description: `The tube light in room ${100 + n} flickers at night.`,
    },
    record: false,
  });
  await send("seed: study request", "/api/studyswap/requests", {
    user: student,
    method: "POST",
    json: {
      title: `Notes for unit ${n + 1}`,
      category: "Operating Systems",
      details: "Neat handwritten notes, ten pages.",
      contact: email,
    },
    record: false,
  });
  await send("seed: wanted", "/api/wanted", {
    user: student,
    method: "POST",
    json: { words: `cycle ${n}` },
    record: false,
  });
  students.push(student);
});
const seedSeconds = (performance.now() - seedStarted) / 1000;

// ---- The workload -------------------------------------------------------------------------------

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const someone = () => pick(students);
const productOf = (campusId) => pick(products.get(campusId) ?? [""]);

/** [weight, route, action]: reads dominate, as on a real campus; every write a student makes is here. */
const ACTIONS = [
  [
    12,
    "GET /all-products (student)",
    (s) => send("GET /all-products (student)", "/all-products", { user: s, page: true }),
  ],
  [10, "GET /all-products (visitor)", (s) => send("GET /all-products (visitor)", `/all-products?campus=${s.campusId}`)],
  [
    8,
    "GET /api/product/available (visitor)",
    (s) => send("GET /api/product/available (visitor)", `/api/product/available?campus=${s.campusId}`),
  ],
  [
    10,
    "GET /product/:id",
    (s) => send("GET /product/:id", `/product/${productOf(s.campusId)}`, { user: s, page: true }),
  ],
  [8, "GET /dashboard", (s) => send("GET /dashboard", "/dashboard", { user: s, page: true })],
  [6, "GET /purchases", (s) => send("GET /purchases", "/purchases", { user: s, page: true })],
  [6, "GET /api/product/mysells", (s) => send("GET /api/product/mysells", "/api/product/mysells", { user: s })],
  [6, "GET /api/notifications", (s) => send("GET /api/notifications", "/api/notifications", { user: s })],
  [6, "GET /hostel-complaints", (s) => send("GET /hostel-complaints", "/hostel-complaints", { user: s, page: true })],
  [
    5,
    "GET /api/studyswap/requests",
    (s) => send("GET /api/studyswap/requests", "/api/studyswap/requests", { user: s }),
  ],
  [4, "GET /mess-menu (visitor)", (s) => send("GET /mess-menu (visitor)", `/mess-menu?campus=${s.campusId}`)],
  [
    3,
    "POST /api/product/upload",
    (s) =>
      send("POST /api/product/upload", "/api/product/upload", {
        user: s,
        method: "POST",
        body: productForm(s, Math.floor(Math.random() * 100)),
      }),
  ],
  [
    2,
    "PATCH /api/product/purchase/:id",
    (s) =>
      send("PATCH /api/product/purchase/:id", `/api/product/purchase/${productOf(s.campusId)}`, {
        user: s,
        method: "PATCH",
        json: {},
      }),
  ],
  [
    2,
    "POST /api/hostel/complaints/:id/me-too",
    async (s) => {
      const list = await send("GET /api/hostel/complaints", "/api/hostel/complaints", { user: s });
      const other = (list.data?.data?.complaints ?? []).find((c) => !c.mine && c.status === "open");
      if (other)
        await send("POST /api/hostel/complaints/:id/me-too", `/api/hostel/complaints/${other.id}/me-too`, {
          user: s,
          method: "POST",
        });
    },
  ],
  [
    2,
    "POST /api/wanted",
    (s) =>
      send("POST /api/wanted", "/api/wanted", {
        user: s,
        method: "POST",
        json: { words: `lamp ${Math.floor(Math.random() * 1000)}` },
      }),
  ],
];
const totalWeight = ACTIONS.reduce((sum, [w]) => sum + w, 0);
function chooseAction() {
  let r = Math.random() * totalWeight;
  for (const action of ACTIONS) {
    r -= action[0];
    if (r < 0) return action;
  }
  return ACTIONS[0];
}

const workStarted = performance.now();
const until = Date.now() + SECONDS * 1000;
await Promise.all(
  Array.from({ length: CLIENTS }, async () => {
    while (Date.now() < until) await chooseAction()[2](someone());
  }),
);
const workSeconds = (performance.now() - workStarted) / 1000;

// Rows read: each read route a few more times, measured (not timed).
measuring = true;
for (const [, route, action] of ACTIONS) {
  if (!route.startsWith("GET")) continue;
  for (let i = 0; i < 5; i += 1) await action(someone());
}
measuring = false;

// ---- Report -------------------------------------------------------------------------------------

const pct = (values, p) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const mean = (values) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

const rows = [...routes.entries()]
  .filter(([, e]) => e.ms.length > 0)
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([route, e]) => ({
    route,
    requests: e.ms.length,
    p50: Math.round(pct(e.ms, 50)),
    p99: Math.round(pct(e.ms, 99)),
    queries: Number(mean(e.queries).toFixed(2)),
    rowsRead: Number(mean(e.rowsRead).toFixed(1)),
    // Requests answered without any D1 query (the edge cache had every read they needed).
    withoutD1: `${Math.round((100 * e.queries.filter((q) => q === 0).length) / e.ms.length)}%`,
    errors5xx: e.status["5xx"] ?? 0,
    refused4xx: e.status["4xx"] ?? 0,
  }));

const total = rows.reduce((sum, r) => sum + r.requests, 0);

/** Rows per table in the local D1 database, read with wrangler (the tables that hold students' data). */
function rowCounts() {
  const tables = [
    "users",
    "sessions",
    "products",
    "notices",
    "hostel_residents",
    "hostel_complaints",
    "hostel_complaint_me_too",
    "study_requests",
    "wanted_posts",
    "saved_products",
    "email_codes",
    "staff_audit_log",
  ];
  const sql = `SELECT ${tables.map((t) => `(SELECT COUNT(*) FROM ${t}) AS ${t}`).join(", ")}`;
  const out = capture("wrangler", [
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    server.persistTo,
    "--json",
    "--command",
    sql,
  ]);
  const parsed = JSON.parse(out.slice(out.indexOf("[")));
  return parsed[0].results[0];
}
// The running server holds the database: stop it first, keeping its state to count.
server.stop({ keepState: true });
await new Promise((resolve) => setTimeout(resolve, 1500));
const rowsAfter = rowCounts();
rmSync(server.persistTo, { recursive: true, force: true });
const summary = {
  campuses: CAMPUSES,
  studentsPerCampus: STUDENTS,
  students: students.length,
  listings: [...products.values()].reduce((sum, list) => sum + list.length, 0),
  clients: CLIENTS,
  seconds: Number(workSeconds.toFixed(1)),
  seedSeconds: Number(seedSeconds.toFixed(1)),
  requests: total,
  requestsPerSecond: Number((total / workSeconds).toFixed(1)),
  errors5xx: errors.filter((e) => e.status >= 500 || e.error).length,
  rows: rowsAfter,
  rowsPerStudent: Number(
    (Object.values(rowsAfter).reduce((a, b) => a + b, 0) / Math.max(1, students.length)).toFixed(1),
  ),
};

console.log(
  `\nCampuses: ${summary.campuses} x ${summary.studentsPerCampus} students (${summary.students}), ${summary.listings} listings seeded in ${summary.seedSeconds} s`,
);
console.log(`Rows after the run: ${JSON.stringify(rowsAfter)} (${summary.rowsPerStudent} per student)`);
console.log(
  `Workload: ${summary.clients} clients for ${summary.seconds} s, ${summary.requests} requests (${summary.requestsPerSecond}/s), ${summary.errors5xx} server errors\n`,
);
console.log("| Route | Requests | p50 ms | p99 ms | D1 queries | Rows read | No D1 query | 5xx | 4xx |");
console.log("|---|---|---|---|---|---|---|---|---|");
for (const r of rows)
  console.log(
    `| ${r.route} | ${r.requests} | ${r.p50} | ${r.p99} | ${r.queries} | ${r.rowsRead} | ${r.withoutD1} | ${r.errors5xx} | ${r.refused4xx} |`,
  );
for (const e of errors.slice(0, 10)) console.log("error:", JSON.stringify(e));

mkdirSync("bench", { recursive: true });
writeFileSync(`bench/campuses-${CAMPUSES}.json`, `${JSON.stringify({ summary, routes: rows }, null, 2)}\n`);
console.log(`\nWritten to bench/campuses-${CAMPUSES}.json`);
process.exit(summary.errors5xx > 0 ? 1 : 0);
