import { configOf } from "#server/lib/config.ts";
import { z } from "zod";
import {
  categoryOf,
  DEFAULT_QUIET,
  NOTIFICATION_CATEGORIES,
  type NotificationCategory,
} from "#common/notifications.ts";
import { IST_OFFSET_MS, indiaDate } from "#common/india-time.ts";
import { all, insert, intOrNull, returning, run, select, sql, textOrNull, update } from "#server/db/sql.ts";
import { notices as noticesTable, notificationSettings, users } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { sendMail, type OutgoingMail } from "#server/services/mail.ts";
import { actorColumns, noticeText } from "#server/services/notifications/notices.ts";

// The optional daily e-mail digest (docs/decisions/0092-daily-digest.md): a student who
// turned it on gets, once per India-time day from 07:30, one mail through the mail module with
// their unread notices of the last 24 hours grouped by category (a category muted for push is left
// out of the mail too). Classroom work due today or tomorrow is in it as the reminders' notices
// ("Due within 24 hours", "Due today"). Nothing to say: no mail.

/** From this minute after India midnight (07:30) the day's digests go out. */
export const DIGEST_MINUTE = 7 * 60 + 30;
/** Students claimed per round trip, and rounds per cron run (the rest go at the next run, 30 min later). */
const ROUND = 50;
const MAX_ROUNDS = 10;
/** Notices listed in one mail; any more are counted ("and 4 more on Campus"). */
const MAX_LISTED = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

export const digestSchema = z.object(
  { enabled: z.boolean({ error: "enabled must be true or false." }) },
  { error: 'Send { "enabled": true } or { "enabled": false }.' },
);

/**
 * Turns the digest on or off (`PUT /api/push/digest` and the Notifications page): one upsert. A
 * student without a settings row gets the default quiet hours with it, as if the row had not been
 * there. Rate limited per student with the other posts (POST_LIMITER).
 */
export async function setDigest(env: Env, userId: string, enabled: boolean, now = Date.now()): Promise<void> {
  const { success } = await env.POST_LIMITER.limit({ key: `digest:${userId}` });
  if (!success)
    throw new ApiError(429, "You are changing the e-mail digest too fast. Please wait a minute and try again.");
  await run(
    env,
    insert(
      notificationSettings,
      {
        user_id: userId,
        muted: sql`'[]'`,
        quiet_from: DEFAULT_QUIET.from,
        quiet_to: DEFAULT_QUIET.to,
        updated_at: now,
        digest: enabled ? 1 : 0,
      },
      sql`ON CONFLICT (user_id) DO UPDATE SET digest = excluded.digest, updated_at = excluded.updated_at`,
    ),
  );
}

