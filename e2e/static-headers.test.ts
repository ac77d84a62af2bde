// Headers of the files Workers static assets serves before the Worker runs (public/ and the client
// build, with public/_headers and the CSP rules scripts/notes-headers.mjs appends): the built Worker,
// plain HTTP, no browser. The security headers follow the one rule set the Worker tests use
// (test/security-headers.ts: HSTS of a year, nosniff, Referrer-Policy strict-origin-when-cross-origin,
// COOP same-origin-allow-popups, X-Frame-Options DENY, Permissions-Policy, none doubled; documents a
// CSP with object-src 'none', base-uri 'none' and frame-ancestors 'none'; a static file never sets a
// cookie); fingerprinted assets get a long immutable cache.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { describe, it } from "node:test";
import { cspDirectives, securityHeaderProblems, type SecurityHeaderOptions } from "#test/security-headers.ts";
import { baseURL } from "./harness.ts";

const ONE_YEAR = 31_536_000;

async function get(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(new URL(path, baseURL), { redirect: "manual", ...init });
}

/** The Cache-Control directives as a map (max-age=86400 -> ["max-age", "86400"]). */
function cacheControl(res: Response): Map<string, string> {
  const value = res.headers.get("Cache-Control") ?? "";
  return new Map(
    value
      .split(",")
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean)
      .map((d) => {
        const [k, v = ""] = d.split("=");
        return [k ?? "", v] as [string, string];
      }),
  );
}

/**
 * The one rule set (test/security-headers.ts) for a file Workers static assets serves before the
 * Worker runs: no X-Request-Id expected and no cookie allowed; `document` (HTML, SVG) also needs the
 * CSP. Every problem is listed, not only the first.
 */
function expectBaseline(res: Response, where: string, options: SecurityHeaderOptions = {}): void {
  const problems = securityHeaderProblems(res.headers, { staticFile: true, ...options });
  assert.deepEqual(problems, [], `${where}:\n  ${problems.join("\n  ")}`);
}

/** An answer of the Worker itself (not a static file): X-Request-Id and a CSP, and here no cookie either. */
function expectWorkerAnswer(res: Response, where: string): void {
  const problems = securityHeaderProblems(res.headers);
  if (res.headers.get("Set-Cookie") !== null) problems.push(`sets a cookie: ${res.headers.get("Set-Cookie")}`);
  assert.deepEqual(problems, [], `${where}:\n  ${problems.join("\n  ")}`);
}

/** A static document's headers, the CSP included; its policy's directives for the caller's own checks. */
function expectDocumentCsp(res: Response, where: string): Map<string, string[]> {
  expectBaseline(res, where, { document: true });
  return cspDirectives(res.headers.get("Content-Security-Policy") ?? "");
}

function expectContentType(res: Response, expected: RegExp, where: string): void {
  const type = res.headers.get("Content-Type") ?? "";
  assert.match(type, expected, `${where}: Content-Type ${type}`);
}

/** Not cached for long without asking again: a page or file that can change under the same name. */
function expectRevalidated(res: Response, where: string, maxSeconds: number): void {
  const cc = cacheControl(res);
  assert.ok(!cc.has("immutable"), `${where}: not immutable (${res.headers.get("Cache-Control")})`);
  const maxAge = Number(cc.get("max-age") ?? "0");
  assert.ok(maxAge <= maxSeconds, `${where}: max-age ${maxAge} <= ${maxSeconds}`);
}

function builtAssets(ext: string): string[] {
  return readdirSync("build/client/assets").filter((name) => name.endsWith(ext));
}

