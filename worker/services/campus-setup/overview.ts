import type { SetupStep } from "#common/campus-setup.ts";
import { ApiError } from "#server/lib/errors.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { adminReads, type SetupAdmin } from "#server/services/campus-setup/common.ts";
import { collegeFrom, collegeQueries, type CollegeView } from "#server/services/campus-setup/college.ts";
import { mealsQuery, menuQuery, type SetupMeal, type SetupMenuCell } from "#server/services/campus-setup/mess.ts";
import { int, select, sql } from "#server/db/sql.ts";

// What /admin/setup and the mess step read, each in one D1 batch with the caller's roles.

export interface SetupOverview {
  college: CollegeView;
  done: Record<SetupStep, boolean>;
  counts: {
    blocks: number;
    meals: number;
    menu: number;
    slots: number;
    places: number;
    programmes: number;
    subjects: number;
    classes: number;
    reps: number;
    /** Whether the college set its own grading scale (else the default 10-point one applies). */
    ownScale: number;
    /** Subjects with credits given (SGPA and CGPA count only those). */
    credited: number;
  };
}

export async function readSetupOverview(env: Env, admin: SetupAdmin): Promise<SetupOverview> {
  const campus = admin.campusId;
  const [row, domains, countRows] = await adminReads(env, admin, [
    ...collegeQueries(campus),
    select(
      {
        blocks: int(sql`(SELECT COUNT(*) FROM hostel_blocks WHERE campus_id = ${campus})`),
        meals: int(sql`(SELECT COUNT(*) FROM mess_meals WHERE campus_id = ${campus})`),
        menu: int(
          sql`(SELECT COUNT(*) FROM mess_menu x JOIN mess_meals m ON m.id = x.meal_id WHERE m.campus_id = ${campus})`,
        ),
        slots: int(sql`(SELECT COUNT(*) FROM laundry_slots WHERE campus_id = ${campus})`),
        places: int(sql`(SELECT COUNT(*) FROM meetup_places WHERE campus_id = ${campus} AND retired_at IS NULL)`),
        programmes: int(sql`(SELECT COUNT(*) FROM academic_programmes WHERE campus_id = ${campus})`),
        subjects: int(sql`(SELECT COUNT(*) FROM academic_subjects WHERE campus_id = ${campus})`),
        classes: int(sql`(SELECT COUNT(*) FROM timetable_classes WHERE campus_id = ${campus})`),
        ownScale: int(sql`(SELECT COUNT(*) FROM campuses WHERE id = ${campus} AND grading_scale IS NOT NULL)`),
        credited: int(
          sql`(SELECT COUNT(*) FROM academic_subjects WHERE campus_id = ${campus} AND credit_halves IS NOT NULL)`,
        ),
        reps: int(
          sql`(SELECT COUNT(*) FROM timetable_reps r JOIN timetable_classes k ON k.id = r.class_id WHERE k.campus_id = ${campus})`,
        ),
      },
      sql``,
    ),
  ]);
  const college = collegeFrom(row, domains);
  // One row always: a SELECT of subqueries without FROM.
  const counts = countRows.rows[0]!;
  return {
    college,
    counts,
    done: {
      college: college.domains.length > 0 && college.name.trim() !== "",
      blocks: counts.blocks > 0,
      mess: counts.meals > 0 && counts.menu > 0,
      laundry: counts.slots > 0,
      // A tree with subjects: what the notes, the library and the timetables hang off.
      academics: counts.subjects > 0,
      // At least one class for students to choose (its representatives keep its week).
      timetable: counts.classes > 0,
      places: counts.places > 0,
      // The default 10-point scale serves until the admin changes it (docs/decisions/0133-grades.md).
      grades: true,
    },
  };
}

/**
 * How many set-up steps of a campus admin's college are not done (the dashboard's card leading to
 * /admin/setup); null for anyone else. One batch, only for an admin (the roles read with the session).
 */
export async function setupStepsLeft(
  env: Env,
  user: SetupAdmin & Pick<SessionUser, "roles">,
): Promise<{ left: number; total: number } | null> {
  if (!user.roles.includes("admin")) return null;
  try {
    const { done } = await readSetupOverview(env, user);
    const steps = Object.values(done);
    return { left: steps.filter((d) => !d).length, total: steps.length };
  } catch (error) {
    // Suspended, or the role ended since the session was read: no card.
    if (error instanceof ApiError && error.status === 403) return null;
    throw error;
  }
}

export async function readMessSetup(
  env: Env,
  admin: SetupAdmin,
): Promise<{ meals: SetupMeal[]; menu: SetupMenuCell[] }> {
  const [meals, menu] = await adminReads(env, admin, [mealsQuery(admin.campusId), menuQuery(admin.campusId)]);
  return { meals: meals.rows, menu: menu.rows };
}
