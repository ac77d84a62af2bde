import { z } from "zod";
import { ApiError } from "#server/lib/errors.ts";
import { WEEKDAYS } from "#common/hostel-labels.ts";
import { addDays, indiaDate } from "#common/india-time.ts";
import { MAX_DISH_LENGTH, MAX_DISHES, RATING_WEEKS } from "#common/hostel-staff.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { audit, mayStaff, staffGrants, staffRefusal } from "#server/services/staff.ts";
import { batch, insertWhere, int, select, sql } from "#server/db/sql.ts";
import { messMeals, messMenu, messRatings } from "#server/db/tables.generated.ts";

// The mess staff's side (docs/decisions/0081-laundry-and-mess-staff.md): the week's menu
// per day and meal, and each meal's ratings over the last weeks. Mess staff and the campus admin of
// the mess's campus only.

/** Dishes as the form sends them (one text, by commas or lines) or as a JSON list. */
const dishes = z.transform((value: unknown, ctx): string[] => {
  const list =
    typeof value === "string"
      ? value.split(/[,\n]/)
      : Array.isArray(value) && value.every((v) => typeof v === "string")
        ? (value as string[])
        : null;
  if (!list) {
    ctx.addIssue({ code: "custom", message: "items must be the dishes, separated by commas." });
    return z.NEVER;
  }
  const items = list
    .map((item) =>
      item
        // eslint-disable-next-line no-control-regex
        .replace(/[\u0000-\u001f\u007f]/g, " ")
        .replace(/,/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter(Boolean);
  if (items.length === 0) ctx.addIssue({ code: "custom", message: "List at least one dish." });
  else if (items.length > MAX_DISHES) ctx.addIssue({ code: "custom", message: `List at most ${MAX_DISHES} dishes.` });
  else if (items.some((i) => i.length > MAX_DISH_LENGTH))
    ctx.addIssue({ code: "custom", message: `Keep each dish under ${MAX_DISH_LENGTH} characters.` });
  else return items;
  return z.NEVER;
});

/** `PUT /api/hostel/mess/menu` and the console's menu forms. */
export const menuEditSchema = z.object({
  day: z.coerce
    .number({ error: "day must be 1 (Monday) to 7 (Sunday)." })
    .int("day must be 1 (Monday) to 7 (Sunday).")
    .min(1, "day must be 1 (Monday) to 7 (Sunday).")
    .max(7, "day must be 1 (Monday) to 7 (Sunday)."),
  meal: z.string({ error: "Choose the meal." }).trim().min(1, "Choose the meal.").max(40, "Choose one of the meals."),
  items: dishes,
});
export type MenuEdit = z.output<typeof menuEditSchema>;

type Staff = Pick<SessionUser, "id" | "campusId">;

/** The user is mess staff or the campus admin there. */
const messStaff = (user: Staff) =>
  sql`EXISTS (SELECT 1 FROM staff_roles s WHERE s.user_id = ${user.id} AND s.campus_id = ${user.campusId} AND s.role IN ('mess', 'admin'))`;

export interface MenuEditResult {
  day: number;
  meal: string;
  items: string[];
  updatedAt: number;
}

/**
 * `PUT /api/hostel/mess/menu` and the console's action: one day's meal of the staff member's own
 * mess. The change (written only where the caller is mess staff or the campus admin there) and its
 * audit line are one batch.
 */
export async function editMenu(env: Env, user: SessionUser, { day, meal, items }: MenuEdit): Promise<MenuEditResult> {
  const ml = messMeals;
  const [meals, grants] = await batch(env, [
    select(
      { id: ml.id, name: ml.name },
      sql`FROM ${ml} WHERE ${ml.id} = ${meal} AND ${ml.campus_id} = ${user.campusId}`,
    ),
    staffGrants(user),
  ]);
  const row = meals.rows[0];
  if (!row) throw new ApiError(404, "There is no meal with that id in your campus's mess.", { field: "meal" });
  if (!mayStaff(grants.rows, "mess")) throw staffRefusal("mess");
  const now = Date.now();
  const text = items.join(", ");
  const staff = messStaff(user);
  const [written] = await batch(env, [
    sql`${insertWhere(messMenu, { day, meal_id: row.id, items: text, updated_at: now }, staff)}
      ON CONFLICT (day, meal_id) DO UPDATE SET items = excluded.items, updated_at = excluded.updated_at`,
    audit(
      {
        campusId: user.campusId,
        actorId: user.id,
        action: "mess.menu",
        subjectKind: "mess_menu",
        subjectId: `${day}:${row.id}`,
        studentId: null,
        note: `${WEEKDAYS[day - 1]} ${row.name.toLowerCase()}: ${text}`,
        at: now,
      },
      staff,
    ),
  ]);
  if (written.changes !== 1) throw staffRefusal("mess");
  return { day, meal: row.id, items, updatedAt: now };
}

export interface WeekRating {
  /** The week's first India date. */
  from: string;
  to: string;
  average: number | null;
  count: number;
}

export interface MealRatings {
  mealId: string;
  name: string;
  /** Oldest week first; the last is the week ending today. */
  weeks: WeekRating[];
}

export function ratingWeeks(now: number): { from: string; to: string }[] {
  const today = indiaDate(now);
  return Array.from({ length: RATING_WEEKS }, (_, i) => {
    const back = RATING_WEEKS - 1 - i;
    return { from: addDays(today, -7 * back - 6), to: addDays(today, -7 * back) };
  });
}

/** The query of the ratings read (for the page's one batch): per meal and date, over the weeks. */
export function ratingsQuery(user: Staff, now: number) {
  const first = ratingWeeks(now)[0]!.from;
  const [r, m] = [messRatings.as("r"), messMeals.as("m")];
  return select(
    { mealId: r.meal_id, date: r.date, total: int(sql`SUM(${r.stars})`), n: int(sql`COUNT(*)`) },
    sql`FROM ${r} JOIN ${m} ON ${m.id} = ${r.meal_id}
      WHERE ${m.campus_id} = ${user.campusId} AND ${r.date} >= ${first} GROUP BY ${r.meal_id}, ${r.date}`,
  );
}

/** The mess console's other reads (for the page's one batch): the campus's meals, then the week's menu. */
export function messConsoleQueries(user: Staff) {
  const [m, ml] = [messMenu.as("m"), messMeals.as("ml")];
  return [
    select(
      { id: messMeals.id, name: messMeals.name },
      sql`FROM ${messMeals} WHERE ${messMeals.campus_id} = ${user.campusId} ORDER BY ${messMeals.position}`,
    ),
    select(
      { day: m.day, mealId: m.meal_id, items: m.items },
      sql`FROM ${m} JOIN ${ml} ON ${ml.id} = ${m.meal_id} WHERE ${ml.campus_id} = ${user.campusId}`,
    ),
  ] as const;
}

export function toMealRatings(
  meals: { id: string; name: string }[],
  rows: { mealId: string; date: string; total: number; n: number }[],
  now: number,
): MealRatings[] {
  const weeks = ratingWeeks(now);
  return meals.map((meal) => ({
    mealId: meal.id,
    name: meal.name,
    weeks: weeks.map((w) => {
      const inWeek = rows.filter((r) => r.mealId === meal.id && r.date >= w.from && r.date <= w.to);
      const count = inWeek.reduce((sum, r) => sum + Number(r.n), 0);
      const total = inWeek.reduce((sum, r) => sum + Number(r.total), 0);
      return { ...w, count, average: count === 0 ? null : Math.round((total / count) * 10) / 10 };
    }),
  }));
}
