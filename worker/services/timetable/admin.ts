import { TIMETABLE_MESSAGES as M } from "#common/timetable-messages.ts";
import { batch, first, insert, insertWhere, int, select, sql, update } from "#server/db/sql.ts";
import {
  academicSubjects,
  attendanceSubjectThresholds,
  campuses,
  campusHolidays,
  timetableClasses,
  timetableReps,
  users,
} from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { adminReads, limitChange, type SetupAdmin, setupAuditLine } from "#server/services/campus-setup/common.ts";
import { notice } from "#server/services/staff.ts";
import {
  classLabel,
  classOf,
  repMayAct,
  SEMESTER,
  SEMESTER_JOINS,
  SEMESTER_LABEL,
  SEMESTER_ORDER,
} from "#server/services/timetable/access.ts";
import { campusThreshold } from "#server/services/timetable/attendance.ts";
import { type ClassView, classView, classesOf } from "#server/services/timetable/student.ts";
import { memberByEmail } from "#server/services/campus.ts";
import type { CountingInput, HolidayInput, RepInput, ThresholdInput } from "#server/services/timetable/schema.ts";

// The campus admin's part of timetables (docs/decisions/0109-timetable-and-attendance.md): the
// college's holidays, its attendance rule, and who represents each class. Audited like the rest of
// the set-up (docs/decisions/0104-campus-setup.md), on the admin's write allowance.

export interface TimetableSetup {
  threshold: number;
  counting: { labWeight: number | null; periodMinutes: number | null };
  subjectThresholds: { subjectId: string; code: string; name: string; threshold: number }[];
  holidays: { date: string; name: string }[];
  classes: (ClassView & { reps: { userId: string; name: string; email: string }[] })[];
  /** The semesters of the academics tree, for a new class. */
  semesters: { id: string; label: string }[];
  /** The subjects, for a subject's own rule (semesterId ties each to its semester's label). */
  subjects: { id: string; code: string; name: string; semesterId: string }[];
}

/** `GET /api/admin/campus/timetable` and /admin/setup/timetable: everything of this step in one batch. */
export async function readTimetableSetup(env: Env, admin: SetupAdmin, fromDate: string): Promise<TimetableSetup> {
  const t = attendanceSubjectThresholds.as("t");
  const x = academicSubjects.as("x");
  const r = timetableReps.as("r");
  const c = timetableClasses.as("c");
  const u = users.as("u");
  const s = SEMESTER;
  const [campus, overrides, holidays, classes, reps, semesters, subjects] = await adminReads(env, admin, [
    campusThreshold(admin.campusId),
    select(
      { subjectId: t.subject_id, code: x.code, name: x.name, threshold: t.threshold },
      sql`FROM ${t} JOIN ${x} ON ${x.id} = ${t.subject_id} WHERE ${t.campus_id} = ${admin.campusId} ORDER BY ${x.code}`,
    ),
    select(
      { date: campusHolidays.date, name: campusHolidays.name },
      sql`FROM ${campusHolidays} WHERE campus_id = ${admin.campusId} AND date >= ${fromDate} ORDER BY date`,
    ),
    classesOf(admin.campusId),
    select(
      { classId: r.class_id, userId: u.id, name: u.name, email: u.email },
      sql`FROM ${r} JOIN ${c} ON ${c.id} = ${r.class_id} JOIN ${u} ON ${u.id} = ${r.user_id}
        WHERE ${c.campus_id} = ${admin.campusId} ORDER BY ${u.name}`,
    ),
    select(
      { id: s.id, label: SEMESTER_LABEL },
      sql`FROM ${s} ${SEMESTER_JOINS} WHERE ${s.campus_id} = ${admin.campusId} ORDER BY ${SEMESTER_ORDER}`,
    ),
    select(
      {
        id: academicSubjects.id,
        code: academicSubjects.code,
        name: academicSubjects.name,
        semesterId: academicSubjects.semester_id,
      },
      sql`FROM ${academicSubjects} WHERE campus_id = ${admin.campusId} ORDER BY semester_id, position, code`,
    ),
  ]);
  return {
    threshold: Number(campus.rows[0]!.threshold),
    counting: { labWeight: campus.rows[0]!.labWeight, periodMinutes: campus.rows[0]!.periodMinutes },
    subjectThresholds: overrides.rows,
    holidays: holidays.rows,
    classes: classes.rows.map((c) => ({
      ...classView(c),
      reps: reps.rows.filter((r) => r.classId === c.id).map(({ userId, name, email }) => ({ userId, name, email })),
    })),
    semesters: semesters.rows,
    subjects: subjects.rows,
  };
}

