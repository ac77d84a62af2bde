// "Download my data": everything Campus holds about the signed-in student, as one JSON document, for
// both doors (GET /api/auth/account/export and the /account/export link). Secrets are never part of
// it: no password hash, no session token, no Google token, no code or its hash. What is read, and
// where it lands, is the registry's (../personal-data/registry.ts); this runs it.
import { batch } from "#server/db/sql.ts";
import { ApiError } from "#server/lib/errors.ts";
import { PLACED_TABLES } from "#server/services/personal-data/registry.ts";
import type { ExportContext } from "#server/services/personal-data/place.ts";

export const EXPORT_FORMAT = "campus-account-export/1";
export const EXPORT_LIMITED =
  "You have downloaded your data several times in the last minute. Please wait a minute and try again.";

/** The file's name: the date of the export (India time) and nothing personal. */
export function exportFileName(now = Date.now()): string {
  const day = new Date(now + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return `campus-my-data-${day}.json`;
}

/** Headers of the download, on both doors: a file to save, never cached anywhere. */
export function exportHeaders(now = Date.now()): Record<string, string> {
  return {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Disposition": `attachment; filename="${exportFileName(now)}"`,
    "Cache-Control": "no-store",
  };
}

export interface AccountExport {
  format: typeof EXPORT_FORMAT;
  exportedAt: number;
  about: string;
  /** The sections, as the registry places them ("marketplace": { "selling": [...] ... }). */
  [section: string]: unknown;
}

/**
 * The student's data. Rate limited per student (EXPORT_LIMITER): it reads every table, so a script
 * must not be able to loop it. All reads go in one D1 batch (one round trip).
 */
export async function exportAccountData(
  env: Env,
  userId: string,
  currentSessionId: string | null,
  now = Date.now(),
): Promise<AccountExport> {
  const { success } = await env.EXPORT_LIMITER.limit({ key: `export:${userId}` });
  if (!success) throw new ApiError(429, EXPORT_LIMITED);
  const ctx: ExportContext = { userId, now, currentSessionId };
  const parts = PLACED_TABLES.flatMap((table) => table.exports);
  const results = await batch(
    env,
    parts.map((part) => part.read(ctx)),
  );
  const data: AccountExport = {
    format: EXPORT_FORMAT,
    exportedAt: now,
    about:
      "Everything Campus holds about you, given under your right of access in India's Digital Personal Data Protection Act, 2023. Times are UTC milliseconds since 1970; money is in paise (100 paise = 1 rupee). Passwords, sign-in tokens and codes are never included.",
  };
  parts.forEach((part, i) => setAt(data, part.at, part.show(results[i]?.rows ?? [], ctx)));
  return data;
}

/** Puts `value` at a dotted path, making the sections on the way. A path placed twice is a mistake in the registry. */
function setAt(data: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  const last = keys.pop()!;
  let section = data;
  for (const key of keys) {
    section[key] ??= {};
    section = section[key] as Record<string, unknown>;
  }
  if (last in section) throw new Error(`personal data: ${path} is placed twice`);
  section[last] = value;
}
