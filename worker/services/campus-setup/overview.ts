import type { SetupStep } from "#common/campus-setup.ts";
import { adminBatch, type SetupAdmin } from "#server/services/campus-setup/common.ts";
import { collegeFrom, collegeStatements, type CollegeView } from "#server/services/campus-setup/college.ts";
import {
  mealsStatement,
  menuStatement,
  type SetupMeal,
  type SetupMenuCell,
} from "#server/services/campus-setup/mess.ts";

// What /admin/setup and the mess step read, each in one D1 batch with the caller's roles.

export interface SetupOverview {
  college: CollegeView;
  done: Record<SetupStep, boolean>;
  counts: { blocks: number; meals: number; menu: number; slots: number; places: number };
}

export async function readSetupOverview(env: Env, admin: SetupAdmin): Promise<SetupOverview> {
  const [row, domains, countRows] = await adminBatch(env, admin, [
    ...collegeStatements(env, admin.campusId),
    env.DB.prepare(
      `SELECT (SELECT COUNT(*) FROM hostel_blocks WHERE campus_id = ?1) AS blocks,
         (SELECT COUNT(*) FROM mess_meals WHERE campus_id = ?1) AS meals,
         (SELECT COUNT(*) FROM mess_menu x JOIN mess_meals m ON m.id = x.meal_id WHERE m.campus_id = ?1) AS menu,
         (SELECT COUNT(*) FROM laundry_slots WHERE campus_id = ?1) AS slots,
         (SELECT COUNT(*) FROM meetup_places WHERE campus_id = ?1 AND retired_at IS NULL) AS places`,
    ).bind(admin.campusId),
  ]);
  const college = collegeFrom(row, domains);
  const counts = countRows!.results[0] as SetupOverview["counts"];
  return {
    college,
    counts,
    done: {
      college: college.domains.length > 0 && college.name.trim() !== "",
      blocks: counts.blocks > 0,
      mess: counts.meals > 0 && counts.menu > 0,
      laundry: counts.slots > 0,
    },
  };
}

export async function readMessSetup(
  env: Env,
  admin: SetupAdmin,
): Promise<{ meals: SetupMeal[]; menu: SetupMenuCell[] }> {
  const [meals, menu] = await adminBatch(env, admin, [
    mealsStatement(env, admin.campusId),
    menuStatement(env, admin.campusId),
  ]);
  return { meals: meals!.results as SetupMeal[], menu: menu!.results as SetupMenuCell[] };
}