export interface DigestNotice {
  kind: string;
  title: string;
  text: string;
  link: string | null;
  createdAt: number;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A notice's link as an absolute address on Campus (only our own paths; anything else: the inbox). */
function absolute(appUrl: string, link: string | null): string {
  return new URL(link && link.startsWith("/") && !link.startsWith("//") ? link : "/notifications", appUrl).href;
}

/** The mail for one student, or null when there is nothing to say (no unread notice outside their muted categories). */
export function digestMail(
  to: { email: string; name: string },
  notices: DigestNotice[],
  muted: string[],
  appUrl: string,
): OutgoingMail | null {
  const shown = notices.filter((n) => !muted.includes(categoryOf(n.kind))).sort((a, b) => b.createdAt - a.createdAt);
  if (shown.length === 0) return null;
  const listed = shown.slice(0, MAX_LISTED);
  const groups = NOTIFICATION_CATEGORIES.map((category) => ({
    label: category.label,
    notices: listed.filter((n) => categoryOf(n.kind) === (category.id as NotificationCategory)),
  })).filter((g) => g.notices.length > 0);
  const more = shown.length - listed.length;
  const inbox = absolute(appUrl, "/notifications");
  const count = `${shown.length} unread ${shown.length === 1 ? "notice" : "notices"}`;
  const firstName = to.name.trim().split(/\s+/)[0] || "there";
  const footer =
    'You get this mail because you turned on the daily e-mail digest. To stop it, turn off "Daily e-mail digest" on your Notifications page:';

  const text = [
    `Good morning, ${firstName}. You have ${count} on Campus from the last 24 hours.`,
    "",
    ...groups.flatMap((group) => [
      group.label,
      ...group.notices.flatMap((n) => [`- ${n.title}: ${n.text}`, `  ${absolute(appUrl, n.link)}`]),
      "",
    ]),
    ...(more > 0 ? [`And ${more} more on Campus.`, ""] : []),
    `All your notifications: ${inbox}`,
    "",
    footer,
    inbox,
    "",
  ].join("\n");

  const html = [
    `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#0f172a">`,
    `<p>Good morning, ${escapeHtml(firstName)}. You have ${count} on Campus from the last 24 hours.</p>`,
    ...groups.map(
      (group) =>
        `<h2 style="font-size:16px;margin:16px 0 4px">${escapeHtml(group.label)}</h2><ul>${group.notices
          .map(
            (n) =>
              `<li><a href="${escapeHtml(absolute(appUrl, n.link))}">${escapeHtml(n.title)}</a>: ${escapeHtml(n.text)}</li>`,
          )
          .join("")}</ul>`,
    ),
    more > 0 ? `<p>And ${more} more on Campus.</p>` : "",
    `<p><a href="${escapeHtml(inbox)}">All your notifications</a></p>`,
    `<p style="font-size:13px;color:#475569">${escapeHtml(footer)} <a href="${escapeHtml(inbox)}">${escapeHtml(inbox)}</a></p>`,
    `</body></html>`,
  ].join("");

  return { to: to.email, subject: `Campus: ${count}`, text, html };
}

/**
 * The cron job (every 30 minutes; it acts from 07:30 India time): claims the students whose digest
 * is due today with ONE conditional UPDATE (`digest_sent_on` becomes today only where it was not:
 * two runs at the same time claim each student once), reads their notices, and mails those with
 * something to say. A student is claimed before the mail goes: a crash in between loses that day's
 * digest rather than sending two.
 */
export async function runDigest(
  env: Env,
  now = Date.now(),
): Promise<{ claimed: number; sent: number; failed: number } | { skipped: string }> {
  const minute = Math.floor(((now + IST_OFFSET_MS) % DAY_MS) / 60_000);
  if (minute < DIGEST_MINUTE) return { skipped: "before 07:30 India time" };
  const day = indiaDate(now);
  const appUrl = configOf(env).appUrl;
  const done = { claimed: 0, sent: 0, failed: 0 };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const claimed = await all(
      env,
      returning(
        update(
          notificationSettings,
          { digest_sent_on: day },
          sql`WHERE digest = 1 AND digest_sent_on IS NOT ${day} AND user_id IN (
            SELECT s.user_id FROM notification_settings s JOIN users u ON u.id = s.user_id
            WHERE s.digest = 1 AND s.digest_sent_on IS NOT ${day} AND u.email_verified_at IS NOT NULL AND u.deleted_at IS NULL
            LIMIT ${ROUND})`,
        ),
        { userId: notificationSettings.user_id, muted: notificationSettings.muted },
      ),
    );
    if (claimed.length === 0) break;
    done.claimed += claimed.length;
    const u = users.as("u");
    const n = noticesTable.as("n");
    const ids = JSON.stringify(claimed.map((c) => c.userId));
    // A student without an unread notice still has a row, its notice's columns NULL (the LEFT JOIN).
    const rows = await all(
      env,
      select(
        {
          userId: u.id,
          email: u.email,
          name: u.name,
          kind: textOrNull(sql`${n.kind}`),
          title: textOrNull(sql`${n.title}`),
          text: textOrNull(sql`${n.text}`),
          link: n.link,
          createdAt: intOrNull(sql`${n.created_at}`),
          ...actorColumns(n),
        },
        sql`FROM json_each(${ids}) j JOIN ${u} ON ${u.id} = j.value
          LEFT JOIN ${n} ON ${n.user_id} = ${u.id} AND ${n.read_at} IS NULL AND ${n.created_at} > ${now - DAY_MS}
          ORDER BY ${n.created_at} DESC`,
      ),
    );
    const mails = claimed.flatMap(({ userId, muted }) => {
      const mine = rows.filter((r) => r.userId === userId);
      // Each notice as it reads now: the name of whoever acted, as it is today.
      const notices = mine.flatMap(({ kind, title, text, link, createdAt, actorId, actorName }) =>
        kind === null || title === null || text === null || createdAt === null
          ? []
          : [{ kind, title, link, createdAt, text: noticeText({ kind, text, actorId, actorName }) }],
      );
      // The muted categories are stored as a JSON list.
      const mutedList: string[] = JSON.parse(muted);
      const mail = mine[0] ? digestMail(mine[0], notices, mutedList, appUrl) : null;
      return mail ? [mail] : [];
    });
    const sent = await Promise.all(mails.map((mail) => sendMail(env, mail, "digest")));
    done.sent += sent.filter(Boolean).length;
    done.failed += sent.filter((ok) => !ok).length;
    if (claimed.length < ROUND) break;
  }
  return done;
}
