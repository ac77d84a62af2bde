import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Migrations are idempotent: applied once per storage, skipped when already there.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