/** `PUT /api/admin/campus/attendance`: the college's rule, or one subject's own (threshold set to the college's removes it). */
export async function setThreshold(
  env: Env,
  admin: SetupAdmin,
  input: ThresholdInput,
  now = Date.now(),
): Promise<void> {
  if (input.subjectId) {
    const [subject, campus] = await adminReads(env, admin, [
      select(
        { code: academicSubjects.code },
        sql`FROM ${academicSubjects} WHERE id = ${input.subjectId} AND campus_id = ${admin.campusId}`,
      ),
      campusThreshold(admin.campusId),
    ]);
    const code = subject.rows[0]?.code;
    if (!code) throw new ApiError(404, M.noSuchSubject, { field: "subjectId" });
    const same = Number(campus.rows[0]!.threshold) === input.threshold;
    await limitChange(env, admin);
    await batch(env, [
      same
        ? sql`DELETE FROM attendance_subject_thresholds WHERE subject_id = ${input.subjectId} AND campus_id = ${admin.campusId}`
        : insert(
            attendanceSubjectThresholds,
            { subject_id: input.subjectId, campus_id: admin.campusId, threshold: input.threshold },
            sql`ON CONFLICT (subject_id) DO UPDATE SET threshold = excluded.threshold`,
          ),
      setupAuditLine(
        admin,
        "subject",
        "setup.attendance.subject",
        input.subjectId,
        `${code}: ${same ? "college's rule" : `${input.threshold}%`}`,
        now,
      ),
    ]);
    return;
  }
  await adminReads(env, admin, []);
  await limitChange(env, admin);
  await batch(env, [
    update(campuses, { attendance_threshold: input.threshold }, sql`WHERE id = ${admin.campusId}`),
    setupAuditLine(admin, "campus", "setup.attendance", admin.campusId, `${input.threshold}%`, now),
  ]);
}

/**
 * `PUT /api/admin/campus/attendance/counting`: how a lab and a long period count (none: once each;
 * docs/decisions/0137-attendance-that-fits.md). The sums read it, so it holds for the whole semester.
 */
export async function setCounting(env: Env, admin: SetupAdmin, input: CountingInput, now = Date.now()): Promise<void> {
  await adminReads(env, admin, []);
  await limitChange(env, admin);
  const labWeight = input.labWeight ?? null;
  const periodMinutes = input.periodMinutes ?? null;
  await batch(env, [
    update(
      campuses,
      { attendance_lab_weight: labWeight, attendance_period_minutes: periodMinutes },
      sql`WHERE id = ${admin.campusId}`,
    ),
    setupAuditLine(
      admin,
      "campus",
      "setup.attendance.counting",
      admin.campusId,
      `lab: ${labWeight ?? "like any period"}; period: ${periodMinutes ? `${periodMinutes} min` : "once each"}`,
      now,
    ),
  ]);
}

/** `POST /api/admin/campus/holidays`: a date with its name (a second time renames it). */
export async function addHoliday(env: Env, admin: SetupAdmin, input: HolidayInput, now = Date.now()): Promise<void> {
  await adminReads(env, admin, []);
  await limitChange(env, admin);
  await batch(env, [
    insert(
      campusHolidays,
      { campus_id: admin.campusId, date: input.date, name: input.name },
      sql`ON CONFLICT (campus_id, date) DO UPDATE SET name = excluded.name`,
    ),
    setupAuditLine(admin, "holiday", "setup.holiday.add", input.date, input.name, now),
  ]);
}

