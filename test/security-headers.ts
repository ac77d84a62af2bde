// The one rule set for the security headers of a response, shared by the Worker tests
// (vitest in workerd: test/pages.test.ts, test/robust-helpers.ts, test/input-hygiene.test.ts) and the
// browser-free e2e check of the static files (node --test: e2e/static-headers.test.ts). It imports
// nothing, so both runtimes load it as it is (Node strips the types; keep the syntax erasable).
//
// What every response must carry (worker/lib/headers.ts for the Worker, public/_headers for the
// files Workers static assets serves before the Worker runs):
// - Strict-Transport-Security exactly `max-age=31536000; includeSubDomains`;
// - X-Content-Type-Options `nosniff`;
// - Referrer-Policy `strict-origin-when-cross-origin` (or the stricter `no-referrer` where the caller
//   allows it: the Google callback's redirects ask for it, worker/api/google.ts);
// - Cross-Origin-Opener-Policy `same-origin-allow-popups`, except on the Google callback, which
//   answers `unsafe-none` (worker/index.ts: the popup must keep its opener);
// - X-Frame-Options `DENY`;
// - Permissions-Policy turning off camera, microphone, geolocation and payment;
// - none of these given twice (two overlapping `_headers` rules join a header's values with a comma);
// - a Content-Security-Policy (every Worker answer has one; a static file when it is a document, and
//   any policy a static file carries is held to the same rules):
//   one policy, no directive twice, with default-src, object-src 'none', base-uri 'none' and frame-ancestors 'none', and
//   no inline, eval or wildcard script. A route may add to it (the Study Swap attachment adds
//   `sandbox` and form-action 'none'): extra directives are fine, weaker values of these are not;
// - from the Worker, an X-Request-Id; from a static file, no Set-Cookie.

export interface SecurityHeaderOptions {
  /** Served by Workers static assets before the Worker runs: no X-Request-Id, never a cookie. */
  staticFile?: boolean;
  /** A static file that can be opened as a document (HTML, SVG): it needs a CSP too. */
  document?: boolean;
  /** `no-referrer` (stricter) is accepted as well as strict-origin-when-cross-origin. */
  allowNoReferrer?: boolean;
  /** The Google callback (isGoogleCallback): COOP must be unsafe-none. */
  googleCallback?: boolean;
}

export const HSTS = "max-age=31536000; includeSubDomains";
export const REFERRER_POLICY = "strict-origin-when-cross-origin";
export const COOP = "same-origin-allow-popups";
/** The COOP of the Google callback (worker/index.ts): the popup it answers must keep its opener. */
export const GOOGLE_CALLBACK_COOP = "unsafe-none";
/** Features every response turns off, each as `feature=()`. */
export const DISABLED_FEATURES = ["camera", "microphone", "geolocation", "payment"] as const;
/** Directives every policy must set to exactly 'none'. */
export const NONE_DIRECTIVES = ["object-src", "base-uri", "frame-ancestors"] as const;

/** The paths worker/index.ts answers with COOP unsafe-none (same pattern, same order of checks). */
export function isGoogleCallback(pathname: string): boolean {
  return /^\/(api\/)?google\/callback$/i.test(pathname);
}

/** A policy's directives by name, with their values ("default-src 'none'" -> default-src: ['none']). */
export function cspDirectives(csp: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of csp.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (!name) continue;
    const key = name.toLowerCase();
    // Browsers ignore a repeated directive (the first wins): keep the first.
    if (!directives.has(key)) directives.set(key, values);
  }
  return directives;
}

