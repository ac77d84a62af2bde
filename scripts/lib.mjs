// Shared by the project scripts: run commands with the quiet, offline-safe environment.
import { spawn, spawnSync } from "node:child_process";

export const quietEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

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
