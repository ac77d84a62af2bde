// `npm run test:e2e`: serves the built Worker with `wrangler dev` on a free port, on a fresh local
// D1/R2 state, then runs the browser tests in e2e/ against it. Build first (`npm run build`).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { serveBuiltWorker } from "./built-worker.mjs";
import { runClockOffset, runMoment } from "./clock.ts";
import { run, runStreaming, startKept, stopGroup } from "./lib.mjs";

let code = 1;
let worker;
/** What runs beside the one-at-a-time browser tests (--beside), while it runs. */
const besideChildren = new Set();
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);
try {
  // The browser tests always use the fake Google, never the real one. Its access tokens live 2
  // minutes, so the server refreshes them (60 s before expiry) during longer runs.
  // The test clock is on, so a test can set the time it needs. The run starts at the pinned moment
  // (scripts/clock.ts), or where CAMPUS_CLOCK says ("now": the real clock).
  const clockOffset = runClockOffset();
  console.log(
    `e2e: the clock reads ${new Date(Date.now() + clockOffset).toISOString()} (${runMoment() === null ? "the real clock" : process.env.CAMPUS_CLOCK ? "CAMPUS_CLOCK" : "the pinned moment, scripts/clock.ts"})`,
  );
  worker = await serveBuiltWorker({
    name: "e2e",
    fakeGoogleTtl: 120,
    logs: !!process.env.E2E_SERVER_LOGS,
    clockOffset,
  });
  const { baseURL, googleURL, persistTo } = worker;
  console.log(`e2e: built Worker serving on ${baseURL}`);
  // `--lighthouse-only` (npm run check:lighthouse) runs the speed guard alone; `--no-lighthouse`
  // skips it; a run of chosen test files skips it too.
  const lighthouseOnly = process.argv.includes("--lighthouse-only");
  const skipLighthouse = process.argv.includes("--no-lighthouse");
  const files = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
  // E2E_PERSIST_TO: the server's local state, for what only the command line does (`npm run admin`).
  const testEnv = {
    ...process.env,
    E2E_BASE_URL: baseURL,
    E2E_FAKE_GOOGLE_URL: googleURL,
    E2E_PERSIST_TO: persistTo,
    CAMPUS_CLOCK_OFFSET_MS: String(clockOffset),
  };
  // The larger files first (as vitest orders its files): run two at a time, a long file left for
  // last would run alone while the other core waits.
  const testFiles = files.length
    ? files
    : readdirSync("e2e")
        .filter((f) => f.endsWith(".test.ts"))
        .map((f) => `e2e/${f}`)
        .sort((a, b) => statSync(b).size - statSync(a).size);
  // Two test files at a time by default (E2E_CONCURRENCY=1: one at a time; docs/decisions/0099,
  // "Test time"): each test makes its own users, listings and classes, finds what it made by search
  // or by its own e-mail, and tolerates a shared list that others write to. The files that write the
  // server's local D1 or R2 from outside it (wrangler d1 execute, the operators' CLI, wrangler r2) run
  // one at a time after the others, as while another process holds the SQLite lock the server's own
  // queries fail (SQLITE_BUSY, a 500).
  const concurrency = Number(process.env.E2E_CONCURRENCY ?? 2);
  // Rewriting a built file the server serves (e2e/sw-update.test.ts "deploys" a new sw.js) makes
  // wrangler dev reload, and with the back office beside the app a reload restarts the Workers: a
  // request of another file in flight then fails ("Your worker restarted mid-request").
  const writesFromOutside = (file) =>
    /\b(localSql|grantRole|localR2Put|execFile)\b|\brenameSync\(/.test(readFileSync(file, "utf8"));
  const groups =
    concurrency > 1
      ? [
          { files: testFiles.filter((f) => !writesFromOutside(f)), concurrency },
          { files: testFiles.filter(writesFromOutside), concurrency: 1 },
        ]
      : [{ files: testFiles, concurrency: 1 }];
  const running = groups.filter((g) => g.files.length > 0);
  // `--beside=<command>` (npm test passes the dev server's console and the scripts' own tests):
  // commands that need no part of this server, run one after another beside the last group, which
  // leaves a core idle while it runs one file at a time. Their output is shown as each ends, and
  // they end before the speed guard, which runs alone.
  const besideCommands = process.argv.filter((a) => a.startsWith("--beside=")).map((a) => a.slice(9).split(" "));
  let besides = null;
  const startBesides = () => {
    besides ??= (async () => {
      let besideCode = 0;
      for (const [command, ...args] of besideCommands) {
        const started = Date.now();
        const { child, done } = startKept(command, args, { env: process.env });
        besideChildren.add(child);
        const { code: exit, output } = await done;
        besideChildren.delete(child);
        const name = [command, ...args].join(" ");
        console.log(`\n=== ${name} (beside the browser tests) ===`);
        process.stdout.write(output);
        console.log(`--- ${name}: ${exit === 0 ? "ok" : `failed (exit ${exit})`} in ${seconds(started)}s`);
        besideCode ||= exit;
      }
      return besideCode;
    })();
    return besides;
  };
  code = 0;
  if (!lighthouseOnly)
    for (const group of running) {
      if (group === running.at(-1)) startBesides();
      const groupCode = await runStreaming(
        "node",
        ["--test", `--test-concurrency=${group.concurrency}`, "--test-reporter=spec", ...group.files],
        { env: testEnv },
      );
      code ||= groupCode;
    }
  const waited = Date.now();
  code ||= await startBesides();
  if (besideCommands.length) console.log(`e2e: waited ${seconds(waited)}s for the commands beside the tests`);
  // The speed guard (scripts/check-lighthouse.mjs) on the same server, while it is up.
  if (code === 0 && (lighthouseOnly || (!skipLighthouse && files.length === 0))) {
    console.log("\n=== Lighthouse guard ===");
    code = run("node", ["scripts/check-lighthouse.mjs", ...process.argv.filter((arg) => arg.startsWith("--cpu="))], {
      env: testEnv,
    });
  }
} catch (error) {
  console.error(`e2e: ${error.message}`);
} finally {
  for (const child of besideChildren) stopGroup(child);
  worker?.stop();
}
process.exit(code);