/** `DELETE /api/admin/campus/holidays/:date`. */
export async function removeHoliday(
  env: Env,
  admin: SetupAdmin,
  { date }: { date: string },
  now = Date.now(),
): Promise<void> {
  await adminReads(env, admin, []);
  await limitChange(env, admin);
  const [removed] = await batch(env, [
    sql`DELETE FROM campus_holidays WHERE campus_id = ${admin.campusId} AND date = ${date}`,
    setupAuditLine(admin, "holiday", "setup.holiday.remove", date, "", now),
  ]);
  if (removed.changes === 0) throw new ApiError(404, "That date is not one of your college's holidays.");
}

/**
 * `POST /api/timetable/classes/:id/reps`: a verified member of the college who is not suspended,
 * told by a notice. One batch: the rep row only where the student may act as one (repMayAct), the
 * audit line and the notice only where this call made the row.
 */
export async function grantRep(
  env: Env,
  admin: SetupAdmin,
  classId: string,
  input: RepInput,
  now = Date.now(),
): Promise<{ userId: string; name: string }> {
  const [cls, student] = await adminReads(env, admin, [
    classOf(classId, admin.campusId),
    memberByEmail(input.email, admin.campusId, now),
  ]);
  const info = cls.rows[0];
  if (!info) throw new ApiError(404, M.noSuchClass);
  const who = student.rows[0];
  if (!who) throw new ApiError(404, M.noSuchStudent, { field: "email" });
  if (!who.verified) throw new ApiError(409, M.repNotVerified, { field: "email" });
  if (who.suspended) throw new ApiError(409, M.repSuspended, { field: "email" });
  await limitChange(env, admin);
  const label = classLabel(info);
  const made = sql`EXISTS (SELECT 1 FROM timetable_reps WHERE class_id = ${classId} AND user_id = ${who.id} AND granted_by = ${admin.id} AND granted_at = ${now})`;
  const [inserted] = await batch(env, [
    insertWhere(
      timetableReps,
      { class_id: classId, user_id: who.id, granted_by: admin.id, granted_at: now },
      repMayAct(who.id, now),
      sql`ON CONFLICT (class_id, user_id) DO NOTHING`,
    ),
    setupAuditLine(admin, "class", "timetable.rep.grant", classId, `user ${who.id}`, now, made),
    notice(
      who.id,
      {
        kind: "timetable.rep",
        title: "Class representative",
        text: `You now keep the timetable of ${label}.`,
        link: `/timetable/class/${classId}/edit`,
        at: now,
      },
      made,
    ),
  ]);
  // Nothing inserted: a rep already (granting again changes nothing), or the account changed since
  // it was read (suspended meanwhile) and the write refused it.
  if (inserted.changes === 0) {
    const already = await first(
      env,
      select({ rep: int(sql`1`) }, sql`FROM ${timetableReps} WHERE class_id = ${classId} AND user_id = ${who.id}`),
    );
    if (!already) throw new ApiError(409, M.repSuspended, { field: "email" });
  }
  return { userId: who.id, name: who.name };
}

/** `DELETE /api/timetable/classes/:id/reps/:userId`. */
export async function revokeRep(
  env: Env,
  admin: SetupAdmin,
  classId: string,
  userId: string,
  now = Date.now(),
): Promise<void> {
  const [cls] = await adminReads(env, admin, [classOf(classId, admin.campusId)]);
  if (cls.rows.length === 0) throw new ApiError(404, M.noSuchClass);
  await limitChange(env, admin);
  const [removed] = await batch(env, [
    sql`DELETE FROM timetable_reps WHERE class_id = ${classId} AND user_id = ${userId}`,
    setupAuditLine(admin, "class", "timetable.rep.revoke", classId, `user ${userId}`, now),
  ]);
  if (removed.changes === 0) throw new ApiError(404, M.noSuchStudent);
}
