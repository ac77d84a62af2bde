// Security headers for every response the Worker produces (static files get theirs from
// public/_headers). HTML gets a CSP with a per-request nonce that React Router puts on its scripts.

export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The policy of every HTML page; `scriptSources` says which scripts may run (a per-request nonce for
 * server-rendered pages, the hashes of their inline scripts for prerendered ones).
 */
export function htmlCsp(scriptSources: string[]): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // The service worker and the web app manifest, from our own origin only.
    "worker-src 'self'",
    "manifest-src 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'";

export function applySecurityHeaders(response: Response, nonce: string | null): Response {
  // Responses from fetch() or Response.redirect() have immutable headers: copy when needed.
  let res = response;
  try {
    res.headers.set("X-Content-Type-Options", "nosniff");
  } catch {
    res = new Response(response.body, response);
    res.headers.set("X-Content-Type-Options", "nosniff");
  }
  const h = res.headers;
  const isHtml = (h.get("Content-Type") ?? "").includes("text/html");
  // A policy a route set is kept: it knows its response better (the attachment download adds
  // `sandbox`; the Google callback's redirect says no-referrer). These are defaults, not overrides.
  const byDefault = (name: string, value: string) => {
    if (!h.has(name)) h.set(name, value);
  };
  byDefault("Content-Security-Policy", isHtml && nonce ? htmlCsp([`'nonce-${nonce}'`, "'strict-dynamic'"]) : API_CSP);
  byDefault("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  byDefault("Referrer-Policy", "strict-origin-when-cross-origin");
  byDefault("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
  byDefault("X-Frame-Options", "DENY");
  byDefault("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  return res;
}
