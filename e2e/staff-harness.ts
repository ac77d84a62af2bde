// Helpers for the staff browser tests: roles granted as an operator would, API calls and
// tokens for set-up, and the screenshots of a console in both colour schemes at phone and desktop.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import { baseURL, DESKTOP, PHONE, shot, testIp } from "./harness.ts";

/**
 * `npm run admin -- grant <email> <args...>` on the test server's state (E2E_PERSIST_TO, set by
 * `npm run test:e2e`); answers what it printed. Asynchronous: a blocked event loop would miss the
 * server closing idle keep-alive sockets.
 */
export async function grantRole(email: string, ...args: string[]): Promise<string> {
  const persistTo = process.env.E2E_PERSIST_TO;
  assert.ok(persistTo, "run through npm run test:e2e (it sets E2E_PERSIST_TO)");
  const { stdout } = await promisify(execFile)(
    "npm",
    ["run", "-s", "admin", "--", "grant", email, ...args, "--persist-to", persistTo],
    { encoding: "utf8" },
  );
  return stdout;
}

/**
 * Runs one SQL statement on the test server's local D1 (E2E_PERSIST_TO), for a state no screen or
 * API makes on purpose (a booking whose slot has already started). Asynchronous, like grantRole.
 */
export async function localSql(statement: string): Promise<void> {
  const persistTo = process.env.E2E_PERSIST_TO;
  assert.ok(persistTo, "run through npm run test:e2e (it sets E2E_PERSIST_TO)");
  await wrangler(["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--command", statement]);
}

/**
 * A wrangler command on the test server's local state. The server holds the SQLite files' lock
 * while it answers a request: wrangler then fails with SQLITE_BUSY having changed nothing (as
 * scripts/d1-cli.mjs retries for the operators), so it is tried again, up to 8 times over ~10 s.
 */
async function wrangler(args: string[]): Promise<void> {
  for (let tries = 1; ; tries++) {
    try {
      await promisify(execFile)("npx", ["wrangler", ...args], {
        encoding: "utf8",
        env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
      });
      return;
    } catch (error) {
      const output = `${(error as { stderr?: string }).stderr ?? ""} ${(error as Error).message}`;
      if (tries >= 8 || !/SQLITE_BUSY|database is locked/.test(output)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * tries));
    }
  }
}

/**
 * Puts a file into the test server's local R2 (the FILES binding's bucket, E2E_PERSIST_TO), for
 * rows a test writes with localSql whose files the server then serves for real.
 */
export async function localR2Put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
  const persistTo = process.env.E2E_PERSIST_TO;
  assert.ok(persistTo, "run through npm run test:e2e (it sets E2E_PERSIST_TO)");
  const dir = await mkdtemp(join(tmpdir(), "campus-e2e-r2-"));
  try {
    const file = join(dir, "object");
    await writeFile(file, bytes);
    await wrangler([
      "r2",
      "object",
      "put",
      `campus-files/${key}`,
      "--file",
      file,
      "--content-type",
      contentType,
      "--local",
      "--persist-to",
      persistTo,
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A JSON API call from a client address of its own, with a bearer token when given. */
export function api(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const { token, ...rest } = init;
  return fetch(`${baseURL}${path}`, {
    ...rest,
    headers: {
      "Content-Type": "application/json",
      "CF-Connecting-IP": testIp(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
}

/**
 * Screenshots `<dir>/<name>-<1280|360>-<light|dark>.png`, failing if the page scrolls sideways at
 * either width; leaves the page light and at desktop size.
 */
export async function themedShots(page: Page, dir: string, name: string): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [label, size] of [
      ["1280", DESKTOP],
      ["360", PHONE],
    ] as const) {
      await page.setViewportSize(size);
      assert.equal(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        0,
        "the page scrolls sideways",
      );
      await shot(page, { path: `${dir}/${name}-${label}-${scheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize(DESKTOP);
}
