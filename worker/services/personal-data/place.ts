import type { Query, Sql } from "#server/db/sql.ts";

// The shape of one entry of the personal-data registry (./registry.ts): where a table's rows
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
  userId: string;
  now: number;
  /** The session asking (marked `current` among the devices). */
  currentSessionId: string | null;
}

/** One read of the export's one D1 batch, and where its rows land in the JSON. */
export interface ExportPart {
  /** A dotted path in the export ("hostel.residence"). */
  at: string;
  read(ctx: ExportContext): Query<unknown>;
  /**
   * The rows as the export shows them. A method: each part is handed the rows of its own `read`
   * (../account/export.ts), which exportAt types for it.
   */
  show(rows: unknown[], ctx: ExportContext): unknown;
}

/** A read placed at `at`; `show` shapes its rows (they are shown as they are without it). */
export function exportAt<Row>(
  at: string,
  read: (ctx: ExportContext) => Query<Row>,
  show: (rows: Row[], ctx: ExportContext) => unknown = (rows) => rows,
): ExportPart {
  return { at, read, show };
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
 * A statement of the deletion's batch. `build` receives the guard (the account is as it was checked,
 * and its deletion leaves no campus without an admin) and must splice it into its condition. A
 * statement whose RETURNING names files (the keys the deletion removes from storage after the batch)
 * declares them with `returning`.
 */
export type Guarded = <Row extends Erased = never>(build: (guard: Sql) => Query<Row>) => Query<Row>;

/**
 * What a deletion statement may return: the account row's id (the last statement: whether this call
 * did the deletion), or the storage keys of what it removed.
 */
export interface Erased {
  id?: string;
  /** A file's key (a listing's image, a complaint's photo, a request's attachment, a library upload). */
  fileKey?: string | null;
  /** A listing's photos, as its photos JSON (each photo's key and small version). */
  photoList?: string | null;
  /** A library upload's photos not yet put together, as its count of parts (docs/decisions/0117). */
  fileParts?: number | null;
}

export interface EraseContext {
  statement: Guarded;
  /** The student whose account is deleted. */
  userId: string;
  now: number;
}

export type Erase = Partial<Record<ErasePhase, (ctx: EraseContext) => Query<Erased>[]>>;

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
