import type { SessionUser } from "#server/services/auth/session-user.ts";
import { mayStaff, type StaffGrant } from "#server/services/staff.ts";
import { batchAlongside } from "#server/db/sql.ts";
import {
  laundryConsoleQueries,
  toLaundryConsole,
  type LaundryConsoleView,
} from "#server/services/hostel/laundry-staff.ts";
import {
  messConsoleQueries,
  ratingsQuery,
  toMealRatings,
  type MealRatings,
} from "#server/services/hostel/mess-staff.ts";

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
  const mayLaundry = mayStaff(grants, "laundry");
  const mayMess = mayStaff(grants, "mess");
  if (!mayLaundry && !mayMess && alongside.length === 0) return { laundry: null, mess: null, alongside: [] };
  const laundry = laundryConsoleQueries(user, now);
  const mess = [...messConsoleQueries(user), ratingsQuery(user, now)] as const;
  // Each case its own batch (one round trip each), so every statement's rows keep their type.
  if (mayLaundry && mayMess) {
    const [[slots, bookings, meals, menu, ratings], rest] = await batchAlongside(
      env,
      [...laundry.queries, ...mess],
      alongside,
    );
    return {
      laundry: toLaundryConsole(laundry.dates, slots.rows, bookings.rows),
      mess: toMessConsole(meals.rows, menu.rows, ratings.rows, now),
      alongside: rest,
    };
  }
  if (mayLaundry) {
    const [[slots, bookings], rest] = await batchAlongside(env, laundry.queries, alongside);
    return { laundry: toLaundryConsole(laundry.dates, slots.rows, bookings.rows), mess: null, alongside: rest };
  }
  if (mayMess) {
    const [[meals, menu, ratings], rest] = await batchAlongside(env, mess, alongside);
    return { laundry: null, mess: toMessConsole(meals.rows, menu.rows, ratings.rows, now), alongside: rest };
  }
  const [, rest] = await batchAlongside(env, [], alongside);
  return { laundry: null, mess: null, alongside: rest };
}

function toMessConsole(
  meals: { id: string; name: string }[],
  menuRows: { day: number; mealId: string; items: string }[],
  ratingRows: { mealId: string; date: string; total: number; n: number }[],
  now: number,
): MessConsoleView {
  const menu: MessConsoleView["menu"] = {};
  for (const row of menuRows) (menu[row.day] ??= {})[row.mealId] = row.items;
  return { meals, menu, ratings: toMealRatings(meals, ratingRows, now) };
}
