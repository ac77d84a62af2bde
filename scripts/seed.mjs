// Seeds local D1 with demo data. Safe to run again: the demo colleges (scripts/seed/demo-colleges.sql)
// are inserted where missing, and the demo accounts and what they made only into a database without
// users. Usage: node scripts/seed.mjs [--persist-to DIR]
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_USERS } from "./demo-users.mjs";
import { applyDemoColleges, capture, DEMO_COLLEGES_SQL, quietEnv, run } from "./lib.mjs";

const ITERATIONS = 100_000; // as worker/lib/password.ts

async function hashPassword(password) {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations: ITERATIONS },
    key,
    256,
  );
  return `pbkdf2-sha256$${ITERATIONS}$${Buffer.from(salt).toString("base64")}$${Buffer.from(bits).toString("base64")}`;
}

const sql = (value) =>
  value === null ? "NULL" : typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`;

const persistArgs = (() => {
  const i = process.argv.indexOf("--persist-to");
  return i > 0 ? ["--persist-to", process.argv[i + 1]] : [];
})();

function d1(args) {
  return capture("wrangler", ["d1", "execute", "DB", "--local", ...persistArgs, ...args]);
}

// The colleges first, on every run: the accounts below belong to them, and a database migrated
// before the colleges left the migrations already has them (INSERT OR IGNORE leaves it as it is).
if (applyDemoColleges(persistArgs) !== 0) {
  console.error(`Seed: applying ${DEMO_COLLEGES_SQL} failed.`);
  process.exit(1);
}

const countOutput = d1(["--json", "--command", "SELECT COUNT(*) AS n FROM users"]);
const count = JSON.parse(countOutput)[0]?.results?.[0]?.n ?? 0;
if (count > 0) {
  console.log(
    `Seed: the demo colleges are in place; the database already has ${count} user(s), so no demo accounts were added.`,
  );
  process.exit(0);
}

const now = Date.now();
const users = [];
const statements = [];
for (const user of DEMO_USERS) {
  const id = crypto.randomUUID();
  users.push({ id, name: user.name, email: user.email, campusId: user.campusId });
  statements.push(
    `INSERT INTO users (id, email, name, password_hash, created_at, email_verified_at, campus_id) VALUES (${sql(id)}, ${sql(user.email)}, ${sql(user.name)}, ${sql(await hashPassword(user.password))}, ${now}, ${now}, ${sql(user.campusId)});`,
  );
}

// Each area of the app adds its own demo data in scripts/seed/<area>.mjs, which exports
// `seed({ users, sql, now, r2Put })` returning SQL statements (and may put files into local R2).
// `r2Put(key, fileOrBytes, contentType)` takes a file's path or its bytes. The puts are queued and
// written after the areas through one local platform proxy (the FILES binding over the same
// persisted state as `wrangler r2 object put --local`): a wrangler process per file took about 1.5 s
// each, and the library alone has some 200 files.
const r2Queue = [];
const r2Put = (key, fileOrBytes, contentType) => {
  r2Queue.push({ key, body: typeof fileOrBytes === "string" ? readFileSync(fileOrBytes) : fileOrBytes, contentType });
};
const seedDir = new URL("./seed/", import.meta.url);
for (const file of readdirSync(seedDir)
  .filter((f) => f.endsWith(".mjs"))
  .sort()) {
  const area = await import(new URL(file, seedDir).href);
  statements.push(...(await area.seed({ users, sql, now, r2Put })));
}
if (r2Queue.length > 0) {
  Object.assign(process.env, quietEnv);
  const { getPlatformProxy, unstable_readConfig } = await import("wrangler");
  // A config with only the app's R2 buckets: the proxy then starts nothing else and does not warn
  // about the app's required secrets, which putting files does not need.
  const { r2_buckets, compatibility_date } = unstable_readConfig({ config: "wrangler.toml" });
  const configDir = mkdtempSync(join(tmpdir(), "campus-seed-r2-"));
  const configPath = join(configDir, "wrangler.json");
  writeFileSync(configPath, JSON.stringify({ name: "campus-seed", compatibility_date, r2_buckets }));
  const persistTo = persistArgs[1] ?? ".wrangler/state";
  const proxy = await getPlatformProxy({ configPath, persist: { path: join(persistTo, "v3") }, remoteBindings: false });
  try {
    for (const { key, body, contentType } of r2Queue)
      await proxy.env.FILES.put(key, body, { httpMetadata: { contentType } });
  } finally {
    await proxy.dispose();
    rmSync(configDir, { recursive: true, force: true });
  }
}

const dir = mkdtempSync(join(tmpdir(), "campus-seed-"));
const file = join(dir, "seed.sql");
writeFileSync(file, statements.join("\n"));
try {
  const code = run("wrangler", ["d1", "execute", "DB", "--local", ...persistArgs, "--file", file], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (code !== 0) process.exit(code);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log("Seed: demo users created:");
for (const user of DEMO_USERS)
  console.log(
    `  ${user.email} / ${user.password}  (${user.campusId === "cit" ? "Campus Institute of Technology" : "Riverside College of Engineering"}, verified${user.role ? `, ${user.role}` : ""})`,
  );
