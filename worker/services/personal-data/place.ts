import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "#server/db/client.ts";

// The shape of one entry of the personal-data registry (../personal-data.ts): where a table's rows
// land in "download my data" and what "delete my account" does with them, as the reads and the
// statements themselves (docs/decisions/0078-download-and-delete-my-account.md,
// docs/decisions/0101-an-executable-personal-data-registry.md).

/** How a deleted student appears on the records other students keep. */
export { DELETED_STUDENT } from "#common/account-messages.ts";

export type OnDelete =
  /** Every row of the student goes. */
  | "deleted"
  /** Rows other students hold stay, pointing at the anonymised account ("Deleted student"). */
  | "kept-anonymised";

/** What every read of the export knows. */
export interface ExportContext {
  db: Db;
  userId: string;
  now: number;
  /** The session asking (marked `current` among the devices). */
  currentSessionId: string | null;
}

/** One read of the export's one D1 batch, and where its rows land in the JSON. */
export interface ExportPart {
  /** A dotted path in the export ("hostel.residence"). */
  at: string;
  read: (ctx: ExportContext) => BatchItem<"sqlite">;
  /** The rows as the export shows them. */
  show: (rows: unknown, ctx: ExportContext) => unknown;
}

/** A read placed at `at`; `show` shapes its rows (they are shown as they are without it). */
export function exportAt<Q extends BatchItem<"sqlite">>(
  at: string,
  read: (ctx: ExportContext) => Q,
  show?: (rows: Q["_"]["result"], ctx: ExportContext) => unknown,
): ExportPart {
  return { at, read, show: (rows, ctx) => (show ? show(rows as Q["_"]["result"], ctx) : rows) };
}

/**
 * The deletion is one D1 batch in three phases: every table's removals (the student's own rows, and
 * their references on rows others hold set to NULL), then the anonymisations of what others keep
 * (which still read the student's name), then the account row itself, last, whose answer says
 * whether this call did the deletion.
 */
export const ERASE_PHASES = ["remove", "anonymise", "account"] as const;
export type ErasePhase = (typeof ERASE_PHASES)[number];

/**
 * A statement of the deletion's batch. `sql` receives the guard (the account is as it was checked,
 * and its deletion leaves no campus without an admin) and must use it. Parameters: ?1 the student,
 * ?2 the password hash as checked, ?3 on: `more`.
 */
export type Guarded = (sql: (guard: string) => string, ...more: unknown[]) => D1PreparedStatement;

export interface EraseContext {
  statement: Guarded;
  now: number;
}

export type Erase = Partial<Record<ErasePhase, (ctx: EraseContext) => D1PreparedStatement[]>>;

export interface PersonalData {
  /** Where the export shows it (the dotted paths of its reads); null only with a `why`. */
  exportedAs: string | null;
  onDelete: OnDelete;
  /** Why, for a table whose rows are not all deleted or that the export leaves out. */
  why?: string;
  exports: readonly ExportPart[];
  erase: Erase;
}

type Placement =
  | { onDelete: "deleted"; why?: string; exports: ExportPart[]; erase: Erase & Required<Pick<Erase, "remove">> }
  | { onDelete: "kept-anonymised"; why: string; exports: ExportPart[]; erase: Erase };

/** A table's entry: a table the student's rows are deleted from must say how. */
export function placed(placement: Placement): PersonalData {
  return {
    exportedAs: placement.exports.length > 0 ? placement.exports.map((part) => part.at).join(", ") : null,
    ...placement,
  };
}
