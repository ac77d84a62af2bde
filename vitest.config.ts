import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { build } from "esbuild";
import { defineConfig } from "vitest/config";
import { runMoment } from "./scripts/clock.ts";
import { newVapidPair } from "./scripts/local-vars.ts";
import { criticalCssRules } from "./scripts/critical-css-rules.ts";

/**
 * The statements of scripts/seed/demo-colleges.sql, then of the demo college's academics tree
 * (scripts/seed/demo-academics.sql), split as wrangler splits a migration.
 */
async function readDemoColleges(): Promise<string[]> {
  const queries: string[] = [];
  for (const file of ["scripts/seed/demo-colleges.sql", "scripts/seed/demo-academics.sql"]) {
    const [seed] = await readD1Migrations({ migrationsDir: "scripts/seed", migrationsPattern: file });
    if (!seed?.queries.length) throw new Error(`${file} has no statements`);
    queries.push(...seed.queries);
  }
  return queries;
}

/**
 * The library indexer (backoffice/, docs/decisions/0117), bundled for the Worker tests: it runs beside
 * the Worker under test as the campus-library queue's consumer, on the same D1 and R2, as a deploy
 * runs it. Bundled here (about a second) rather than by `npm run build`, so that `npx vitest run`
 * alone works.
 */
async function bundleIndexer(): Promise<string> {
  const outfile = ".wrangler/vitest/backoffice.js";
  await build({
    entryPoints: ["backoffice/index.ts"],
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    external: ["node:*", "cloudflare:*"],
    outfile,
    logLevel: "warning",
  });
  return outfile;
}

export default defineConfig(async () => ({
  test: {
    // Request logs of passing tests are noise; a failing test still shows its output.
    silent: "passed-only" as const,
    // Two test files at a time (each in its own workerd with its own storage): on a 2-core machine
    // the suite took 254 s with vitest's default of one and 169 s with two (decision 0099).
    maxWorkers: 2,
    projects: [
      {
        // Worker integration and unit tests, inside workerd with local D1 and R2.
        plugins: [
          cloudflareTest({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: await readD1Migrations("migrations"),
                // The demo colleges, as `npm run dev` seeds them, applied after the migrations by
                // test/setup.ts: the tests sign up at CIT and RCE and use their hostels (decision 0100).
                TEST_DEMO_COLLEGES: await readDemoColleges(),
                // The moment the run starts at (test/setup.ts): the pinned one of scripts/clock.ts, or
                // `CAMPUS_CLOCK=2026-11-29T23:45:00+05:30 npx vitest run` for another (empty: the real
                // clock, CAMPUS_CLOCK=now). No result depends on when the suite runs (decision 0099).
                CAMPUS_CLOCK: runMoment() ?? "",
                SESSION_SECRET: "test-session-secret-0123456789abcdef0123456789",
                // As `npm run dev`: the Open community is open, and mail goes to the development outbox.
                OPEN_SIGNUP: "1",
                DEV_OUTBOX: "1",
                // Web Push to a local push service (test/push.test.ts), signed with a pair of the run's
                // own, as every local run has one (scripts/local-vars.ts).
                PUSH_ALLOW_LOCAL: "1",
                ...newVapidPair(),
                // Google is the fake in fake-google/, reached through a fetch spy (test/fake-google.ts).
                GOOGLE_CLIENT_ID: "campus-test.apps.googleusercontent.com",
                GOOGLE_CLIENT_SECRET: "campus-test-secret",
                GOOGLE_AUTH_URL: "https://fake-google.test/o/oauth2/v2/auth",
                GOOGLE_TOKEN_URL: "https://fake-google.test/token",
                GOOGLE_JWKS_URL: "https://fake-google.test/oauth2/v3/certs",
                GOOGLE_ISSUER: "https://fake-google.test",
                GOOGLE_CLASSROOM_API_URL: "https://fake-google.test",
              },
              // A second, empty database: test/fresh-deploy.test.ts applies the migrations alone to it.
              d1Databases: { FRESH_DB: "campus-fresh-deploy" },
              // The library indexer, consuming the queue the upload sends to (backoffice/wrangler.toml).
              workers: [
                {
                  name: "campus-backoffice",
                  modules: true,
                  scriptPath: await bundleIndexer(),
                  compatibilityDate: "2026-10-01",
                  compatibilityFlags: ["nodejs_compat"],
                  // The app's database and bucket (wrangler.toml's ids).
                  d1Databases: { DB: "00000000-0000-0000-0000-000000000000" },
                  r2Buckets: { FILES: "campus-files" },
                  queueConsumers: { "campus-library": { maxBatchSize: 1, maxBatchTimeout: 1, maxRetries: 5 } },
                },
              ],
            },
          }),
          // Without it, rendering pages from a test cannot resolve virtual:react-router/server-build.
          reactRouter(),
          // Pages inline the part of the stylesheet they use, as in a build (decision 0140).
          criticalCssRules(),
        ],
        test: {
          name: "worker",
          // The stylesheet is built as for a deploy (vitest leaves CSS empty by default): pages inline
          // the part of it they use (decision 0140), and a test can see which.
          css: { include: [/[\\/]app[\\/]app\.css/] },
          // The test files share a workerd and its storage (starting one per file was over half the
          // run: 211 s against 90 s); test/setup.ts gives each file the database and bucket of a
          // fresh start (docs/decisions/0099, "Test time").
          isolate: false,
          include: ["test/**/*.test.ts", "app/**/*.test.ts", "common/**/*.test.ts", "worker/**/*.test.ts"],
          setupFiles: ["./test/setup.ts"],
          // Measured, not vitest's 5 s guess: the slowest test (a file's first request, which loads
          // the Worker; the fuzz and race suites) took 3.2 s with the load average at 5 and 8.1 s in
          // CI at 4-7. A test that stalls still fails, after 30 s (docs/decisions/0099).
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Screens' state machines: route components in a React Router stub (createRoutesStub) on a
        // DOM (happy-dom); workerd has none.
        test: {
          name: "components",
          include: ["app/**/*.test.tsx"],
          environment: "happy-dom",
          // The same moment as the Worker tests (scripts/clock.ts; empty: the real clock).
          env: { CAMPUS_CLOCK: runMoment() ?? "" },
          setupFiles: ["./test/component-clock.ts"],
        },
      },
    ],
  },
}));
