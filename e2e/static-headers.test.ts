// Headers of the files Workers static assets serves before the Worker runs (public/ and the client
// build, with public/_headers): the built Worker,
// plain HTTP, no browser. The security headers follow the one rule set the Worker tests use
// (test/security-headers.ts: HSTS of a year, nosniff, Referrer-Policy strict-origin-when-cross-origin,
// COOP same-origin-allow-popups, X-Frame-Options DENY, Permissions-Policy, none doubled; documents a
// CSP with object-src 'none', base-uri 'none' and frame-ancestors 'none'; a static file never sets a
// cookie); fingerprinted assets get a long immutable cache.
import assert from "node:assert/strict";
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
    // The whole stylesheet, which a page loads once it runs (its own part is inlined: decision 0140).
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

  // The placeholder note files under /pdfs are gone (the notes are library items now, served by
  // GET /api/library/items/:id/file), and nothing is prerendered: the notes pages are the Worker's,
  // with its per-request nonce. These replace the checks of the note files and the prerendered pages.
  it("the old placeholder note files are no longer served", async () => {
    for (const path of [
      "/pdfs/cse/sem1/sample-note.html",
      "/pdfs/cse/sem1/applied-physics-1/unit1/thermodynamics-intro.html",
    ]) {
      const res = await get(path);
      await res.arrayBuffer();
      assert.equal(res.status, 404, path);
    }
  });

  const notesPages = [
    "/notes",
    "/notes/btech",
    "/btech/cse",
    "/btech/cse/1",
    "/btech/cse/3",
    "/btech/cse/6",
    "/library",
  ];

  it("notes pages: rendered by the Worker, one nonce-based CSP that every inline script carries, never kept by a shared cache", async () => {
    for (const path of notesPages) {
      const res = await get(path);
      assert.equal(res.status, 200, path);
      const html = await res.text();
      expectBaseline(res, path);
      expectContentType(res, /^text\/html; charset=utf-8$/i, path);
      const csp = expectDocumentCsp(res, path);
      const nonce = (csp.get("script-src") ?? []).find((s) => s.startsWith("'nonce-"))?.slice(7, -1);
      assert.ok(nonce, `${path}: a nonce in script-src`);
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)].filter(
        (m) => !/\ssrc\s*=/i.test(` ${m[1]}`),
      );
      assert.ok(inline.length > 0, `${path}: React Router's inline scripts`);
      for (const m of inline) assert.ok(m[1]!.includes(`nonce="${nonce}"`), `${path}: inline script with the nonce`);
      assert.ok(!cacheControl(res).has("public"), `${path}: not public (a member's page names private items)`);
    }
  });

  it("a notes page with a trailing slash: served or redirected on the site, with the same headers", async () => {
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

  it("notes pages' .data (client navigation): not HTML, not sniffable", async () => {
    for (const path of ["/notes.data", "/btech/cse/1.data"]) {
      const res = await get(path);
      assert.equal(res.status, 200, path);
      await res.arrayBuffer();
      expectBaseline(res, path);
      assert.doesNotMatch(res.headers.get("Content-Type") ?? "", /html/, `${path}: not served as HTML`);
    }
  });

  it("HEAD of a static file carries the same headers", async () => {
    for (const path of ["/favicon.svg", "/manifest.webmanifest", `/assets/${builtAssets(".js")[0]}`]) {
      const res = await get(path, { method: "HEAD" });
      assert.equal(res.status, 200, path);
      expectBaseline(res, `HEAD ${path}`);
    }
  });
});
