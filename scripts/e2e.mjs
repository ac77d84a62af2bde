// `npm run test:e2e`: serves the built Worker with `wrangler dev` on a free port, on a fresh local
// D1/R2 state, then runs the browser tests in e2e/ against it. Build first (`npm run build`).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fakeGoogleVars, waitForFakeGoogle } from "./fake-google-vars.mjs";
import { freePort, run, start, waitForServer } from "./lib.mjs";

if (!existsSync("build/server/wrangler.json")) {
  console.error("e2e: no build found; run `npm run build` first");
  process.exit(1);
}

const port = await freePort();
const inspectorPort = await freePort();
const persistTo = mkdtempSync(join(".wrangler", "e2e-"));
const baseURL = `http://127.0.0.1:${port}`;

if (run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], { stdio: ["ignore", "ignore", "inherit"] }) !== 0) {
  process.exit(1);
}

// The browser tests always use the fake Google (fake-google/), never the real one. Its access tokens
// live 2 minutes, so the server refreshes them (60 s before expiry) during longer runs.
const googlePort = await freePort();
const fakeGoogle = start("node", ["scripts/fake-google.ts", "--port", String(googlePort), "--ttl", "120"], {
  stdio: ["ignore", process.env.E2E_SERVER_LOGS ? "inherit" : "ignore", "inherit"],
  detached: true,
});
const googleVars = Object.entries(fakeGoogleVars(googlePort)).flatMap(([name, value]) => ["--var", `${name}:${value}`]);

const server = start(
  "wrangler",
  [
    "dev",
    "--ip", "127.0.0.1",
    "--port", String(port),
    "--inspector-port", String(inspectorPort),
    "--persist-to", persistTo,
    "--var", "SESSION_SECRET:e2e-session-secret-0123456789abcdefghijklmnop",
    ...googleVars,
    "--log-level", "error",
  ],
  { stdio: ["ignore", process.env.E2E_SERVER_LOGS ? "inherit" : "ignore", "inherit"], detached: true },
);

let code = 1;
try {
  await waitForFakeGoogle(googlePort, fakeGoogle);
  await waitForServer(`${baseURL}/api/health`, server);
  console.log(`e2e: built Worker serving on ${baseURL}`);
  // `--lighthouse-only` (npm run check:lighthouse) runs the speed guard alone; `--no-lighthouse`
  // skips it; a run of chosen test files skips it too.
  const lighthouseOnly = process.argv.includes("--lighthouse-only");
  const skipLighthouse = process.argv.includes("--no-lighthouse");
  const files = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
  const testEnv = { ...process.env, E2E_BASE_URL: baseURL, E2E_FAKE_GOOGLE_URL: `http://127.0.0.1:${googlePort}` };
  code = lighthouseOnly ? 0 : run("node", ["--test", "--test-concurrency=1", "--test-reporter=spec", ...(files.length ? files : ["e2e/*.test.ts"])], { env: testEnv });
  // The speed guard (scripts/check-lighthouse.mjs) on the same server, while it is up.
  if (code === 0 && (lighthouseOnly || (!skipLighthouse && files.length === 0))) {
    console.log("\n=== Lighthouse guard ===");
    code = run("node", ["scripts/check-lighthouse.mjs", ...process.argv.filter((arg) => arg.startsWith("--cpu="))], { env: testEnv });
  }
} catch (error) {
  console.error(`e2e: ${error.message}`);
} finally {
  for (const child of [server, fakeGoogle]) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  rmSync(persistTo, { recursive: true, force: true });
}
process.exit(code);
