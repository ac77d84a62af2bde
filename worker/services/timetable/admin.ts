import { TIMETABLE_MESSAGES as M } from "#common/timetable-messages.ts";
import { ApiError } from "#server/lib/errors.ts";
import { adminBatch, limitChange, type SetupAdmin, setupAudit } from "#server/services/campus-setup/common.ts";
import { type Guard, noticeStatement } from "#server/services/staff.ts";
import { classStatement, classLabel, type ClassInfo, REP_MAY_ACT } from "#server/services/timetable/access.ts";
import { type ClassView, classView, classesStatement } from "#server/services/timetable/student.ts";
import type { HolidayInput, RepInput, ThresholdInput } from "#server/services/timetable/schema.ts";

// The campus admin's part of timetables (docs/decisions/0109-timetable-and-attendance.md): the
// college's holidays, its attendance rule, and who represents each class. Audited like the rest of
// the set-up (docs/decisions/0104-campus-setup.md), on the admin's write allowance.

export interface TimetableSetup {
  threshold: number;
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
  const [campus, overrides, holidays, classes, reps, semesters, subjects] = await adminBatch(env, admin, [
    env.DB.prepare("SELECT attendance_threshold AS threshold FROM campuses WHERE id = ?1").bind(admin.campusId),
    env.DB.prepare(
      `SELECT t.subject_id AS subjectId, x.code, x.name, t.threshold FROM attendance_subject_thresholds t
       JOIN academic_subjects x ON x.id = t.subject_id WHERE t.campus_id = ?1 ORDER BY x.code`,
    ).bind(admin.campusId),
    env.DB.prepare("SELECT date, name FROM campus_holidays WHERE campus_id = ?1 AND date >= ?2 ORDER BY date").bind(
      admin.campusId,
      fromDate,
    ),
    classesStatement(env, admin.campusId),
    env.DB.prepare(
      `SELECT r.class_id AS classId, u.id AS userId, u.name, u.email FROM timetable_reps r
       JOIN timetable_classes c ON c.id = r.class_id JOIN users u ON u.id = r.user_id WHERE c.campus_id = ?1 ORDER BY u.name`,
    ).bind(admin.campusId),
    env.DB.prepare(
      `SELECT s.id, p.name || ' ' || b.name || ' · Semester ' || s.number AS label FROM academic_semesters s
       JOIN academic_branches b ON b.id = s.branch_id JOIN academic_programmes p ON p.id = b.programme_id
       WHERE s.campus_id = ?1 ORDER BY p.position, p.name, b.position, b.name, s.number`,
    ).bind(admin.campusId),
    env.DB.prepare(
      "SELECT id, code, name, semester_id AS semesterId FROM academic_subjects WHERE campus_id = ?1 ORDER BY semester_id, position, code",
    ).bind(admin.campusId),
  ]);
  const repRows = reps!.results as { classId: string; userId: string; name: string; email: string }[];
  return {
    threshold: Number((campus!.results[0] as { threshold: number }).threshold),
    subjectThresholds: overrides!.results as TimetableSetup["subjectThresholds"],
    holidays: holidays!.results as TimetableSetup["holidays"],
    classes: (classes!.results as ClassInfo[]).map((c) => ({
      ...classView(c),
      reps: repRows.filter((r) => r.classId === c.id).map(({ userId, name, email }) => ({ userId, name, email })),
    })),
    semesters: semesters!.results as TimetableSetup["semesters"],
    subjects: subjects!.results as TimetableSetup["subjects"],
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
    const [subject, campus] = await adminBatch(env, admin, [
      env.DB.prepare("SELECT code FROM academic_subjects WHERE id = ?1 AND campus_id = ?2").bind(
        input.subjectId,
        admin.campusId,
      ),
      env.DB.prepare("SELECT attendance_threshold AS threshold FROM campuses WHERE id = ?1").bind(admin.campusId),
    ]);
    const code = (subject!.results[0] as { code: string } | undefined)?.code;
    if (!code) throw new ApiError(404, M.noSuchSubject, { field: "subjectId" });
    const same = Number((campus!.results[0] as { threshold: number }).threshold) === input.threshold;
    await limitChange(env, admin);
    await env.DB.batch([
      same
        ? env.DB.prepare("DELETE FROM attendance_subject_thresholds WHERE subject_id = ?1 AND campus_id = ?2").bind(
            input.subjectId,
            admin.campusId,
          )
        : env.DB.prepare(
            `INSERT INTO attendance_subject_thresholds (subject_id, campus_id, threshold) VALUES (?1, ?2, ?3)
             ON CONFLICT (subject_id) DO UPDATE SET threshold = excluded.threshold`,
          ).bind(input.subjectId, admin.campusId, input.threshold),
      setupAudit(
        env,
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
  await adminBatch(env, admin, []);
  await limitChange(env, admin);
  await env.DB.batch([
    env.DB.prepare("UPDATE campuses SET attendance_threshold = ?1 WHERE id = ?2").bind(input.threshold, admin.campusId),
    setupAudit(env, admin, "campus", "setup.attendance", admin.campusId, `${input.threshold}%`, now),
  ]);
}

/** `POST /api/admin/campus/holidays`: a date with its name (a second time renames it). */
export async function addHoliday(env: Env, admin: SetupAdmin, input: HolidayInput, now = Date.now()): Promise<void> {
  await adminBatch(env, admin, []);
  await limitChange(env, admin);
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO campus_holidays (campus_id, date, name) VALUES (?1, ?2, ?3)
       ON CONFLICT (campus_id, date) DO UPDATE SET name = excluded.name`,
    ).bind(admin.campusId, input.date, input.name),
    setupAudit(env, admin, "holiday", "setup.holiday.add", input.date, input.name, now),
  ]);
}

/** `DELETE /api/admin/campus/holidays/:date`. */
export async function removeHoliday(
  env: Env,
  admin: SetupAdmin,
  { date }: { date: string },
  now = Date.now(),
): Promise<void> {
  await adminBatch(env, admin, []);
  await limitChange(env, admin);
  const [removed] = await env.DB.batch([
    env.DB.prepare("DELETE FROM campus_holidays WHERE campus_id = ?1 AND date = ?2").bind(admin.campusId, date),
    setupAudit(env, admin, "holiday", "setup.holiday.remove", date, "", now),
  ]);
  if (removed!.meta.changes === 0) throw new ApiError(404, "That date is not one of your college's holidays.");
}

/**
 * `POST /api/timetable/classes/:id/reps`: a verified member of the college who is not suspended,
 * told by a notice. One batch: the rep row only where the student may act as one (REP_MAY_ACT), the
 * audit line and the notice only where this call made the row.
 */
export async function grantRep(
  env: Env,
  admin: SetupAdmin,
  classId: string,
  input: RepInput,
  now = Date.now(),
): Promise<{ userId: string; name: string }> {
  const [cls, student] = await adminBatch(env, admin, [
    classStatement(env, classId, admin.campusId),
    env.DB.prepare(
      `SELECT id, name, email_verified_at IS NOT NULL AS verified, COALESCE(suspended_until > ?3, 0) AS suspended
       FROM users WHERE email = ?1 AND campus_id = ?2 AND deleted_at IS NULL`,
    ).bind(input.email, admin.campusId, now),
  ]);
  const info = cls!.results[0] as ClassInfo | undefined;
  if (!info) throw new ApiError(404, M.noSuchClass);
  const who = student!.results[0] as { id: string; name: string; verified: number; suspended: number } | undefined;
  if (!who) throw new ApiError(404, M.noSuchStudent, { field: "email" });
  if (!who.verified) throw new ApiError(409, M.repNotVerified, { field: "email" });
  if (who.suspended) throw new ApiError(409, M.repSuspended, { field: "email" });
  await limitChange(env, admin);
  const label = classLabel(info);
  const made: Guard = {
    sql: "EXISTS (SELECT 1 FROM timetable_reps WHERE class_id = ? AND user_id = ? AND granted_by = ? AND granted_at = ?)",
    params: [classId, who.id, admin.id, now],
  };
  const [inserted] = await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO timetable_reps (class_id, user_id, granted_by, granted_at) SELECT ?, ?, ?, ? WHERE ${REP_MAY_ACT}
       ON CONFLICT (class_id, user_id) DO NOTHING`,
    ).bind(classId, who.id, admin.id, now, who.id, now),
    setupAudit(env, admin, "class", "timetable.rep.grant", classId, `user ${who.id}`, now, made),
    noticeStatement(
      env,
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
  if (inserted!.meta.changes === 0) {
    const already = await env.DB.prepare("SELECT 1 FROM timetable_reps WHERE class_id = ?1 AND user_id = ?2")
      .bind(classId, who.id)
      .first();
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
  const [cls] = await adminBatch(env, admin, [classStatement(env, classId, admin.campusId)]);
  if (cls!.results.length === 0) throw new ApiError(404, M.noSuchClass);
  await limitChange(env, admin);
  const [removed] = await env.DB.batch([
    env.DB.prepare("DELETE FROM timetable_reps WHERE class_id = ?1 AND user_id = ?2").bind(classId, userId),
    setupAudit(env, admin, "class", "timetable.rep.revoke", classId, `user ${userId}`, now),
  ]);
  if (removed!.meta.changes === 0) throw new ApiError(404, M.noSuchStudent);
}
