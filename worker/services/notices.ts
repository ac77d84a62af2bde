import { z } from "zod";
import { DELETED_STUDENT } from "#common/account-messages.ts";
import { ApiError } from "#server/lib/errors.ts";
import { firstName } from "#server/services/conversations/send.ts";

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
 * SQL: the columns a notice's text is read with, of the notice `n` (a table name or alias): its
 * actor and the actor's name now (NULL once their account is deleted). Every reader of notices
 * selects them and reads the text through noticeText.
 */
export const actorColumns = (n: string) =>
  `${n}.actor_id AS actorId, (SELECT a.name FROM users a WHERE a.id = ${n}.actor_id AND a.deleted_at IS NULL) AS actorName`;

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
export function inboxStatements(env: Env, userId: string): [D1PreparedStatement, D1PreparedStatement] {
  return [
    env.DB.prepare(
      `SELECT id, kind, title, text, link, created_at AS createdAt, read_at AS readAt, ${actorColumns("notices")}
       FROM notices WHERE user_id = ?1 ORDER BY created_at DESC, id LIMIT ${LIST_LIMIT}`,
    ).bind(userId),
    env.DB.prepare("SELECT COUNT(*) AS n FROM notices WHERE user_id = ?1 AND read_at IS NULL").bind(userId),
  ];
}

/** The inbox from the results of inboxStatements. */
export function inboxFrom(rows: D1Result, unread: D1Result): Inbox {
  type Row = Omit<NoticeView, "read"> & NoticeTextRow & { readAt: number | null };
  return {
    notices: (rows.results as Row[]).map(({ readAt, actorId, actorName, ...n }) => ({
      ...n,
      text: noticeText({ ...n, actorId, actorName }),
      read: readAt !== null,
    })),
    unread: Number((unread.results[0] as { n: number } | undefined)?.n ?? 0),
  };
}

/** The newest notices first, with the unread count, in one D1 round trip. */
export async function readInbox(env: Env, userId: string): Promise<Inbox> {
  const [rows, unread] = await env.DB.batch(inboxStatements(env, userId));
  return inboxFrom(rows!, unread!);
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
    const row = await env.DB.prepare(
      "UPDATE notices SET read_at = COALESCE(read_at, ?3) WHERE id = ?1 AND user_id = ?2 RETURNING id",
    )
      .bind(input.id, userId, now)
      .first();
    if (!row) throw new ApiError(404, "There is no notice with that id.");
    return 1;
  }
  const result = await env.DB.prepare("UPDATE notices SET read_at = ?2 WHERE user_id = ?1 AND read_at IS NULL")
    .bind(userId, now)
    .run();
  return result.meta.changes ?? 0;
}
