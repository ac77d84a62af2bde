import { z } from "zod";
import { ApiError } from "#server/lib/errors.ts";

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

/** The two reads of an inbox (the newest notices, the unread count), to run in one batch. */
export function inboxStatements(env: Env, userId: string): [D1PreparedStatement, D1PreparedStatement] {
  return [
    env.DB.prepare(
      `SELECT id, kind, title, text, link, created_at AS createdAt, read_at AS readAt FROM notices WHERE user_id = ?1 ORDER BY created_at DESC, id LIMIT ${LIST_LIMIT}`,
    ).bind(userId),
    env.DB.prepare("SELECT COUNT(*) AS n FROM notices WHERE user_id = ?1 AND read_at IS NULL").bind(userId),
  ];
}

/** The inbox from the results of inboxStatements. */
export function inboxFrom(rows: D1Result, unread: D1Result): Inbox {
  return {
    notices: (rows.results as (Omit<NoticeView, "read"> & { readAt: number | null })[]).map(({ readAt, ...n }) => ({
      ...n,
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
