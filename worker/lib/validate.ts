import { z } from "zod";
import { minutesOf } from "#common/campus-setup.ts";
import { ApiError } from "#server/lib/errors.ts";

/**
 * The app's answer to input that fails a schema: a 400 whose message is the first problem, with its
 * field, and `fields`: every invalid field with its first problem, so a form marks them all at once
 * (decision 0103). A problem of the whole input (no field) is the message only.
 */
export function validationError(error: z.core.$ZodError): ApiError {
  const issue = error.issues[0];
  const field = issue?.path.join(".");
  const fields: Record<string, string> = {};
  for (const { path, message } of error.issues) {
    const name = path.join(".");
    if (name && !(name in fields)) fields[name] = message;
  }
  return new ApiError(400, issue?.message ?? "The request is not valid.", {
    ...(field ? { field } : {}),
    ...(Object.keys(fields).length > 0 ? { fields } : {}),
  });
}

/**
 * A posted form as the plain object its schema reads: each field's text (a field sent twice counts
 * once, by its first value), files where the form has them. Both doors parse the same object with
 * the same schema: the API its JSON, a page its form.
 */
export function formInput(form: FormData): Record<string, FormDataEntryValue> {
  const input: Record<string, FormDataEntryValue> = {};
  for (const [key, value] of form.entries()) if (!(key in input)) input[key] = value;
  return input;
}

/** As `formInput`, with the fields a form sends once per value (files, chosen units) as lists. */
export function formInputWithLists(
  form: FormData,
  lists: readonly string[],
): Record<string, FormDataEntryValue | FormDataEntryValue[]> {
  const input: Record<string, FormDataEntryValue | FormDataEntryValue[]> = formInput(form);
  for (const name of lists) input[name] = form.getAll(name);
  return input;
}

/**
 * Validates input for route actions and services (the API's routes use `validate` in
 * worker/api/context.ts, which answers the same way): the first problem becomes a 400 whose message
 * a person can act on, with the field it concerns.
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

// ---------------------------------------------------------------------------------------------
// User-entered text (docs/decisions/0061-text-fields-and-idempotent-posts.md)

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * Format characters (Unicode Cf: zero-width spaces, bidi overrides and isolates, BOM, soft hyphen,
 * tag characters ...) are removed, with two exceptions a person would miss: a zero-width (non-)joiner
 * between two letters or emoji (Devanagari half forms, Persian, 👩‍💻), and the tags of a flag like
 * 🏴󠁧󠁢󠁳󠁣󠁴󠁿. Alternatives that keep the match have no capture; the removed one is group 1.
 */
const FORMAT_CHARACTERS =
  /\u{1F3F4}[\u{E0020}-\u{E007E}]{1,16}\u{E007F}|(?<=[\p{L}\p{M}\p{N}\p{Extended_Pictographic}\p{Emoji_Modifier}])[\u200C\u200D](?=[\p{L}\p{M}\p{N}\p{Extended_Pictographic}])|(\p{Cf})/gu;
const LINE_BREAKS = /\r\n?|[\v\f\u0085\u2028\u2029]/g;
/** Control characters (Cc) other than \n and \t. */
const CONTROLS_MULTILINE = /[^\P{Cc}\n\t]/gu;
const VISIBLE = /[^\s\p{Z}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;
/** Storage guard: a "character" may be several code units (👨‍👩‍👧‍👦 is 11), but not without end. */
const MAX_CODE_UNITS_PER_CHARACTER = 16;

/**
 * What is stored of a text a person typed: NFC, no control characters (a multi-line field keeps
 * line breaks and tabs; a one-line field turns them into spaces), no invisible format characters,
 * trimmed.
 */
export function cleanText(value: string, multiline = false): string {
  const lines = value.replace(LINE_BREAKS, "\n");
  const controlsGone = multiline
    ? lines.replace(CONTROLS_MULTILINE, "")
    : lines.replace(/[\t\n]/g, " ").replace(/\p{Cc}/gu, "");
  return controlsGone
    .replace(FORMAT_CHARACTERS, (match, removed: string | undefined) => (removed ? "" : match))
    .normalize("NFC")
    .trim();
}

/** Whether a person would see anything: at least one character that is not blank or invisible. */
export function hasVisibleText(value: string): boolean {
  return VISIBLE.test(value);
}

/** Length as a person counts it: grapheme clusters ("क्षि" and "👩🏽‍💻" are one each). */
export function visibleLength(value: string): number {
  let n = 0;
  for (const _ of graphemes.segment(value)) n += 1;
  return n;
}

export interface TextRules {
  /** The field as a sentence starts with it: "The title", "Your name", "About me". */
  name: string;
  /** At most this many characters (grapheme clusters). */
  max: number;
  /** At least this many characters, beyond "not blank". */
  min?: number;
  /** Keeps line breaks and tabs (descriptions, details). */
  multiline?: boolean;
  /** When the field is missing, blank or not text. */
  missing?: string;
  tooShort?: string;
  tooLong?: string;
}

type Checked = { ok: true; text: string | null } | { ok: false; message: string };

function check(value: unknown, rules: TextRules, optional: boolean): Checked {
  const blank = value === undefined || value === null || (typeof value === "string" && value.trim() === "");
  if (blank)
    return optional ? { ok: true, text: null } : { ok: false, message: rules.missing ?? `${rules.name} is missing.` };
  if (typeof value !== "string")
    return {
      ok: false,
      message: optional ? `${rules.name} must be text.` : (rules.missing ?? `${rules.name} must be text.`),
    };
  const tooLong = rules.tooLong ?? `${rules.name} can be at most ${rules.max} characters.`;
  // Checked before any work on the text, so a huge value costs nothing.
  if (value.length > rules.max * MAX_CODE_UNITS_PER_CHARACTER) return { ok: false, message: tooLong };
  const text = cleanText(value, rules.multiline);
  if (!hasVisibleText(text))
    return {
      ok: false,
      message: `${rules.name} must contain visible text (invisible and control characters are removed).`,
    };
  const length = visibleLength(text);
  if (rules.min !== undefined && length < rules.min)
    return { ok: false, message: rules.tooShort ?? `${rules.name} must be at least ${rules.min} characters.` };
  if (length > rules.max) return { ok: false, message: tooLong };
  return { ok: true, text };
}

/** A required text field a person types (titles, names, descriptions), cleaned as `cleanText` says. */
export function userText(rules: TextRules) {
  // z.transform, not z.unknown().transform: zod 4 refuses an absent key of the latter with "expected
  // nonoptional" before the transform can give the field's own message.
  return z.transform((value: unknown, ctx): string => {
    const result = check(value, rules, false);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.message });
      return z.NEVER;
    }
    return result.text as string;
  });
}

/** An optional text field: missing or blank is null; anything given follows the same rules. */
export function optionalUserText(rules: TextRules) {
  return z.transform((value: unknown, ctx): string | null => {
    const result = check(value, rules, true);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.message });
      return z.NEVER;
    }
    return result.text;
  });
}

/** "HH:MM" in, minutes after midnight out; `message` for anything else. */
export function clockTime(message: string) {
  return z
    .string({ error: message })
    .max(8, message)
    .transform((value, ctx) => {
      const minutes = minutesOf(value);
      if (minutes === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return minutes;
    });
}
