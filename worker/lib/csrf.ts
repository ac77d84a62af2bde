// Cross-site request forgery: a browser says where a request comes from (Sec-Fetch-Site in every
// current browser, Origin on every unsafe request). A write that a browser marks as coming from
// another site is refused before it reaches the API or a form action. Clients that are not browsers
// (curl, the tests, a mobile app with a bearer token) send neither header and are not affected.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Why the request must be refused as cross-site, or null when it may go on. */
export function crossSiteWrite(request: Request): string | null {
  if (SAFE_METHODS.has(request.method)) return null;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site !== null && site !== "same-origin" && site !== "none") return `Sec-Fetch-Site: ${site}`;
  const origin = request.headers.get("Origin");
  if (origin !== null && origin !== new URL(request.url).origin) return `Origin: ${origin.slice(0, 100)}`;
  return null;
}

export const CROSS_SITE_MESSAGE =
  "This request came from another website, so it was refused. Open Campus directly and try again.";
