import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "#server/db/client.ts";
import { messMeals, messMenu, messRatings } from "#server/db/schema.ts";
import { ApiError } from "#server/lib/errors.ts";
import { parseWith } from "#server/lib/validate.ts";
import { clock, indiaDate, indiaMinutes, indiaWeekday } from "#common/india-time.ts";
import type { SessionUser } from "#server/services/auth.ts";
import { hasStarted, mealMoment, type MealTime } from "#common/meals.ts";

export interface MenuDay {
  day: number; // 1 = Monday ... 7 = Sunday
  meals: Record<string, string[]>;
}

export interface WeekMenu {
  meals: MealTime[];
  week: MenuDay[];
}

export async function weekMenu(env: Env): Promise<WeekMenu> {
  const db = getDb(env.DB);
  const [meals, rows] = await db.batch([
    db.select({ id: messMeals.id, name: messMeals.name, startsAtMin: messMeals.startsAtMin, endsAtMin: messMeals.endsAtMin }).from(messMeals).orderBy(asc(messMeals.position)),
    db.select({ day: messMenu.day, mealId: messMenu.mealId, items: messMenu.items }).from(messMenu).orderBy(asc(messMenu.day)),
  ]);
  const week: MenuDay[] = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, meals: {} }));
  for (const row of rows) {
    const day = week[row.day - 1];
    if (day) day.meals[row.mealId] = row.items.split(",").map((item) => item.trim()).filter(Boolean);
  }
  return { meals, week };
}

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

export async function today(env: Env, userId: string | null, now = Date.now()): Promise<Today> {
  const db = getDb(env.DB);
  const date = indiaDate(now);
  const minutes = indiaMinutes(now);
  const [meals, totals, mine] = await db.batch([
    db.select({ id: messMeals.id, name: messMeals.name, startsAtMin: messMeals.startsAtMin, endsAtMin: messMeals.endsAtMin }).from(messMeals).orderBy(asc(messMeals.position)),
    db
      .select({ mealId: messRatings.mealId, average: sql<number>`AVG(${messRatings.stars})`.mapWith(Number), count: sql<number>`COUNT(*)`.mapWith(Number) })
      .from(messRatings)
      .where(eq(messRatings.date, date))
      .groupBy(messRatings.mealId),
    db
      .select({ mealId: messRatings.mealId, stars: messRatings.stars })
      .from(messRatings)
      .where(and(eq(messRatings.date, date), eq(messRatings.userId, userId ?? ""))),
  ]);
  const moment = mealMoment(meals, minutes);
  return {
    date,
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

export const rateSchema = z.object({
  meal: z.string({ error: "Choose the meal you are rating." }).trim().min(1, "Choose the meal you are rating."),
  stars: z.coerce
    .number({ error: "Give the meal 1 to 5 stars." })
    .int("Give the meal a whole number of stars, 1 to 5.")
    .min(1, "Give the meal 1 to 5 stars.")
    .max(5, "Give the meal 1 to 5 stars."),
});

/**
 * Rates one of today's meals (India date). One rating per student per meal per day: rating again
 * the same day replaces the earlier stars, so a student always counts once.
 */
export async function rateMeal(env: Env, user: SessionUser, input: unknown, now = Date.now()): Promise<MealRating> {
  const { meal: mealId, stars } = parseWith(rateSchema, input);
  const db = getDb(env.DB);
  const [meal] = await db.select({ id: messMeals.id, name: messMeals.name, startsAtMin: messMeals.startsAtMin, endsAtMin: messMeals.endsAtMin }).from(messMeals).where(eq(messMeals.id, mealId)).limit(1);
  if (!meal) throw new ApiError(400, "Choose breakfast, lunch, snacks or dinner.", { field: "meal" });
  const minutes = indiaMinutes(now);
  if (!hasStarted(meal, minutes)) throw new ApiError(400, `You can rate today's ${meal.name.toLowerCase()} once it is served, from ${clock(meal.startsAtMin)}.`, { field: "meal" });
  const date = indiaDate(now);
  await db
    .insert(messRatings)
    .values({ userId: user.id, date, mealId, stars, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [messRatings.userId, messRatings.date, messRatings.mealId], set: { stars, updatedAt: now } });
  const summary = await today(env, user.id, now);
  const rating = summary.ratings.find((r) => r.mealId === mealId);
  if (!rating) throw new Error(`meal ${mealId} vanished`);
  return rating;
}
