// Headers of the files Workers static assets serves before the Worker runs (public/ and the client
// build, with public/_headers and the CSP rules scripts/notes-headers.mjs appends): the built Worker,
// plain HTTP, no browser. design.md asks every response for HSTS (a year), nosniff,
// Referrer-Policy strict-origin-when-cross-origin and COOP same-origin-allow-popups; HTML for a CSP
// with object-src 'none', base-uri 'none' and frame-ancestors 'none'; fingerprinted assets for a long
// immutable cache. A static file never sets a cookie.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { describe, it } from "node:test";
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

/** The headers every response must carry, static or not. */
function expectBaseline(res: Response, where: string): void {
  const h = res.headers;
  assert.equal(h.get("X-Content-Type-Options"), "nosniff", `${where}: nosniff`);
  const hsts = h.get("Strict-Transport-Security") ?? "";
  assert.match(hsts, new RegExp(`max-age=${ONE_YEAR}\\b`), `${where}: HSTS of a year, got ${hsts}`);
  assert.equal(h.get("Referrer-Policy"), "strict-origin-when-cross-origin", `${where}: Referrer-Policy`);
  assert.equal(h.get("Cross-Origin-Opener-Policy"), "same-origin-allow-popups", `${where}: COOP`);
  assert.equal(h.get("X-Frame-Options"), "DENY", `${where}: X-Frame-Options`);
  assert.equal(h.get("Set-Cookie"), null, `${where}: no cookie`);
  // A header applied twice by overlapping _headers rules is joined with a comma: none may be.
  for (const name of ["X-Content-Type-Options", "Referrer-Policy", "Cross-Origin-Opener-Policy", "X-Frame-Options", "Strict-Transport-Security"]) {
    assert.ok(!(h.get(name) ?? "").includes(","), `${where}: ${name} given twice: ${h.get(name)}`);
  }
}

/** One policy (not two joined by a comma), with the directives design.md requires of every page. */
function expectDocumentCsp(res: Response, where: string): Map<string, string[]> {
  const csp = res.headers.get("Content-Security-Policy");
  assert.ok(csp, `${where}: a Content-Security-Policy`);
  assert.ok(!csp.includes(","), `${where}: one policy, not several joined: ${csp}`);
  const directives = new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name ?? "", values] as [string, string[]]),
  );
  for (const [name, value] of [
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["frame-ancestors", "'none'"],
  ] as const) {
    assert.deepEqual(directives.get(name), [value], `${where}: ${name} ${value}`);
  }
  assert.ok(directives.has("default-src"), `${where}: default-src`);
  const scripts = directives.get("script-src") ?? directives.get("default-src") ?? [];
  assert.ok(!scripts.includes("'unsafe-inline'") && !scripts.includes("'unsafe-eval'") && !scripts.includes("*"), `${where}: scripts locked down: ${scripts.join(" ")}`);
  return directives;
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
        assert.ok(cc.has("public") && cc.has("immutable") && Number(cc.get("max-age")) >= ONE_YEAR, `${path}: ${res.headers.get("Cache-Control")}`);
      }
    }
  });

  it("a fingerprinted name that does not exist is a 404 from the Worker, never cached as immutable", async () => {
    for (const path of ["/assets/does-not-exist-AbCdEf12.js", "/assets/does-not-exist.css"]) {
      const res = await get(path);
      assert.equal(res.status, 404, path);
      await res.arrayBuffer();
      expectBaseline(res, path);
      assert.ok(!cacheControl(res).has("immutable"), `${path}: ${res.headers.get("Cache-Control")}`);
    }
  });

  it("/favicon.svg: an SVG image, a day's cache, and a policy that lets no script run if it is opened", async () => {
    const res = await get("/favicon.svg");
    assert.equal(res.status, 200);
    assert.match(await res.text(), /^<svg/);
    expectBaseline(res, "/favicon.svg");
    expectContentType(res, /^image\/svg\+xml\b/, "/favicon.svg");
    expectRevalidated(res, "/favicon.svg", 86_400);
    const csp = expectDocumentCsp(res, "/favicon.svg");
    assert.deepEqual(csp.get("default-src"), ["'none'"], "/favicon.svg: default-src 'none'");
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
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)].filter((m) => !/\ssrc\s*=/i.test(` ${m[1]}`)).map((m) => m[2] ?? "");
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
