import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { shiftDates } from "#server/lib/test-clock.ts";

// A run at another moment (CAMPUS_CLOCK, see vitest.config.ts): the tests and the Worker share this
// isolate, so shifting its Date moves both. Tests that fake timers fake them from the shifted time.
if (env.CAMPUS_CLOCK) {
  const target = Date.parse(env.CAMPUS_CLOCK);
  if (!Number.isFinite(target)) throw new Error(`CAMPUS_CLOCK is not a time: ${env.CAMPUS_CLOCK}`);
  const offset = target - Date.now();
  shiftDates(() => offset);
}

// Migrations are idempotent: applied once per storage, skipped when already there.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
// Then the demo colleges, as `npm run dev` seeds them: no migration creates a college but the Open
// community (docs/decisions/0100-one-schema-source.md). INSERT OR IGNORE, so idempotent too.
await env.DB.batch(env.TEST_DEMO_COLLEGES.map((statement) => env.DB.prepare(statement)));
