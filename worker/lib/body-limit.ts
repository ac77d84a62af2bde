// One byte limit per route for every request body (common/body-limits.ts: each route declares its
// own), enforced in the Worker entry before anything parses it. A declared Content-Length over the
// limit is refused at once; a body without one (chunked) is counted as it is read and errors the
// moment it passes the limit, so neither kind is ever read whole. Workers give an isolate 128 MB:
// a 90 MB body parsed by formData() costs several times that.
import type { MiddlewareHandler } from "hono";
import { type BodyLimit, DEFAULT_BODY_LIMIT, tooLargeMessage } from "#common/body-limits.ts";

/** A limit as the entry enforces it: its bytes and the sentence of its 413 answer. */
export interface ResolvedLimit {
  maxBytes: number;
  message: string;
}

export function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/**
 * The path a page request acts on: React Router's client posts to `<path>.data` (`/_root.data` for
 * the index route), and a trailing slash matches the same route.
 */
export function pagePath(pathname: string): string {
  let path = pathname;
  if (/^\/_root\.data$/i.test(path)) return "/";
  if (/\.data$/i.test(path)) path = path.slice(0, -".data".length);
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  return path;
}

const declarations = new WeakMap<object, BodyLimit>();

/**
 * Declares the body limit of the API routes it stands in, beside their definition:
 * `products.post("/upload", bodyLimit(UPLOAD_LIMITS.listing), ...)`, or a sub-app's own default
 * `auth.use("*", bodyLimit(ACCOUNT_FORM_LIMIT))`. It does nothing when it runs: the entry reads the
 * declaration of the matched route (the last one, the most specific) before any handler does.
 */
export function bodyLimit(limit: BodyLimit): MiddlewareHandler {
  const declaration: MiddlewareHandler = async (_c, next) => {
    await next();
  };
  declarations.set(declaration, limit);
  return declaration;
}

/** The limit declared by the last of these handlers that declares one (bodyLimit), or null. */
export function declaredLimit(handlers: readonly object[]): BodyLimit | null {
  let found: BodyLimit | null = null;
  for (const handler of handlers) found = declarations.get(handler) ?? found;
  return found;
}

/** A declaration as enforced: the default when there is none. */
export function resolveLimit(limit: BodyLimit | null, pathname: string): ResolvedLimit {
  const chosen = limit ?? DEFAULT_BODY_LIMIT;
  return { maxBytes: chosen.maxBytes, message: tooLargeMessage(chosen, isApiPath(pathname) ? "api" : "page") };
}

/** Thrown into the body stream once it passes the limit; readers see it as the reason they failed. */
export class BodyTooLargeError extends Error {
  readonly status = 413;
  constructor(readonly limit: ResolvedLimit) {
    super(limit.message);
    this.name = "BodyTooLargeError";
  }
}

/** Whether a declared Content-Length is over the limit (no header: unknown, counted while read). */
export function declaredTooLarge(request: Request, limit: ResolvedLimit): boolean {
  const header = request.headers.get("Content-Length");
  if (header === null) return false;
  const length = Number(header);
  return !Number.isFinite(length) || length > limit.maxBytes;
}

export interface LimitedRequest {
  request: Request;
  /**
   * After the answer is made: reads and discards what is left of the body, up to the limit (past
   * it, cancels); resolves when done, null when there is nothing left. A body that nobody read (a
   * refusal before parsing, a 401, a redirect) otherwise leaves the connection mid-upload: workerd
   * drops it, and the Vite dev server in front fails with a 500 "fetch failed" instead of relaying
   * the answer. The entry awaits it before answering: drained in ctx.waitUntil, after the answer,
   * the dev server still failed.
   */
  release: () => Promise<void> | null;
}

/**
 * The request with its body replaced by one that counts bytes as they are read and errors with a
 * BodyTooLargeError as soon as they pass the limit; the rest is never read (the source is cancelled).
 * `onExceeded` runs then, so the entry knows even when a handler swallowed the error.
 */
export function limitBody(request: Request, limit: ResolvedLimit, onExceeded: () => void): LimitedRequest {
  const source = request.body;
  if (!source || request.method === "GET" || request.method === "HEAD") return { request, release: () => null };
  // A declared length (within the limit: declaredTooLarge came first) bounds the body already: HTTP's
  // framing delivers exactly that many bytes. Such a body, most of them, needs no counting stream
  // (a tenth of a small write's CPU in `npm run bench:chat`'s profile), only draining if nobody read it.
  if (request.headers.get("Content-Length") !== null)
    return {
      request,
      release: () => (request.bodyUsed || source.locked ? null : discard(source.getReader(), 0, limit)),
    };
  const reader = source.getReader();
  let seen = 0;
  let finished = false;
  const limited = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          finished = true;
          controller.close();
          return;
        }
        seen += value.byteLength;
        if (seen > limit.maxBytes) {
          finished = true;
          onExceeded();
          controller.error(new BodyTooLargeError(limit));
          await reader.cancel("request body over its limit").catch(() => {});
          return;
        }
        controller.enqueue(value);
      },
      cancel(reason) {
        finished = true;
        return reader.cancel(reason);
      },
    },
    // Nothing is read ahead of the handler: only what it asks for.
    { highWaterMark: 0 },
  );
  const drain = () =>
    discard(reader, seen, limit).finally(() => {
      finished = true;
    });
  return {
    request: new Request(request, { body: limited }),
    release: () => (finished ? null : drain()),
  };
}

/** Reads and discards the rest of a body of which `seen` bytes were read, up to the limit (past it, cancels). */
async function discard(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  seen: number,
  limit: ResolvedLimit,
): Promise<void> {
  let total = seen;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
      if (total > limit.maxBytes) {
        await reader.cancel("request body over its limit");
        return;
      }
    }
  } catch {
    // The client went away: nothing left to drain.
  }
}

/** Cancels an unread body (no-op when there is none or a reader holds it). */
export function cancel(body: ReadableStream | null): void {
  if (!body || body.locked) return;
  body.cancel("the answer did not need the request body").catch(() => {});
}

/** The 413 answer: JSON in the API's error shape, a short page (or text for React Router's fetches) elsewhere. */
export function tooLargeResponse(pathname: string, limit: ResolvedLimit): Response {
  const message = limit.message;
  if (isApiPath(pathname)) return Response.json({ success: false, message, msg: message }, { status: 413 });
  if (/\.data$/i.test(pathname)) {
    // React Router's client shows a non-framework error answer's text in the error boundary.
    return new Response(message, { status: 413, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const back = pagePath(pathname).replace(/[^A-Za-z0-9/_-]/g, "");
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too large · Campus</title></head><body><main><h1>The request is too large</h1><p>${escapeHtml(message)}</p><p><a href="${back}">Go back</a></p></main></body></html>`;
  return new Response(html, { status: 413, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
