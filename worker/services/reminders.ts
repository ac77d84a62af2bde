// Classroom reminders, run by the cron trigger in scheduled(): for every user who turned reminders
// on, course work that is not turned in and is due within 24 hours (kind "due_24h") or today in
// India time (kind "due_today") gets one reminder row per kind. The UNIQUE (user, course work, kind)
// index makes a second run, or two overlapping runs, record nothing new.
import { and, desc, eq, sql } from "drizzle-orm";
import { getDb } from "#server/db/client.ts";
import { classroomReminders, googleConnections, notices } from "#server/db/schema.ts";
import { formatIndiaShortDateTime } from "#common/format.ts";
import { type Assignment, ClassroomError, listAssignments, listCourses } from "#server/lib/classroom.ts";
import { GoogleAuthError, refreshTokens } from "#server/lib/google-oauth.ts";
import { openGoogleToken, sealGoogleToken } from "#server/lib/google-token.ts";
import { logError } from "#server/lib/log.ts";

export type ReminderKind = "due_24h" | "due_today";

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
  const db = getDb(env.DB);
  const connections = await db
    .select({ userId: googleConnections.userId, tokens: googleConnections.tokens })
    .from(googleConnections)
    .where(eq(googleConnections.remindersEnabled, true));
  const result: ReminderRunResult = { users: connections.length, created: 0, failed: 0 };
  for (const connection of connections) {
    try {
      result.created += await remindUser(env, connection.userId, connection.tokens, now);
      await db
        .update(googleConnections)
        .set({ lastCheckedAt: now, lastError: null })
        .where(eq(googleConnections.userId, connection.userId));
    } catch (error) {
      result.failed += 1;
      const reason =
        error instanceof GoogleAuthError && error.rejected
          ? "Google access was revoked; reconnect Google Classroom."
          : "Could not reach Google Classroom.";
      await db
        .update(googleConnections)
        .set({ lastCheckedAt: now, lastError: reason })
        .where(eq(googleConnections.userId, connection.userId));
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
 * calendar feed (worker/services/calendar.ts).
 */
export async function classroomWork(env: Env, userId: string, sealed: string): Promise<CourseWork[]> {
  const db = getDb(env.DB);
  let contents = await openGoogleToken(env, sealed, "rest");
  if (!contents) throw new GoogleAuthError("Stored Google token cannot be opened", true);
  if (contents.expiresAt - 60_000 <= Date.now()) {
    contents = { ...contents, ...(await refreshTokens(env, contents)) };
    await db
      .update(googleConnections)
      .set({ tokens: await sealGoogleToken(env, contents, "rest"), updatedAt: Date.now() })
      .where(eq(googleConnections.userId, userId));
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
  const db = getDb(env.DB);
  const byCourse = new Map<string, { course: CourseWork["course"]; work: Assignment[] }>();
  for (const { course, assignment } of await classroomWork(env, userId, sealed)) {
    const entry = byCourse.get(course.id) ?? { course, work: [] };
    entry.work.push(assignment);
    byCourse.set(course.id, entry);
  }
  let created = 0;
  for (const { course, work } of byCourse.values()) {
    const rows = work.flatMap((assignment) =>
      reminderKinds(assignment, now).map((kind) => ({
        id: crypto.randomUUID(),
        userId,
        courseId: course.id,
        courseWorkId: assignment.id,
        kind,
        courseName: course.name,
        title: assignment.title,
        dueAt: assignment.dueDate ?? now,
        link: assignment.alternateLink,
        createdAt: now,
      })),
    );
    // 11 columns a row: at most 9 rows per statement keeps under D1's 100 bound parameters.
    for (let i = 0; i < rows.length; i += 9) {
      const inserted = await db
        .insert(classroomReminders)
        .values(rows.slice(i, i + 9))
        .onConflictDoNothing()
        .returning({
          id: classroomReminders.id,
          kind: classroomReminders.kind,
          title: classroomReminders.title,
          courseName: classroomReminders.courseName,
          dueAt: classroomReminders.dueAt,
        });
      created += inserted.length;
      // Each new reminder is also a notice (the inbox, and push to the student's devices).
      if (inserted.length > 0) {
        await db.insert(notices).values(
          inserted.map((reminder) => ({
            id: `reminder-${reminder.id}`,
            userId,
            kind: `classroom.${reminder.kind}`,
            title: `${reminder.kind === "due_today" ? "Due today" : "Due within 24 hours"}: ${reminder.title}`.slice(
              0,
              200,
            ),
            text: `${reminder.courseName}, due ${formatIndiaShortDateTime(reminder.dueAt)}.`,
            link: "/googleclassroom",
            createdAt: now,
          })),
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
function remindersQuery(db: ReturnType<typeof getDb>, userId: string, limit: number) {
  return db
    .select({
      id: classroomReminders.id,
      kind: classroomReminders.kind,
      courseId: classroomReminders.courseId,
      courseName: classroomReminders.courseName,
      title: classroomReminders.title,
      dueAt: classroomReminders.dueAt,
      link: classroomReminders.link,
      createdAt: classroomReminders.createdAt,
    })
    .from(classroomReminders)
    .where(and(eq(classroomReminders.userId, userId)))
    .orderBy(desc(classroomReminders.createdAt), desc(classroomReminders.dueAt))
    .limit(limit);
}

/** Whether reminders are on, and the latest ones: one D1 batch (the budget for a list: decision 0093). */
export async function remindersOverview(
  env: Env,
  userId: string,
  limit = 50,
): Promise<{ enabled: boolean; reminders: ReminderView[] }> {
  const db = getDb(env.DB);
  const [on, reminders] = await db.batch([
    db
      .select({ on: sql<number>`1` })
      .from(googleConnections)
      .where(and(eq(googleConnections.userId, userId), eq(googleConnections.remindersEnabled, true)))
      .limit(1),
    remindersQuery(db, userId, limit),
  ]);
  return { enabled: on.length > 0, reminders };
}
