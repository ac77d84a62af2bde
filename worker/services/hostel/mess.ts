// The mess: the week's menu, today's meals with their ratings, and a student rating one of today's
// meals (once a day: rating again replaces the stars).
import { z } from "zod";
import { all, batch, insert, int, real, run, select, sql } from "#server/db/sql.ts";
import { publicRead } from "#server/lib/edge-cache.ts";
import { messMeals, messMenu, messRatings } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { clock, indiaDate, indiaMinutes, indiaWeekday } from "#common/india-time.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { requireMayAct } from "#server/services/campus.ts";
import { hasStarted, mealMoment, type MealTime } from "#common/meals.ts";
import { HOSTEL_WRITES } from "#common/hostel-messages.ts";

export interface MenuDay {
  day: number; // 1 = Monday ... 7 = Sunday
  meals: Record<string, string[]>;
}

export interface WeekMenu {
  meals: MealTime[];
  week: MenuDay[];
  /** When the mess last changed the menu (null: as set up; migrations/0016). */
  updatedAt: number | null;
}

// Each campus has its own mess: its meals (ids unique across campuses, migrations/0013) and their
// weekly menu. Ratings hang off a meal, so a campus's averages are its own students' ratings.

function mealsQuery(campusId: string) {
  const m = messMeals;
  return select(
    { id: m.id, name: m.name, startsAtMin: m.starts_at_min, endsAtMin: m.ends_at_min },
    sql`FROM ${m} WHERE ${m.campus_id} = ${campusId} ORDER BY ${m.position}`,
  );
}

/** The ids of a campus's meals, as a subquery. */
const campusMealIds = (campusId: string) => sql`(SELECT id FROM mess_meals WHERE campus_id = ${campusId})`;

function menuQuery(campusId: string) {
  const m = messMenu;
  return select(
    { day: m.day, mealId: m.meal_id, items: m.items, updatedAt: m.updated_at },
    sql`FROM ${m} WHERE ${m.meal_id} IN ${campusMealIds(campusId)} ORDER BY ${m.day}`,
  );
}

function toWeek(
  meals: MealTime[],
  rows: { day: number; mealId: string; items: string; updatedAt: number | null }[],
): WeekMenu {
  const week: MenuDay[] = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, meals: {} }));
  let updatedAt: number | null = null;
  for (const row of rows) {
    const day = week[row.day - 1];
    if (day)
      day.meals[row.mealId] = row.items
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean);
    if (row.updatedAt !== null && (updatedAt === null || row.updatedAt > updatedAt)) updatedAt = row.updatedAt;
  }
  return { meals, week, updatedAt };
}

export async function weekMenu(env: Env, campusId: string): Promise<WeekMenu> {
  return publicRead(env, "mess-week", {}, { ...MENU_CACHE, campus: campusId }, async () => {
    const [meals, rows] = await batch(env, [mealsQuery(campusId), menuQuery(campusId)]);
    return toWeek(meals.rows, rows.rows);
  });
}

/** A campus's menu is the same for every visitor (kept at the edge; a visitor cannot rate: decision 0093). */
const MENU_CACHE = { tables: ["mess_meals", "mess_menu", "mess_ratings"], freshS: 60, staleS: 300 } as const;

export interface MealRating {
  mealId: string;
  average: number | null; // one decimal
  count: number;
  mine: number | null;
  canRate: boolean; // the meal has started today
}

export interface Today {
  date: string;
  day: number;
  minutes: number;
  current: string | null;
  next: string | null;
  ratings: MealRating[];
}

function ratingQueries(campusId: string, userId: string | null, date: string) {
  const r = messRatings;
  return [
    select(
      { mealId: r.meal_id, average: real(sql`AVG(${r.stars})`), count: int(sql`COUNT(*)`) },
      sql`FROM ${r} WHERE ${r.date} = ${date} AND ${r.meal_id} IN ${campusMealIds(campusId)} GROUP BY ${r.meal_id}`,
    ),
    select(
      { mealId: r.meal_id, stars: r.stars },
      sql`FROM ${r} WHERE ${r.date} = ${date} AND ${r.user_id} = ${userId ?? ""}`,
    ),
  ] as const;
}

