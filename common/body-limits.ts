// How large a request body may be: each route declares its limit beside its definition (API routes
// with `bodyLimit(...)` in worker/api/, page routes in their module's `handle`), and the Worker
// entry enforces it before anything reads the body (worker/lib/body-limit.ts). Shared because page
// route modules (which reach the browser bundle) name theirs too.

const KB = 1024;
const MB = 1024 * KB;

export interface BodyLimit {
  maxBytes: number;
  /** What the person sees in the 413 answer; a generic sentence naming the size when absent. */
  message?: string;
}

/** A page route's declaration: `export const handle = { bodyLimit: FORM_LIMITS.photo }`. */
export interface BodyLimitHandle {
  bodyLimit: BodyLimit;
}

// The image, attachment and photo limits of the services, plus room for the text fields and the
// multipart framing; the services' own size checks give the exact per-file message below these.
export const UPLOAD_LIMITS = {
  /** A listing's photos (up to 4 of 5 MB; the browser sends each downscaled, far smaller) and their small versions. */
  listing: {
    maxBytes: 4 * (5 * MB + 256 * KB) + MB,
    message: "The upload is too large: send at most 4 photos of at most 5 MB each.",
  },
  /** A Study Swap request with its one attachment. */
  attachment: { maxBytes: 10 * MB + 64 * KB, message: "The request is too large. Attach a file of at most 10 MB." },
  /** A library upload: one PDF or the photos of its pages, 25 MB together (common/library-contribute.ts). */
  library: {
    maxBytes: 25 * MB + MB,
    message: "The upload is too large: at most 25 MB of files together.",
  },
  /** A complaint with its one photo. */
  photo: { maxBytes: 5 * MB + MB, message: "The request is too large. Photos can be at most 5 MB." },
} as const satisfies Record<string, BodyLimit>;

/** Sign-in, registration, codes and account forms: a few short fields. */
export const ACCOUNT_FORM_LIMIT: BodyLimit = { maxBytes: 16 * KB };

/** The campus admin's set-up forms and their API (a name, a domain, a day's menu): small text. */
export const SETUP_FORM_LIMIT: BodyLimit = { maxBytes: 16 * KB };
/** The timetable's forms and API (a period, a change, an entry, a mark): a few short fields. */
export const TIMETABLE_FORM_LIMIT: BodyLimit = { maxBytes: 8 * KB };
/** The datesheet's forms and API: an exam's few fields, or a CSV file of at most 32 KB in a form or JSON. */
export const EXAMS_FORM_LIMIT: BodyLimit = {
  maxBytes: 40 * KB,
  message: "The request is too large: a datesheet file can be at most 32 KB.",
};
/** A grade, a semester's grades or the grading scale (docs/decisions/0133-grades.md). */
export const GRADES_FORM_LIMIT: BodyLimit = { maxBytes: 8 * KB };
/** Every other body: JSON and forms of text fields (the longest a few thousand characters). */
export const DEFAULT_BODY_LIMIT: BodyLimit = { maxBytes: 64 * KB };

function sizeLabel(bytes: number): string {
  return bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB` : `${Math.round(bytes / KB)} KB`;
}

/** The sentence of a 413 answer. */
export function tooLargeMessage(limit: BodyLimit, door: "api" | "page"): string {
  return (
    limit.message ??
    `The request is too large: at most ${sizeLabel(limit.maxBytes)} for this ${door === "api" ? "request" : "form"}.`
  );
}

export { KB as BODY_KB };