describe("static files: security headers, types and caching", () => {
  it("fingerprinted JavaScript (and CSS, if any) from the build: immutable for a year, right types", async () => {
    const js = builtAssets(".js");
    // The stylesheet is inlined into every page (app/lib/inline-css.tsx): usually no .css file at all.
    const css = builtAssets(".css");
    assert.ok(js.length > 5, "the build has scripts (run npm run build first)");
    for (const [files, type] of [
      [js, /^text\/javascript\b/],
      [css, /^text\/css\b/],
    ] as const) {
      for (const name of files) {
        const path = `/assets/${name}`;
        const res = await get(path);
        assert.equal(res.status, 200, path);
        await res.arrayBuffer();
        expectBaseline(res, path);
        expectContentType(res, type, path);
        const cc = cacheControl(res);
        assert.ok(
          cc.has("public") && cc.has("immutable") && Number(cc.get("max-age")) >= ONE_YEAR,
          `${path}: ${res.headers.get("Cache-Control")}`,
        );
      }
    }
  });

  it("a fingerprinted name that does not exist is a 404 from the Worker, never cached as immutable", async () => {
    for (const path of ["/assets/does-not-exist-AbCdEf12.js", "/assets/does-not-exist.css"]) {
      const res = await get(path);
      assert.equal(res.status, 404, path);
      await res.arrayBuffer();
      expectWorkerAnswer(res, path);
      assert.ok(!cacheControl(res).has("immutable"), `${path}: ${res.headers.get("Cache-Control")}`);
    }
  });

  it("/favicon.svg and the sign-in screen's Google icon: SVG images, a day's cache, and a policy that lets no script run if one is opened", async () => {
    for (const path of ["/favicon.svg", "/icons/google.svg"]) {
      const res = await get(path);
      assert.equal(res.status, 200, path);
      assert.match(await res.text(), /^<svg/);
      expectBaseline(res, path);
      expectContentType(res, /^image\/svg\+xml\b/, path);
      expectRevalidated(res, path, 86_400);
      const csp = expectDocumentCsp(res, path);
      assert.deepEqual(csp.get("default-src"), ["'none'"], `${path}: default-src 'none'`);
    }
  });

  const notes = readdirSync("public/pdfs", { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => `/${`${entry.parentPath}/${entry.name}`.replace(/^public\//, "")}`);

  it("note files under /pdfs: HTML with a policy that allows no script, a day's cache", async () => {
    assert.ok(notes.length >= 6, `note files found: ${notes.length}`);
    for (const path of notes) {
      // The app links to the .html name; html_handling may answer it directly or with one redirect.
      let res = await get(path);
      if (res.status >= 300 && res.status < 400) {
        await res.arrayBuffer();
        expectBaseline(res, `${path} (redirect)`);
        const location = new URL(res.headers.get("Location") ?? "", baseURL);
        assert.equal(location.origin, new URL(baseURL).origin, `${path}: redirect stays on the site`);
        res = await get(location.pathname);
      }
      assert.equal(res.status, 200, path);
      const html = await res.text();
      assert.match(html, /<!DOCTYPE html>/i, path);
      expectBaseline(res, path);
      expectContentType(res, /^text\/html; charset=utf-8$/i, path);
      expectRevalidated(res, path, 86_400);
      const csp = expectDocumentCsp(res, path);
      assert.deepEqual(csp.get("script-src") ?? csp.get("default-src"), ["'none'"], `${path}: no script at all`);
      assert.ok(!/<script/i.test(html), `${path}: the note itself has no script`);
    }
  });

  // Every prerendered page: scripts/notes-headers.mjs wrote each one's CSP with its inline scripts' hashes.
  const prerendered = ["/notes", "/notes/btech", "/btech/cse", "/btech/cse/1", "/btech/cse/3", "/btech/cse/6"];

  it("prerendered notes pages: HTML, one hash-based CSP that matches every inline script, revalidated", async () => {
    for (const path of prerendered) {
      const res = await get(path);
      assert.equal(res.status, 200, path);
      const html = await res.text();
      expectBaseline(res, path);
      expectContentType(res, /^text\/html; charset=utf-8$/i, path);
      expectRevalidated(res, path, 0);
      const csp = expectDocumentCsp(res, path);
      const scripts = csp.get("script-src") ?? [];
      assert.ok(!scripts.some((s) => s.startsWith("'nonce-")), `${path}: a static page carries no nonce`);
      assert.ok(!/\snonce="/.test(html), `${path}: no nonce baked into the HTML`);
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
        .filter((m) => !/\ssrc\s*=/i.test(` ${m[1]}`))
        .map((m) => m[2] ?? "");
      assert.ok(inline.length > 0, `${path}: React Router's inline scripts`);
      for (const body of inline) {
        const hash = `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;
        assert.ok(scripts.includes(hash), `${path}: inline script allowed by hash ${hash}`);
      }
      assert.ok(!/<link rel="modulepreload"/.test(html), `${path}: module preloads dropped`);
    }
  });

  it("a prerendered page with a trailing slash: served or redirected on the site, with the same headers", async () => {
    for (const path of ["/btech/cse/1/", "/notes/"]) {
      const res = await get(path);
      await res.arrayBuffer();
      expectBaseline(res, path);
      if (res.status >= 300 && res.status < 400) {
        assert.equal(new URL(res.headers.get("Location") ?? "", baseURL).origin, new URL(baseURL).origin, path);
      } else {
        assert.equal(res.status, 200, path);
        expectDocumentCsp(res, path);
      }
    }
  });

  it("prerendered .data files (client navigation): not HTML, not sniffable, revalidated", async () => {
    for (const path of ["/notes.data", "/btech/cse/1.data"]) {
      const res = await get(path);
      assert.equal(res.status, 200, path);
      await res.arrayBuffer();
      expectBaseline(res, path);
      assert.doesNotMatch(res.headers.get("Content-Type") ?? "", /html/, `${path}: not served as HTML`);
      expectRevalidated(res, path, 0);
    }
  });

  it("HEAD of a static file carries the same headers", async () => {
    for (const path of ["/favicon.svg", "/btech/cse/1", `/assets/${builtAssets(".js")[0]}`]) {
      const res = await get(path, { method: "HEAD" });
      assert.equal(res.status, 200, path);
      expectBaseline(res, `HEAD ${path}`);
    }
  });
});
