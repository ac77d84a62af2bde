import { redirect } from "react-router";
import { documentPath } from "#app/lib/redirect.ts";

/**
 * Older versions came back from Google with `?token=` in the address; a token in a URL is never
 * accepted now (anyone could send a victim a link that plants the sender's account or Classroom
 * token in the victim's browser). The address is cleaned on the server, before any script runs and
 * before the token could reach the rendered page: a redirect to the same path with every other
 * parameter (such as ?error=) kept. Nothing is signed in or stored.
 */
export function dropUrlToken(request: Request): void {
  const url = new URL(request.url);
  if (!url.searchParams.has("token")) return;
  url.searchParams.delete("token");
  // A client-side navigation asks for /path.data: the redirect is to the page, not to its data.
  throw redirect(documentPath(url), { headers: { "Cache-Control": "no-store" } });
}
