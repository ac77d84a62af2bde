// Classroom reminders, run by the cron trigger in scheduled(): for every user who turned reminders
// on, course work that is not turned in and is due within 24 hours (kind "due_24h") or today in
// India time (kind "due_today") gets one reminder row per kind. The UNIQUE (user, course work, kind)
// index makes a second run, or two overlapping runs, record nothing new.
import { all, batch, int, oneOf, returning, run, select, sql, update } from "#server/db/sql.ts";
import {
  classroomReminders,
  type ClassroomRemindersInsert,
  googleConnections,
  type NoticesInsert,
} from "#server/db/tables.generated.ts";
import { formatIndiaShortDateTime } from "#common/format.ts";
import { type Assignment, ClassroomError, listAssignments, listCourses } from "#server/lib/classroom.ts";
import { GoogleAuthError, refreshTokens } from "#server/lib/google-oauth.ts";
import { openGoogleToken, sealGoogleToken } from "#server/lib/google-token.ts";
import { logError } from "#server/lib/log.ts";

/** The reminders an assignment gets (classroom_reminders.kind). */
const REMINDER_KINDS = ["due_24h", "due_today"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const IST_OFFSET = 5.5 * HOUR;

function istDay(t: number): number {
  return Math.floor((t + IST_OFFSET) / DAY);
}

/** Which reminders an assignment is due for at `now` (pure; unit-tested). */
export function reminderKinds(assignment: Pick<Assignment, "dueDate" | "state">, now: number): ReminderKind[] {
  const due = assignment.dueDate;
  if (due === null || assignment.state !== "ASSIGNED" || due <= now) return [];
  const kinds: ReminderKind[] = [];
  if (due - now <= DAY) kinds.push("due_24h");
  if (istDay(due) === istDay(now)) kinds.push("due_today");
  return kinds;
}

export interface ReminderRunResult {
  users: number;
  created: number;
  failed: number;
}

export async function runReminders(env: Env, now = Date.now()): Promise<ReminderRunResult> {
  const g = googleConnections;
  const connections = await all(
    env,
    select({ userId: g.user_id, tokens: g.tokens }, sql`FROM ${g} WHERE ${g.reminders_enabled} = 1`),
  );
  const result: ReminderRunResult = { users: connections.length, created: 0, failed: 0 };
  for (const connection of connections) {
    try {
      result.created += await remindUser(env, connection.userId, connection.tokens, now);
      await run(env, update(g, { last_checked_at: now, last_error: null }, sql`WHERE user_id = ${connection.userId}`));
    } catch (error) {
      result.failed += 1;
      const reason =
        error instanceof GoogleAuthError && error.rejected
          ? "Google access was revoked; reconnect Google Classroom."
          : "Could not reach Google Classroom.";
      await run(
        env,
        update(g, { last_checked_at: now, last_error: reason }, sql`WHERE user_id = ${connection.userId}`),
      );
      logError(`cron-${now}`, error, { userId: connection.userId, job: "reminders" });
    }
  }
  return result;
}

/** A course and one of its assignments, as the Classroom API lists them. */
export interface CourseWork {
  course: { id: string; name: string };
  assignment: Assignment;
}

/**
 * The student's Classroom work in every active course: the stored Google token opened (refreshed,
 * and stored again, when near its end), then each course's assignments. A course whose API is off
 * (or gone) is skipped; a token Google refuses throws. Shared by the reminders (this cron) and the
 * calendar feed (worker/services/calendar/feed.ts).
 */
export async function classroomWork(env: Env, userId: string, sealed: string): Promise<CourseWork[]> {
  let contents = await openGoogleToken(env, sealed, "rest");
  if (!contents) throw new GoogleAuthError("Stored Google token cannot be opened", true);
  if (contents.expiresAt - 60_000 <= Date.now()) {
    contents = { ...contents, ...(await refreshTokens(env, contents)) };
    const tokens = await sealGoogleToken(env, contents, "rest");
    await run(env, update(googleConnections, { tokens, updated_at: Date.now() }, sql`WHERE user_id = ${userId}`));
  }
  const accessToken = contents.accessToken;
  const courses = await listCourses(env, accessToken, { activeOnly: true, withTeachers: false });
  const all: CourseWork[] = [];
  for (const course of courses) {
    try {
      for (const assignment of await listAssignments(env, accessToken, course.id))
        all.push({ course: { id: course.id, name: course.name }, assignment });
    } catch (error) {
      // One course with the API off (or gone) must not stop the others.
      if (error instanceof ClassroomError && error.kind !== "unauthenticated") continue;
      throw error;
    }
  }
  return all;
}

async function remindUser(env: Env, userId: string, sealed: string, now: number): Promise<number> {
  const byCourse = new Map<string, { course: CourseWork["course"]; work: Assignment[] }>();
  for (const { course, assignment } of await classroomWork(env, userId, sealed)) {
    const entry = byCourse.get(course.id) ?? { course, work: [] };
    entry.work.push(assignment);
    byCourse.set(course.id, entry);
  }
  let created = 0;
  for (const { course, work } of byCourse.values()) {
    const rows = work.flatMap((assignment) =>
      reminderKinds(assignment, now).map((kind): ClassroomRemindersInsert => ({
        id: crypto.randomUUID(),
        user_id: userId,
        course_id: course.id,
        course_work_id: assignment.id,
        kind,
        course_name: course.name,
        title: assignment.title,
        due_at: assignment.dueDate ?? now,
        link: assignment.alternateLink,
        created_at: now,
      })),
    );
    // 11 columns a row: at most 9 rows per statement keeps under D1's 100 bound parameters.
    for (let i = 0; i < rows.length; i += 9) {
      const values = rows
        .slice(i, i + 9)
        .map(
          (r) =>
            sql`(${r.id}, ${r.user_id}, ${r.course_id}, ${r.course_work_id}, ${r.kind}, ${r.course_name}, ${r.title}, ${r.due_at}, ${r.link}, ${r.created_at})`,
        );
      const inserted = await all(
        env,
        returning(
          sql`INSERT INTO ${classroomReminders} (id, user_id, course_id, course_work_id, kind, course_name, title, due_at, link, created_at)
            VALUES ${sql.join(values)} ON CONFLICT DO NOTHING`,
          {
            id: classroomReminders.id,
            kind: classroomReminders.kind,
            title: classroomReminders.title,
            courseName: classroomReminders.course_name,
            dueAt: classroomReminders.due_at,
          },
        ),
      );
      created += inserted.length;
      // Each new reminder is also a notice (the inbox, and push to the student's devices).
      if (inserted.length > 0) {
        const notices = inserted.map((reminder): NoticesInsert => ({
          id: `reminder-${reminder.id}`,
          user_id: userId,
          kind: `classroom.${reminder.kind}`,
          title: `${reminder.kind === "due_today" ? "Due today" : "Due within 24 hours"}: ${reminder.title}`.slice(
            0,
            200,
          ),
          text: `${reminder.courseName}, due ${formatIndiaShortDateTime(reminder.dueAt)}.`,
          link: "/googleclassroom",
          created_at: now,
        }));
        await run(
          env,
          sql`INSERT INTO notices (id, user_id, kind, title, text, link, created_at) VALUES ${sql.join(
            notices.map(
              (n) => sql`(${n.id}, ${n.user_id}, ${n.kind}, ${n.title}, ${n.text}, ${n.link}, ${n.created_at})`,
            ),
          )}`,
        );
      }
    }
  }
  return created;
}

export interface ReminderView {
  id: string;
  kind: ReminderKind;
  courseId: string;
  courseName: string;
  title: string;
  dueAt: number;
  link: string | null;
  createdAt: number;
}

/** The student's latest reminders, newest first. */
function remindersQuery(userId: string, limit: number) {
  const r = classroomReminders;
  return select(
    {
      id: r.id,
      kind: oneOf(REMINDER_KINDS, sql`${r.kind}`),
      courseId: r.course_id,
      courseName: r.course_name,
      title: r.title,
      dueAt: r.due_at,
      link: r.link,
      createdAt: r.created_at,
    },
    sql`FROM ${r} WHERE ${r.user_id} = ${userId} ORDER BY ${r.created_at} DESC, ${r.due_at} DESC LIMIT ${limit}`,
  );
}

/** Whether reminders are on, and the latest ones: one D1 batch (the budget for a list: decision 0093). */
export async function remindersOverview(
  env: Env,
  userId: string,
  limit = 50,
): Promise<{ enabled: boolean; reminders: ReminderView[] }> {
  const g = googleConnections;
  const [on, reminders] = await batch(env, [
    select(
      { present: int(sql`1`) },
      sql`FROM ${g} WHERE ${g.user_id} = ${userId} AND ${g.reminders_enabled} = 1 LIMIT 1`,
    ),
    remindersQuery(userId, limit),
  ]);
  return { enabled: on.rows.length > 0, reminders: reminders.rows };
}
