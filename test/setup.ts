import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { defaultCache, PUBLIC_TABLES, tablesChanged } from "#server/lib/edge-cache.ts";
import { shiftDates } from "#server/lib/test-clock.ts";

// Test files share their workerd (vitest.config.ts: isolate false, decision 0099), so each file
// starts here from the state a deploy plus the demo seed has: every table dropped and the
// migrations and demo colleges applied again, the files bucket emptied.

// A run at another moment (CAMPUS_CLOCK, see vitest.config.ts): the tests and the Worker share this
// isolate, so shifting its Date moves both. Tests that fake timers fake them from the shifted time.
// The offset is taken once per isolate: a later file's Date.now() already reads the shifted time.
const CLOCK_SET = Symbol.for("campus.testClockSet");
const global = globalThis as typeof globalThis & { [CLOCK_SET]?: true };
if (env.CAMPUS_CLOCK && !global[CLOCK_SET]) {
  const target = Date.parse(env.CAMPUS_CLOCK);
  if (!Number.isFinite(target)) throw new Error(`CAMPUS_CLOCK is not a time: ${env.CAMPUS_CLOCK}`);
  const offset = target - Date.now();
  shiftDates(() => offset);
  global[CLOCK_SET] = true;
}

/**
 * Every table of the database, d1_migrations included; an FTS5 table's shadow tables
 * ({name}_data, ...) go with it. (sqlite_master, not PRAGMA table_list, which fails here.)
 */
const schema = (
  await env.DB.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table'").all<{ name: string; sql: string }>()
).results;
const virtual = schema.filter((table) => /^CREATE VIRTUAL TABLE/i.test(table.sql)).map((table) => table.name);
const tables = schema.filter(
  (table) => !/^(sqlite_|_cf_)/.test(table.name) && !virtual.some((name) => table.name.startsWith(`${name}_`)),
);
if (tables.length > 0)
  await env.DB.batch([
    env.DB.prepare("PRAGMA defer_foreign_keys = ON"),
    // Newest first, so a table goes before the tables it refers to.
    ...tables.reverse().map((table) => env.DB.prepare(`DROP TABLE "${table.name}"`)),
  ]);
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
// Then the demo colleges, as `npm run dev` seeds them: no migration creates a college but the Open
// community (docs/decisions/0100-one-schema-source.md). INSERT OR IGNORE, so idempotent too.
await env.DB.batch(env.TEST_DEMO_COLLEGES.map((statement) => env.DB.prepare(statement)));

for (let listed = await env.FILES.list(); listed.objects.length > 0; listed = await env.FILES.list())
  await env.FILES.delete(listed.objects.map((object) => object.key));

// The edge cache of public reads (worker/lib/edge-cache.ts) is the workerd's too: a visitor's page an
// earlier file kept would outlive that file's database. Every cached read is read anew from here.
await tablesChanged(defaultCache(), PUBLIC_TABLES);