function toToday(
  meals: MealTime[],
  totals: { mealId: string; average: number; count: number }[],
  mine: { mealId: string; stars: number }[],
  now: number,
): Today {
  const minutes = indiaMinutes(now);
  const moment = mealMoment(meals, minutes);
  return {
    date: indiaDate(now),
    day: indiaWeekday(now),
    minutes,
    ...moment,
    ratings: meals.map((meal) => {
      const total = totals.find((t) => t.mealId === meal.id);
      return {
        mealId: meal.id,
        average: total ? Math.round(total.average * 10) / 10 : null,
        count: total?.count ?? 0,
        mine: mine.find((m) => m.mealId === meal.id)?.stars ?? null,
        canRate: hasStarted(meal, minutes),
      };
    }),
  };
}

export async function today(env: Env, campusId: string, userId: string | null, now = Date.now()): Promise<Today> {
  const [totals, mine] = ratingQueries(campusId, userId, indiaDate(now));
  const [meals, totalRows, mineRows] = await batch(env, [mealsQuery(campusId), totals, mine]);
  return toToday(meals.rows, totalRows.rows, mineRows.rows, now);
}

/** The mess screen's whole read (the week and today) in one D1 round trip. */
export async function messOverview(
  env: Env,
  campusId: string,
  userId: string | null,
  now = Date.now(),
): Promise<WeekMenu & { today: Today }> {
  if (userId) return readMessOverview(env, campusId, userId, now);
  return publicRead(env, "mess-overview", { date: indiaDate(now) }, { ...MENU_CACHE, campus: campusId }, () =>
    readMessOverview(env, campusId, null, now),
  );
}

async function readMessOverview(
  env: Env,
  campusId: string,
  userId: string | null,
  now: number,
): Promise<WeekMenu & { today: Today }> {
  const [totals, mine] = ratingQueries(campusId, userId, indiaDate(now));
  const [meals, rows, totalRows, mineRows] = await batch(env, [
    mealsQuery(campusId),
    menuQuery(campusId),
    totals,
    mine,
  ]);
  return { ...toWeek(meals.rows, rows.rows), today: toToday(meals.rows, totalRows.rows, mineRows.rows, now) };
}

/** `POST /api/hostel/mess/ratings` and the mess screen's stars. */
export const rateSchema = z.object({
  meal: z.string({ error: "Choose the meal you are rating." }).trim().min(1, "Choose the meal you are rating."),
  stars: z.coerce
    .number({ error: "Give the meal 1 to 5 stars." })
    .int("Give the meal a whole number of stars, 1 to 5.")
    .min(1, "Give the meal 1 to 5 stars.")
    .max(5, "Give the meal 1 to 5 stars."),
});
export type RatingInput = z.output<typeof rateSchema>;

/**
 * Rates one of today's meals (India date). One rating per student per meal per day: rating again
 * the same day replaces the earlier stars, so a student always counts once.
 */
export async function rateMeal(
  env: Env,
  user: SessionUser,
  { meal: mealId, stars }: RatingInput,
  now = Date.now(),
): Promise<MealRating> {
  requireMayAct(user, HOSTEL_WRITES.rateMeal);
  // Only a meal of the student's own mess: another campus's meal is no meal of theirs.
  const meals = await all(env, mealsQuery(user.campusId));
  const meal = meals.find((m) => m.id === mealId);
  if (!meal) throw new ApiError(400, `Choose ${orList(meals.map((m) => m.name.toLowerCase()))}.`, { field: "meal" });
  const minutes = indiaMinutes(now);
  if (!hasStarted(meal, minutes))
    throw new ApiError(
      400,
      `You can rate today's ${meal.name.toLowerCase()} once it is served, from ${clock(meal.startsAtMin)}.`,
      { field: "meal" },
    );
  const date = indiaDate(now);
  await run(
    env,
    insert(
      messRatings,
      { user_id: user.id, date, meal_id: mealId, stars, created_at: now, updated_at: now },
      sql`ON CONFLICT (user_id, date, meal_id) DO UPDATE SET stars = ${stars}, updated_at = ${now}`,
    ),
  );
  const summary = await today(env, user.campusId, user.id, now);
  const rating = summary.ratings.find((r) => r.mealId === mealId);
  if (!rating) throw new Error(`meal ${mealId} vanished`);
  return rating;
}

/** "breakfast, lunch, snacks or dinner" */
function orList(names: string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}` : (names[0] ?? "a meal");
}
