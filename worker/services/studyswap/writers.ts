import { z } from "zod";
import { BECOME_WRITER, type Writer } from "#common/studyswap.ts";
import { mayContact } from "#common/membership.ts";
import { all, first, insert, returning, run, select, type Sql, sql } from "#server/db/sql.ts";
import { writers } from "#server/db/tables.generated.ts";
import { publicRead } from "#server/lib/edge-cache.ts";
import { userText } from "#server/lib/validate.ts";
import { readerCampus, requireMayAct } from "#server/services/campus.ts";
import { blankToNull, contact, type Viewer } from "#server/services/studyswap/requests.ts";

// Study Swap's writers: the profiles students who write for others keep, one per student, on their
// campus's board (docs/decisions/0076-campus-market.md).

export const writerInputSchema = z.object({
  name: userText({ name: "The name", max: 80, missing: "Enter the name students will see." }),
  expertise: userText({ name: "The expertise", max: 200, missing: "Enter your subjects or expertise." }),
  rate: z.preprocess(
    (value) => {
      const blank = blankToNull(value);
      return typeof blank === "string" && /^\d+(\.\d{1,2})?$/.test(blank) ? Number(blank) : blank;
    },
    z
      .number({ error: "The rate must be an amount in rupees, like 150." })
      .min(0, "The rate cannot be negative.")
      .max(100_000, "The rate can be at most ₹1,00,000 per page.")
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, "The rate can have at most two decimals (paise).")
      .nullable(),
  ),
  contact,
});
export type WriterInput = z.infer<typeof writerInputSchema>;

const w = writers;
/** A writer profile's columns, as the board reads them. */
const writerColumns = {
  userId: w.user_id,
  name: w.name,
  expertise: w.expertise,
  ratePaise: w.rate_paise,
  contact: w.contact,
  campusId: w.campus_id,
};
const selectWriters = (rest: Sql) => select(writerColumns, sql`FROM ${w} ${rest}`);
type WriterRow = NonNullable<ReturnType<typeof selectWriters>["row"]>;

function toWriter(row: WriterRow, showContact: boolean): Writer {
  return {
    _id: row.userId,
    name: row.name,
    expertise: row.expertise,
    rate: row.ratePaise === null ? null : row.ratePaise / 100,
    contact: showContact ? row.contact : null,
  };
}

/**
 * Writer profiles, most recently updated first, of the college the reader sees (readerCampus): a
 * signed-in member's own, with contacts only when they may see them; a visitor every college's (or
 * the one `campus` names), never with contacts.
 */
export async function listWriters(env: Env, viewer: Viewer | null, campus?: string): Promise<Writer[]> {
  const campusId = readerCampus(viewer, campus);
  const read = async () => {
    const where = campusId === null ? sql`` : sql`WHERE ${w.campus_id} = ${campusId}`;
    const rows = await all(env, selectWriters(sql`${where} ORDER BY ${w.updated_at} DESC LIMIT 100`));
    return rows.map((row) => toWriter(row, mayContact(viewer, row.campusId)));
  };
  // A visitor's board (never with contacts) is the same for every visitor: kept at the edge.
  return viewer
    ? read()
    : publicRead(env, "writers", {}, { tables: ["writers"], campus: campusId, freshS: 60, staleS: 300 }, read);
}

export async function getMyWriter(env: Env, userId: string): Promise<Writer | null> {
  const row = await first(env, selectWriters(sql`WHERE ${w.user_id} = ${userId} LIMIT 1`));
  return row ? toWriter(row, true) : null;
}

/** Creates or updates the user's own writer profile (one per user: the key is the user id), on their campus. */
export async function saveWriter(env: Env, user: Viewer, input: WriterInput): Promise<Writer> {
  requireMayAct(user, BECOME_WRITER);
  const userId = user.id;
  const now = Date.now();
  const values = {
    name: input.name,
    expertise: input.expertise,
    rate_paise: input.rate === null ? null : Math.round(input.rate * 100),
    contact: input.contact,
    updated_at: now,
  };
  const row = await first(
    env,
    returning(
      insert(
        writers,
        { user_id: userId, created_at: now, campus_id: user.campusId, ...values },
        sql`ON CONFLICT (user_id) DO UPDATE SET name = ${values.name}, expertise = ${values.expertise},
          rate_paise = ${values.rate_paise}, contact = ${values.contact}, updated_at = ${values.updated_at}`,
      ),
      writerColumns,
    ),
  );
  if (!row) throw new Error("writer profile was not saved");
  return toWriter(row, true);
}

/** Removes the student's own writer profile (nothing to remove is no error). */
export async function deleteWriter(env: Env, userId: string): Promise<void> {
  await run(env, sql`DELETE FROM ${writers} WHERE user_id = ${userId}`);
}
