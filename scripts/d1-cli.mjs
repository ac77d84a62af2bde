// What the operators' commands (scripts/admin.mjs, scripts/campus.mjs) share: which D1 they work on
// (the local state of `npm run dev` and `npm start`, another local folder, or the deployed database),
// SQL literals, reads, and writes applied together from one file.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { capture, run } from "./lib.mjs";

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

/** The rows of one read. */
export function query(target, statement) {
  const out = capture("wrangler", ["d1", "execute", "DB", ...target, "--json", "--command", statement]);
  return JSON.parse(out)[0]?.results ?? [];
}

/** Applies statements together, from one file (D1 runs a file's statements as one batch). */
export function write(target, statements) {
  const dir = mkdtempSync(join(tmpdir(), "campus-cli-"));
  const file = join(dir, "write.sql");
  writeFileSync(file, statements.join("\n"));
  try {
    const code = run("wrangler", ["d1", "execute", "DB", ...target, "--file", file], {
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (code !== 0) process.exit(code);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