function cspProblems(csp: string | null): string[] {
  if (!csp) return ["no Content-Security-Policy"];
  const problems: string[] = [];
  if (csp.includes(",")) problems.push(`Content-Security-Policy is several policies joined by a comma: ${csp}`);
  const directives = cspDirectives(csp);
  const names = csp
    .split(";")
    .map((part) => part.trim().split(/\s+/)[0]?.toLowerCase() ?? "")
    .filter(Boolean);
  for (const name of new Set(names.filter((name, i) => names.indexOf(name) !== i)))
    problems.push(`Content-Security-Policy gives ${name} twice: ${csp}`);
  if (!directives.has("default-src")) problems.push(`Content-Security-Policy has no default-src: ${csp}`);
  for (const name of NONE_DIRECTIVES) {
    const values = directives.get(name);
    if (!values || values.length !== 1 || values[0] !== "'none'")
      problems.push(
        `Content-Security-Policy needs ${name} 'none', got ${values ? `${name} ${values.join(" ")}` : "none"}`,
      );
  }
  const scripts = directives.get("script-src") ?? directives.get("default-src") ?? [];
  const loose = scripts.filter((s) => s === "'unsafe-inline'" || s === "'unsafe-eval'" || s === "*");
  if (loose.length)
    problems.push(
      `Content-Security-Policy lets scripts run loosely (${loose.join(" ")}): script-src ${scripts.join(" ")}`,
    );
  return problems;
}

function permissionsProblems(value: string | null): string[] {
  if (!value) return ["no Permissions-Policy"];
  const problems: string[] = [];
  const features = new Map<string, string[]>();
  for (const part of value.split(",")) {
    const [name = "", allow = ""] = part.trim().split("=");
    if (!name) continue;
    features.set(name, [...(features.get(name) ?? []), allow.trim()]);
  }
  for (const [name, allows] of features) {
    if (allows.length > 1) problems.push(`Permissions-Policy lists ${name} ${allows.length} times: ${value}`);
  }
  for (const name of DISABLED_FEATURES) {
    const allows = features.get(name);
    if (!allows || allows.some((allow) => allow !== "()"))
      problems.push(`Permissions-Policy needs ${name}=(), got ${value}`);
  }
  return problems;
}

/**
 * Everything wrong with a response's security headers under the one rule set (the file's header
 * comment): an empty list when all is well, otherwise one sentence per problem, all of them.
 */
export function securityHeaderProblems(headers: Headers, options: SecurityHeaderOptions = {}): string[] {
  const problems: string[] = [];
  const exactly = (name: string, expected: readonly string[]) => {
    const got = headers.get(name);
    if (got === null || !expected.includes(got))
      problems.push(
        `${name} should be ${expected.map((e) => `"${e}"`).join(" or ")}, got ${got === null ? "none" : `"${got}"`}`,
      );
  };
  exactly("Strict-Transport-Security", [HSTS]);
  exactly("X-Content-Type-Options", ["nosniff"]);
  exactly("Referrer-Policy", options.allowNoReferrer ? [REFERRER_POLICY, "no-referrer"] : [REFERRER_POLICY]);
  exactly("Cross-Origin-Opener-Policy", [options.googleCallback ? GOOGLE_CALLBACK_COOP : COOP]);
  exactly("X-Frame-Options", ["DENY"]);
  problems.push(...permissionsProblems(headers.get("Permissions-Policy")));
  // A header applied twice (overlapping _headers rules, or set and appended) arrives joined by a comma.
  for (const name of [
    "Strict-Transport-Security",
    "X-Content-Type-Options",
    "Referrer-Policy",
    "Cross-Origin-Opener-Policy",
    "X-Frame-Options",
  ]) {
    if ((headers.get(name) ?? "").includes(",")) problems.push(`${name} given twice: ${headers.get(name)}`);
  }
  // Required of every Worker answer and of static documents; a policy a static file carries anyway is held to the same rules.
  const csp = headers.get("Content-Security-Policy");
  if (!options.staticFile || options.document || csp !== null) problems.push(...cspProblems(csp));
  if (options.staticFile) {
    if (headers.get("Set-Cookie") !== null) problems.push(`a static file sets a cookie: ${headers.get("Set-Cookie")}`);
  } else if (!headers.get("X-Request-Id")) {
    problems.push("no X-Request-Id (every Worker answer carries one)");
  }
  return problems;
}
