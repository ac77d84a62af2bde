// Shared by the project scripts: run commands with the quiet, offline-safe environment.
import { spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";

export const quietEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

/**
 * `wrangler dev` on the build: the app's Worker, then the library indexer (a Worker of its own that
 * consumes the library's queue, docs/decisions/0117), in one local runtime that shares their D1, R2
 * and queues, as a deploy runs them.
 */
export const BUILT_WORKERS = ["-c", "build/server/wrangler.json", "-c", "build/campus_backoffice/wrangler.json"];

/**
 * The port a local server is asked for: `--port N` (or `--port=N`) on the command line (`npm run dev
 * -- --port 5181`), else the PORT environment variable, else `fallback`. Refuses anything that is not
 * a port.
 */
export function portFromArgs(fallback) {
  return serverArgs(fallback).port;
}

/**
 * The command line of a local server script: its port (see portFromArgs) and every other argument,
 * in order, for the caller to pass on or refuse (`npm start -- --var NAME:VALUE`).
 */
export function serverArgs(fallback, argv = process.argv.slice(2)) {
  const rest = [];
  let raw = process.env.PORT;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--port") raw = argv[++i];
    else if (argv[i].startsWith("--port=")) raw = argv[i].slice("--port=".length);
    else rest.push(argv[i]);
  }
  if (raw === undefined || raw === "") return { port: fallback, rest };
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`Not a port: ${raw}. Use --port 5181 or PORT=5181.`);
    process.exit(2);
  }
  return { port, rest };
}

/**
 * Applies the D1 migrations to local state, saying in one line what it did (wrangler prints a table
 * per migration: hundreds of lines before the app's address on a first run). On a failure wrangler's
 * whole output is shown.
 */
export function migrateLocal(extraArgs = []) {
  const result = spawnSync("wrangler", ["d1", "migrations", "apply", "DB", "--local", ...extraArgs], {
    encoding: "utf8",
    env: quietEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (result.error) throw result.error;
  const output = `${result.stdout}${result.stderr}`;
  if (result.status !== 0) {
    process.stdout.write(output);
    return result.status ?? 1;
  }
  const applied = new Set(output.match(/\b\d{4}_[\w-]+\.sql\b/g) ?? []).size;
  console.log(
    applied > 0 ? `D1: ${applied} migration${applied === 1 ? "" : "s"} applied.` : "D1: the schema is up to date.",
  );
  return 0;
}

/**
 * Starts a command in a process group of its own (so stopping the group stops what it started:
 * workerd, Chromium) with its output kept, not shown. `done` settles with its exit code and output.
 */
export function startKept(command, args, options = {}) {
  const child = spawn(command, args, {
    stdio: ["ignore", "pipe", "pipe"],
    env: quietEnv,
    detached: true,
    ...options,
  });
  const output = [];
  child.stdout.on("data", (chunk) => output.push(chunk));
  child.stderr.on("data", (chunk) => output.push(chunk));
  const done = new Promise((resolve) => {
    child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(output) }));
  });
  return { child, done };
}

/** Stops a process group started by startKept, if it is still running. */
export function stopGroup(child) {
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    // Already gone.
  }
}

/** Runs a command to completion, streaming its output, without blocking this process: its exit code. */
export function runStreaming(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", env: quietEnv, ...options });
    child.on("error", reject);
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command to completion, streaming its output; returns its exit code. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: quietEnv, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** Runs a command and returns its stdout (throws on failure). */
export function capture(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", env: quietEnv, ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed (${result.status}):\n${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

/** Starts a long-running command; its output is inherited. */
export function start(command, args, options = {}) {
  return spawn(command, args, { stdio: "inherit", env: quietEnv, ...options });
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 2xx; fails early if the server process exits. */
export async function waitForServer(url, child, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (code ${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs / 1000}s`);
}

/**
 * The demo colleges (Campus Institute of Technology, Riverside College of Engineering) with their
 * hostel set-up, and the Open community's: seed data, never a migration
 * (docs/decisions/0100-one-schema-source.md). Idempotent.
 */
export const DEMO_COLLEGES_SQL = "scripts/seed/demo-colleges.sql";
/** The demo college's academics tree, after the colleges (made by scripts/make-demo-academics.mjs). */
export const DEMO_ACADEMICS_SQL = "scripts/seed/demo-academics.sql";

/** Applies DEMO_COLLEGES_SQL to local D1 (`--persist-to DIR` in `d1Args` for another state folder); returns the exit code. */
export function applyDemoColleges(d1Args = [], options = {}) {
  for (const file of [DEMO_COLLEGES_SQL, DEMO_ACADEMICS_SQL]) {
    const code = run("wrangler", ["d1", "execute", "DB", "--local", ...d1Args, "--file", file], {
      stdio: ["ignore", "ignore", "inherit"],
      ...options,
    });
    if (code !== 0) return code;
  }
  return 0;
}
