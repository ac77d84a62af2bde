// One byte limit per route for every request body, enforced in the Worker entry before anything
// parses it. A declared Content-Length over the limit is refused at once; a body without one
// (chunked) is counted as it is read and errors the moment it passes the limit, so neither kind is
// ever read whole. Workers give an isolate 128 MB: a 90 MB body parsed by formData() costs several
// times that.

const KB = 1024;
const MB = 1024 * KB;

export interface BodyLimit {
  maxBytes: number;
  /** What the person sees in the 413 answer. */
  message: string;
}

interface Rule {
  /** Methods the rule applies to; every method with a body when absent. */
  methods?: readonly string[];
  /** Matched against the path (case-insensitive, as the routes are); page paths without `.data`. */
  path: RegExp;
  maxBytes: number;
  message?: string;
}

function sizeLabel(bytes: number): string {
  return bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB` : `${Math.round(bytes / KB)} KB`;
}

// The image, attachment and photo limits of the services, plus room for the text fields and the
// multipart framing; the services' own size checks give the exact per-file message below that.
const IMAGE_UPLOAD = 5 * MB + MB;
// A listing's photos (up to 4 of 5 MB; the browser sends each downscaled, far smaller) and their small versions.
const PRODUCT_UPLOAD = 4 * (5 * MB + 256 * KB) + MB;
const ATTACHMENT_UPLOAD = 10 * MB + 64 * KB;
const PRODUCT_MESSAGE = "The upload is too large: send at most 4 photos of at most 5 MB each.";
const ATTACHMENT_MESSAGE = "The request is too large. Attach a file of at most 10 MB.";
const PHOTO_MESSAGE = "The request is too large. Photos can be at most 5 MB.";

/** First match wins; the last rule of each door is its default, so a new route is covered at once. */
const API_RULES: readonly Rule[] = [
  { methods: ["POST"], path: /^\/api\/product\/upload\/?$/i, maxBytes: PRODUCT_UPLOAD, message: PRODUCT_MESSAGE },
  {
    methods: ["POST"],
    path: /^\/api\/studyswap\/requests\/?$/i,
    maxBytes: ATTACHMENT_UPLOAD,
    message: ATTACHMENT_MESSAGE,
  },
  { methods: ["POST"], path: /^\/api\/hostel\/complaints\/?$/i, maxBytes: IMAGE_UPLOAD, message: PHOTO_MESSAGE },
  {
    methods: ["PATCH"],
    path: /^\/api\/product\/purchase\/[^/]+\/?$/i,
    maxBytes: KB,
    message: 'The request is too large: a purchase sends at most { "price": <rupees> }.',
  },
  { path: /^\/api\/(auth|google)(\/|$)/i, maxBytes: 16 * KB },
  // JSON bodies: the longest text field is a few thousand characters.
  { path: /^\/api(\/|$)/i, maxBytes: 64 * KB },
];

const PAGE_RULES: readonly Rule[] = [
  { path: /^\/(login|register|auth|logout|account|verify|reset-password)$/i, maxBytes: 16 * KB },
  { path: /^\/(dashboard)?$/i, maxBytes: 16 * KB },
  { path: /^\/upload$/i, maxBytes: PRODUCT_UPLOAD, message: PRODUCT_MESSAGE },
  { path: /^\/find-writer$/i, maxBytes: ATTACHMENT_UPLOAD, message: ATTACHMENT_MESSAGE },
  { path: /^\/hostel-complaints$/i, maxBytes: IMAGE_UPLOAD, message: PHOTO_MESSAGE },
  // Every other form (mess ratings, laundry, roommates, writer profile, sells ...): text fields only.
  { path: /^\//, maxBytes: 64 * KB },
];

export function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/**
 * The path a page request acts on: React Router's client posts to `<path>.data` (`/_root.data` for
 * the index route), and a trailing slash matches the same route.
 */
function pagePath(pathname: string): string {
  let path = pathname;
  if (/^\/_root\.data$/i.test(path)) return "/";
  if (/\.data$/i.test(path)) path = path.slice(0, -".data".length);
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  return path;
}

/** The limit for a request's body. */
export function bodyLimitFor(method: string, pathname: string): BodyLimit {
  const api = isApiPath(pathname);
  const path = api ? pathname : pagePath(pathname);
  const upper = method.toUpperCase();
  const rule = (api ? API_RULES : PAGE_RULES).find(
    (r) => (!r.methods || r.methods.includes(upper)) && r.path.test(path),
  );
  const maxBytes = rule?.maxBytes ?? 64 * KB;
  return {
    maxBytes,
    message:
      rule?.message ?? `The request is too large: at most ${sizeLabel(maxBytes)} for this ${api ? "request" : "form"}.`,
  };
}

/** Thrown into the body stream once it passes the limit; readers see it as the reason they failed. */
export class BodyTooLargeError extends Error {
  readonly status = 413;
  constructor(readonly limit: BodyLimit) {
    super(limit.message);
    this.name = "BodyTooLargeError";
  }
}

/** Whether a declared Content-Length is over the limit (no header: unknown, counted while read). */
export function declaredTooLarge(request: Request, limit: BodyLimit): boolean {
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
export function limitBody(request: Request, limit: BodyLimit, onExceeded: () => void): LimitedRequest {
  const source = request.body;
  if (!source || request.method === "GET" || request.method === "HEAD") return { request, release: () => null };
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
  const drain = async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        seen += value.byteLength;
        if (seen > limit.maxBytes) {
          await reader.cancel("request body over its limit");
          return;
        }
      }
    } catch {
      // The client went away: nothing left to drain.
    } finally {
      finished = true;
    }
  };
  return {
    request: new Request(request, { body: limited }),
    release: () => (finished ? null : drain()),
  };
}

/** Cancels an unread body (no-op when there is none or a reader holds it). */
export function cancel(body: ReadableStream | null): void {
  if (!body || body.locked) return;
  body.cancel("the answer did not need the request body").catch(() => {});
}

/** The 413 answer: JSON in the API's error shape, a short page (or text for React Router's fetches) elsewhere. */
export function tooLargeResponse(pathname: string, limit: BodyLimit): Response {
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
