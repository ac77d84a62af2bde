// What the operators' commands (scripts/admin.mjs, scripts/campus.mjs) share: which D1 they work on
// (the local state of `npm run dev` and `npm start`, another local folder, or the deployed database),
// SQL literals, reads, and writes applied together from one file.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { capture, quietEnv } from "./lib.mjs";

/** Fails the command with a message for the operator. */
export function fail(message) {
  console.error(message);
  process.exit(1);
}

/**
 * Takes `--persist-to DIR` and `--remote` out of `args` (changed in place) and answers the wrangler
 * arguments that name the database.
 */
export function takeTarget(args) {
  let persistTo;
  const i = args.indexOf("--persist-to");
  if (i >= 0) {
    persistTo = args[i + 1];
    if (!persistTo || persistTo.startsWith("--")) fail("--persist-to needs a folder.");
    args.splice(i, 2);
  }
  const remote = args.includes("--remote");
  if (remote) args.splice(args.indexOf("--remote"), 1);
  if (remote && persistTo) fail("--remote and --persist-to do not go together: --remote is the deployed D1.");
  return remote ? ["--remote"] : ["--local", ...(persistTo ? ["--persist-to", persistTo] : [])];
}

/** A SQL literal: NULL, a number, or a quoted string. */
export function sql(value) {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return String(value);
  return `'${String(value).replaceAll("'", "''")}'`;
}

/**
 * A local database is one SQLite file that a running `npm run dev` or test server also writes: when
 * it holds the lock, wrangler fails with SQLITE_BUSY and has changed nothing (a file's statements are
 * one transaction), so the command waits a moment and tries again, up to 8 times over ~10 s.
 */
const LOCKED = /SQLITE_BUSY|database is locked/;
const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function retryWhileLocked(target, attempt) {
  for (let tries = 1; ; tries++) {
    try {
      return attempt();
    } catch (error) {
      if (target.includes("--remote") || tries >= 8 || !LOCKED.test(String(error?.message))) throw error;
      pause(250 * tries);
    }
  }
}

/** The rows of one read. */
export function query(target, statement) {
  return queries(target, [statement])[0];
}

/**
 * The rows of several reads made by one wrangler run: each run is a second or more locally and a
 * round trip to Cloudflare with --remote, so a command asks what it needs to know at once.
 */
export function queries(target, statements) {
  const out = retryWhileLocked(target, () =>
    capture("wrangler", ["d1", "execute", "DB", ...target, "--json", "--command", statements.join(";\n")]),
  );
  const results = JSON.parse(out);
  return statements.map((_, i) => results[i]?.results ?? []);
}

/** Applies statements together, from one file (D1 runs a file's statements as one batch). */
export function write(target, statements) {
  const dir = mkdtempSync(join(tmpdir(), "campus-cli-"));
  const file = join(dir, "write.sql");
  writeFileSync(file, statements.join("\n"));
  try {
    retryWhileLocked(target, () => {
      const result = spawnSync("wrangler", ["d1", "execute", "DB", ...target, "--file", file], {
        encoding: "utf8",
        env: quietEnv,
        stdio: ["ignore", "ignore", "pipe"],
      });
      if (result.error) throw result.error;
      if (result.status === 0) return;
      if (LOCKED.test(result.stderr)) throw new Error(result.stderr);
      process.stderr.write(result.stderr);
      process.exit(result.status ?? 1);
    });
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The moment a command writes into its rows (an audit line's time, a grant's): the real clock, or,
 * in a local run on the test clock (the browser tests, scripts/clock.ts), that run's clock, which
 * they pass as CAMPUS_CLOCK_OFFSET_MS. Otherwise an operator's line would sort against the app's
 * lines by two different clocks. A deploy's operator never sets it.
 */
export function clockNow() {
  return Date.now() + (Number(process.env.CAMPUS_CLOCK_OFFSET_MS) || 0);
}
