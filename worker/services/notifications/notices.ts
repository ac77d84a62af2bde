import { z } from "zod";
import { batch, first, int, returning, run, select, sql, type Table, textOrNull, update } from "#server/db/sql.ts";
import { notices, type NoticesInsert, type NoticesRow } from "#server/db/tables.generated.ts";
import { DELETED_STUDENT } from "#common/account-messages.ts";
import { ApiError } from "#server/lib/errors.ts";
import { firstName } from "#server/services/messages/send.ts";

// A student's inbox: what staff did that concerns them. Written by the staff actions in
// their own batches (worker/services/staff.ts); read and marked read here.

const LIST_LIMIT = 50;

export interface NoticeView {
  id: string;
  kind: string;
  title: string;
  text: string;
  link: string | null;
  createdAt: number;
  read: boolean;
}

export interface Inbox {
  notices: NoticeView[];
  unread: number;
}

/**
 * The columns a notice's text is read with, of the notice `n` (the table or an alias): its actor and
 * the actor's name now (NULL once their account is deleted). Every reader of notices selects them and
 * reads the text through noticeText.
 */
export const actorColumns = (n: Table<NoticesRow, NoticesInsert>) => ({
  actorId: n.actor_id,
  actorName: textOrNull(sql`(SELECT a.name FROM users a WHERE a.id = ${n.actor_id} AND a.deleted_at IS NULL)`),
});

/** What noticeText reads of a notice row. */
export interface NoticeTextRow {
  kind: string;
  text: string;
  actorId: string | null;
  actorName: string | null;
}

/**
 * A notice's text as it reads now. A notice that names who acted (a message's sender, a
 * reservation's buyer) stores its text without the name and the actor's id; the name is theirs as it
 * is when the notice is read (a message's sender by first name, as the conversation shows them), and
 * "Deleted student" once the account is deleted. So neither deleting nor renaming an account
 * touches the stored text.
 */
export function noticeText({ kind, text, actorId, actorName }: NoticeTextRow): string {
  if (actorId === null) return text;
  const name = actorName === null ? DELETED_STUDENT : kind === "market.message" ? firstName(actorName) : actorName;
  return `${name}${text}`;
}

/** The two reads of an inbox (the newest notices, the unread count), to run in one batch. */
export function inboxReads(userId: string) {
  const n = notices;
  return [
    select(
      {
        id: n.id,
        kind: n.kind,
        title: n.title,
        text: n.text,
        link: n.link,
        createdAt: n.created_at,
        readAt: n.read_at,
        ...actorColumns(n),
      },
      sql`FROM ${n} WHERE ${n.user_id} = ${userId} ORDER BY ${n.created_at} DESC, ${n.id} LIMIT ${LIST_LIMIT}`,
    ),
    select({ n: int(sql`COUNT(*)`) }, sql`FROM ${n} WHERE ${n.user_id} = ${userId} AND ${n.read_at} IS NULL`),
  ] as const;
}

/** What batch answers for inboxReads. */
type InboxOutcomes = Awaited<ReturnType<typeof batch<ReturnType<typeof inboxReads>>>>;

/** The inbox from the outcomes of inboxReads. */
export function inboxFrom([rows, unread]: InboxOutcomes): Inbox {
  return {
    notices: rows.rows.map(({ readAt, actorId, actorName, ...n }) => ({
      ...n,
      text: noticeText({ ...n, actorId, actorName }),
      read: readAt !== null,
    })),
    unread: Number(unread.rows[0]?.n ?? 0),
  };
}

/** The newest notices first, with the unread count, in one D1 round trip. */
export async function readInbox(env: Env, userId: string): Promise<Inbox> {
  return inboxFrom(await batch(env, inboxReads(userId)));
}

export const markReadSchema = z.object({
  id: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string({ error: "id must be a notice id." }).trim().min(1).max(64, "id must be a notice id.").optional(),
  ),
});

/** Marks one notice (`id`) or every unread one read; a notice of someone else is a 404. Returns how many changed. */
export async function markRead(env: Env, userId: string, input: z.output<typeof markReadSchema>): Promise<number> {
  const now = Date.now();
  if (input.id) {
    const row = await first(
      env,
      returning(
        update(
          notices,
          { read_at: sql`COALESCE(read_at, ${now})` },
          sql`WHERE id = ${input.id} AND user_id = ${userId}`,
        ),
        { id: notices.id },
      ),
    );
    if (!row) throw new ApiError(404, "There is no notice with that id.");
    return 1;
  }
  const { changes } = await run(
    env,
    update(notices, { read_at: now }, sql`WHERE user_id = ${userId} AND read_at IS NULL`),
  );
  return changes;
}
