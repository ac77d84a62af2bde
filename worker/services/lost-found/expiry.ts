import { LF } from "#common/lost-found.ts";
import { batch, sql } from "#server/db/sql.ts";

// Posts close LF_OPEN_DAYS after they were posted or renewed (docs/decisions/0128): the lists read
// expires_at, so an expired post leaves them on time whatever the job does; the scheduled
// housekeeping marks it expired and tells its poster once (the notice's id is the post and the
// moment it expired, so a renewed post that expires again is told again).

/** How many posts one run closes; the next run takes the rest. */
const BATCH = 200;

export async function expireLostFound(env: Env, at: number): Promise<{ expired: number }> {
  const due = sql`SELECT id FROM lost_found_posts WHERE status = 'open' AND expires_at <= ${at} ORDER BY expires_at LIMIT ${BATCH}`;
  const [, closed] = await batch(env, [
    sql`INSERT OR IGNORE INTO notices (id, user_id, kind, title, text, link, created_at)
      SELECT 'lf-expired-' || id || '-' || expires_at, user_id, 'lostfound.expired', ${LF.expiredNotice.title}, ${LF.expiredNotice.text},
        '/lost-found/' || id, ${at}
      FROM lost_found_posts WHERE id IN (${due})`,
    sql`UPDATE lost_found_posts SET status = 'expired', updated_at = ${at} WHERE id IN (${due})`,
  ]);
  return { expired: closed.changes };
}
