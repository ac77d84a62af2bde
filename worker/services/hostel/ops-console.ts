import type { SessionUser } from "#server/services/session-user.ts";
import { mayStaff, type StaffGrant } from "#server/services/staff.ts";
import {
  laundryConsoleStatements,
  toLaundryConsole,
  type LaundryConsoleView,
} from "#server/services/hostel/laundry-staff.ts";
import { ratingsStatement, toMealRatings, type MealRatings } from "#server/services/hostel/mess-staff.ts";

// The /staff page's laundry and mess data in ONE D1 round trip, read only for the roles
// that may see it (laundry staff, mess staff, the campus admin), of the staff member's campus.

export interface MessConsoleView {
  meals: { id: string; name: string }[];
  /** day (1..7) -> meal id -> the dishes as one text. */
  menu: Record<number, Record<string, string>>;
  ratings: MealRatings[];
}

export interface OpsConsoleView {
  laundry: LaundryConsoleView | null;
  mess: MessConsoleView | null;
}

/**
 * `alongside`: other statements of the page to run in the same D1 batch (their results come back in
 * `alongside`, in order), so a campus admin's /staff stays within its round trips.
 */
export async function readOpsConsole(
  env: Env,
  user: SessionUser,
  grants: StaffGrant[],
  now = Date.now(),
  alongside: D1PreparedStatement[] = [],
): Promise<OpsConsoleView & { alongside: D1Result[] }> {
  const laundry = mayStaff(grants, "laundry") ? laundryConsoleStatements(env, user, now) : null;
  const mess = mayStaff(grants, "mess")
    ? [
        env.DB.prepare("SELECT id, name FROM mess_meals WHERE campus_id = ?1 ORDER BY position").bind(user.campusId),
        env.DB.prepare(
          "SELECT m.day, m.meal_id AS mealId, m.items FROM mess_menu m JOIN mess_meals ml ON ml.id = m.meal_id WHERE ml.campus_id = ?1",
        ).bind(user.campusId),
        ratingsStatement(env, user, now),
      ]
    : null;
  const statements = [...(laundry?.statements ?? []), ...(mess ?? []), ...alongside];
  if (statements.length === 0) return { laundry: null, mess: null, alongside: [] };
  const all = await env.DB.batch(statements);
  const results = all.slice(0, all.length - alongside.length);
  const laundryView = laundry ? toLaundryConsole(laundry.dates, results[0]!, results[1]!) : null;
  let messView: MessConsoleView | null = null;
  if (mess) {
    const [meals, menuRows, ratingRows] = results.slice(laundry ? 2 : 0);
    const mealList = meals!.results as { id: string; name: string }[];
    const menu: MessConsoleView["menu"] = {};
    for (const row of menuRows!.results as { day: number; mealId: string; items: string }[])
      (menu[row.day] ??= {})[row.mealId] = row.items;
    messView = { meals: mealList, menu, ratings: toMealRatings(mealList, ratingRows!.results as never, now) };
  }
  return { laundry: laundryView, mess: messView, alongside: all.slice(all.length - alongside.length) };
}
