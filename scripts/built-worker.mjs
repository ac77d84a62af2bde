// The built Worker served by `wrangler dev` on a free port, on fresh local D1/R2 state (migrations
// and, unless asked not to, the demo colleges applied; removed again by stop()), optionally with the
// fake Google (scripts/fake-google.ts): what the browser tests (scripts/e2e.mjs), the benchmark
// (scripts/bench.mjs) and the load run (scripts/bench-load.mjs) run against. Build first.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fakeGoogleVars, waitForFakeGoogle } from "./fake-google-vars.mjs";
import { applyDemoColleges, BUILT_WORKERS, freePort, quietEnv, run, start, waitForServer } from "./lib.mjs";
import { localVarArgs } from "./local-vars.ts";

/**
 * Starts the server (and the fake Google when `fakeGoogleTtl`, its access tokens' lifetime in
 * seconds, is given) and waits until both answer. `name` names the state folder and the session
 * secret; `logs` shows the server's output; `vars` are more --var settings (the benchmarks').
 * `clockOffset` (ms, the browser tests') turns the test clock on (worker/lib/test-clock.ts): every
 * request runs that far from the real time unless it asks for another offset, and so does the
 * fake Google. `demoColleges` (on unless false) seeds scripts/seed/demo-colleges.sql after the
 * migrations: the browser tests and the benchmarks sign up at CIT and RCE and use their hostels.
 * Returns { baseURL, googleURL, persistTo, stop }.
 */
export async function serveBuiltWorker({
  name,
  fakeGoogleTtl = null,
  logs = false,
  vars = {},
  clockOffset = null,
  demoColleges = true,
}) {
  if (!existsSync("build/server/wrangler.json")) throw new Error("no build found; run `npm run build` first");
  const port = await freePort();
  const inspectorPort = await freePort();
  mkdirSync(".wrangler", { recursive: true });
  const persistTo = mkdtempSync(join(".wrangler", `${name}-`));
  const baseURL = `http://127.0.0.1:${port}`;
  const output = ["ignore", logs ? "inherit" : "ignore", "inherit"];
  const children = [];
  // The children run in their own process groups (detached), so the whole group is stopped.
  // `keepState`: the servers stop, the D1/R2 state stays for the caller to read (and remove).
  const stop = ({ keepState = false } = {}) => {
    for (const child of children) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
    if (!keepState) rmSync(persistTo, { recursive: true, force: true });
  };
  try {
    let google = null;
    if (fakeGoogleTtl !== null) {
      const googlePort = await freePort();
      const env = { ...quietEnv, ...(clockOffset ? { CAMPUS_CLOCK_OFFSET_MS: String(clockOffset) } : {}) };
      google = {
        port: googlePort,
        child: start("node", ["scripts/fake-google.ts", "--port", String(googlePort), "--ttl", String(fakeGoogleTtl)], {
          stdio: output,
          detached: true,
          env,
        }),
      };
      children.push(google.child);
    }
    const googleVars = google
      ? Object.entries(fakeGoogleVars(google.port)).flatMap(([key, value]) => ["--var", `${key}:${value}`])
      : [];
    // The migrations and the demo colleges go in before the servers start, not beside them: workerd
    // opens the state folder's SQLite files as it starts, and on a busy machine it met the
    // migrations' lock there and died (SQLITE_BUSY) before serving a request.
    if (
      run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], {
        stdio: ["ignore", "ignore", "inherit"],
      }) !== 0
    ) {
      throw new Error("applying the D1 migrations failed");
    }
    if (demoColleges && applyDemoColleges(["--persist-to", persistTo]) !== 0)
      throw new Error("seeding the demo colleges failed");
    const server = start(
      "wrangler",
      [
        "dev",
        ...BUILT_WORKERS,
        "--ip",
        "127.0.0.1",
        "--port",
        String(port),
        "--inspector-port",
        String(inspectorPort),
        "--persist-to",
        persistTo,
        "--var",
        `SESSION_SECRET:${name}-session-secret-0123456789abcdefghijklmnop`,
        ...googleVars,
        // What `npm start` and `npm run dev` run with (scripts/local-vars.ts): the Open community
        // open, mail in the development outbox, push with a key pair of this state folder's own.
        ...localVarArgs(persistTo),
        // Links in mail the cron job sends (the daily digest) point at this server.
        "--var",
        `APP_URL:${baseURL}`,
        ...Object.entries({
          ...vars,
          ...(clockOffset !== null ? { TEST_CLOCK: "1", TEST_CLOCK_OFFSET_MS: String(clockOffset) } : {}),
        }).flatMap(([key, value]) => ["--var", `${key}:${value}`]),
        "--log-level",
        "error",
      ],
      { stdio: output, detached: true },
    );
    children.push(server);
    if (google) await waitForFakeGoogle(google.port, google.child);
    await waitForServer(`${baseURL}/api/health`, server);
    return { baseURL, googleURL: google ? `http://127.0.0.1:${google.port}` : null, persistTo, inspectorPort, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
