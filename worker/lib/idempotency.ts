import { ApiError } from "#server/lib/errors.ts";

// One creation per form submission (docs/decisions/0061-text-fields-and-idempotent-posts.md).
// Forms carry a hidden `submissionKey` made when the form is rendered; API clients may send an
// `Idempotency-Key` header instead. The services store it with the row under a UNIQUE (owner, key)
// index, so a repeat of the same submission answers the first one's result and writes nothing.

/** The form field that carries the key (the screens' hidden input; API bodies may use it too). */
export const SUBMISSION_FIELD = "submissionKey";

const KEY = /^[A-Za-z0-9._:-]{8,128}$/;

/** A fresh key for a form being rendered. */
export function newSubmissionKey(): string {
  return crypto.randomUUID();
}

/**
 * The submission key of a create: the Idempotency-Key header (bare or as a quoted structured-field
 * string), else the form field; null when neither is given (the create is then not deduplicated).
 */
export function submissionKeyOf(header: string | null | undefined, field: unknown): string | null {
  const raw = (header ?? "").trim().replace(/^"(.*)"$/, "$1") || (typeof field === "string" ? field.trim() : "");
  if (!raw) return null;
  if (!KEY.test(raw)) {
    throw new ApiError(
      400,
      "The Idempotency-Key (or the form's submissionKey) must be 8 to 128 letters, digits or - _ . : characters; a UUID is best.",
      { field: SUBMISSION_FIELD },
    );
  }
  return raw;
}

/** The key of a parsed body, if it has one (JSON object or form fields). */
export function submissionKeyField(fields: unknown): unknown {
  return fields && typeof fields === "object" ? (fields as Record<string, unknown>)[SUBMISSION_FIELD] : undefined;
}
