import { z } from "zod";
import { hhmm } from "#common/campus-setup.ts";
import { SETUP_MESSAGES as M } from "#common/campus-setup-messages.ts";
import { ApiError } from "#server/lib/errors.ts";
import { auditStatement } from "#server/services/staff.ts";
import {
  adminBatch,
  blank,
  type IdParam,
  limitChange,
  type SetupAdmin,
  shortRandom,
  slug,
  timeSchema,
  wholeNumber,
  orderByStart,
  setupAudit,
} from "#server/services/campus-setup/common.ts";

// The college's mess: its meals with their times, and the weekly menu (docs/decisions/0104-campus-setup.md).
// A meal students rated is never removed (its ratings hang off it); a rename or new times keep them.

export interface SetupMeal {
  id: string;
  name: string;
  startsAtMin: number;
  endsAtMin: number;
  ratings: number;
}

export interface SetupMenuCell {
  day: number;
  mealId: string;
  items: string;
}

const mealName = z.string({ error: M.mealNameRequired }).trim().min(1, M.mealNameRequired).max(30, M.mealNameTooLong);

/** `POST /api/admin/campus/meals` and /admin/setup/mess' add form; `PATCH .../meals/:id` sends the same, whole. */
export const mealSchema = z
  .object({ name: mealName, startsAt: timeSchema, endsAt: timeSchema })
  .refine((m) => m.endsAt > m.startsAt, { message: M.endsBeforeStart, path: ["endsAt"] });
export type MealInput = z.output<typeof mealSchema>;

/** `PUT /api/admin/campus/menu` and a cell of /admin/setup/mess' weekly menu: blank items clear it. */
export const menuCellSchema = z.object({
  day: z.preprocess(
    wholeNumber,
    z.number({ error: M.dayInvalid }).int(M.dayInvalid).min(1, M.dayInvalid).max(7, M.dayInvalid),
  ),
  mealId: z.string({ error: M.noSuchMeal }).trim().min(1, M.noSuchMeal).max(64, M.noSuchMeal),
  items: z.preprocess(blank, z.string({ error: M.itemsTooLong }).trim().max(300, M.itemsTooLong).default("")),
});
export type MenuCellInput = z.output<typeof menuCellSchema>;

/** /admin/setup/mess' form of one day: every meal's items at once (`items.<mealId>`); blank clears. */
export const menuDaySchema = z.object({
  day: menuCellSchema.shape.day,
  items: z.record(
    z.string().max(64),
    z.preprocess(blank, z.string({ error: M.itemsTooLong }).trim().max(300, M.itemsTooLong).default("")),
  ),
});
export type MenuDayInput = z.output<typeof menuDaySchema>;

export function mealsStatement(env: Env, campusId: string): D1PreparedStatement {
  return env.DB.prepare(
    `SELECT m.id, m.name, m.starts_at_min AS startsAtMin, m.ends_at_min AS endsAtMin,
       (SELECT COUNT(*) FROM mess_ratings r WHERE r.meal_id = m.id) AS ratings
     FROM mess_meals m WHERE m.campus_id = ?1 ORDER BY m.position, m.starts_at_min`,
  ).bind(campusId);
}

export function menuStatement(env: Env, campusId: string): D1PreparedStatement {
  return env.DB.prepare(
    `SELECT x.day, x.meal_id AS mealId, x.items FROM mess_menu x JOIN mess_meals m ON m.id = x.meal_id
     WHERE m.campus_id = ?1 ORDER BY x.day, m.position`,
  ).bind(campusId);
}

export async function listSetupMeals(env: Env, admin: SetupAdmin): Promise<SetupMeal[]> {
  const [rows] = await adminBatch(env, admin, [mealsStatement(env, admin.campusId)]);
  return rows!.results as SetupMeal[];
}

export async function readSetupMenu(env: Env, admin: SetupAdmin): Promise<SetupMenuCell[]> {
  const [rows] = await adminBatch(env, admin, [menuStatement(env, admin.campusId)]);
  return rows!.results as SetupMenuCell[];
}

/** Meals in time order, so the mess screen's "now serving" reads them as the day runs. */
const orderMeals = (env: Env, campusId: string) => orderByStart(env, "mess_meals", campusId);

const audit = (env: Env, admin: SetupAdmin, action: string, id: string, note: string, at: number) =>
  setupAudit(env, admin, "meal", action, id, note, at);

const timesOf = (m: { startsAt: number; endsAt: number }) => `${hhmm(m.startsAt)}–${hhmm(m.endsAt)}`;

function checkMeal(meals: SetupMeal[], input: MealInput, self?: string): void {
  if (meals.some((m) => m.id !== self && m.name.toLowerCase() === input.name.toLowerCase()))
    throw new ApiError(409, M.mealNameTaken(input.name), { field: "name" });
  const other = meals.find((m) => m.id !== self && input.startsAt < m.endsAtMin && m.startsAtMin < input.endsAt);
  if (other)
    throw new ApiError(
      400,
      M.mealOverlaps(`${other.name} (${timesOf({ startsAt: other.startsAtMin, endsAt: other.endsAtMin })})`),
      { field: "startsAt" },
    );
}

export async function addMeal(env: Env, admin: SetupAdmin, input: MealInput, now = Date.now()): Promise<SetupMeal> {
  const [rows] = await adminBatch(env, admin, [mealsStatement(env, admin.campusId)]);
  checkMeal(rows!.results as SetupMeal[], input);
  await limitChange(env, admin);
  const id = `${admin.campusId}-${slug(input.name)}-${shortRandom()}`;
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO mess_meals (id, name, starts_at_min, ends_at_min, position, campus_id) VALUES (?1, ?2, ?3, ?4, 0, ?5)",
    ).bind(id, input.name, input.startsAt, input.endsAt, admin.campusId),
    orderMeals(env, admin.campusId),
    audit(env, admin, "setup.meal.add", id, `${input.name}, ${timesOf(input)}`, now),
  ]);
  return { id, name: input.name, startsAtMin: input.startsAt, endsAtMin: input.endsAt, ratings: 0 };
}

export async function updateMeal(
  env: Env,
  admin: SetupAdmin,
  { id }: IdParam,
  input: MealInput,
  now = Date.now(),
): Promise<void> {
  const [rows] = await adminBatch(env, admin, [mealsStatement(env, admin.campusId)]);
  const meals = rows!.results as SetupMeal[];
  const meal = meals.find((m) => m.id === id);
  if (!meal) throw new ApiError(404, M.noSuchMeal);
  checkMeal(meals, input, id);
  await limitChange(env, admin);
  await env.DB.batch([
    env.DB.prepare(
      "UPDATE mess_meals SET name = ?1, starts_at_min = ?2, ends_at_min = ?3 WHERE id = ?4 AND campus_id = ?5",
    ).bind(input.name, input.startsAt, input.endsAt, id, admin.campusId),
    orderMeals(env, admin.campusId),
    audit(env, admin, "setup.meal.update", id, `${meal.name} → ${input.name}, ${timesOf(input)}`, now),
  ]);
}

export async function removeMeal(env: Env, admin: SetupAdmin, { id }: IdParam, now = Date.now()): Promise<void> {
  const [rows] = await adminBatch(env, admin, [mealsStatement(env, admin.campusId)]);
  const meal = (rows!.results as SetupMeal[]).find((m) => m.id === id);
  if (!meal) throw new ApiError(404, M.noSuchMeal);
  if (meal.ratings > 0) throw new ApiError(409, M.mealRated(meal.name));
  await limitChange(env, admin);
  const auditId = crypto.randomUUID();
  const written = "EXISTS (SELECT 1 FROM staff_audit_log WHERE id = ?2)";
  // Written only while nobody has rated it (checked inside the write): its menu goes with it.
  const [, , removed] = await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO staff_audit_log (id, campus_id, actor_id, action, subject_kind, subject_id, student_id, note, created_at)
       SELECT ?2, ?3, ?4, 'setup.meal.remove', 'meal', ?1, NULL, ?5, ?6
       WHERE EXISTS (SELECT 1 FROM mess_meals WHERE id = ?1 AND campus_id = ?3)
         AND NOT EXISTS (SELECT 1 FROM mess_ratings WHERE meal_id = ?1)`,
    ).bind(id, auditId, admin.campusId, admin.id, meal.name, now),
    env.DB.prepare(`DELETE FROM mess_menu WHERE meal_id = ?1 AND ${written}`).bind(id, auditId),
    env.DB.prepare(`DELETE FROM mess_meals WHERE id = ?1 AND ${written}`).bind(id, auditId),
  ]);
  if (removed!.meta.changes === 0) throw new ApiError(409, M.mealRated(meal.name));
}

export async function setMenuCell(env: Env, admin: SetupAdmin, input: MenuCellInput, now = Date.now()): Promise<void> {
  const [rows] = await adminBatch(env, admin, [
    env.DB.prepare("SELECT name FROM mess_meals WHERE id = ?1 AND campus_id = ?2").bind(input.mealId, admin.campusId),
  ]);
  const meal = rows!.results[0] as { name: string } | undefined;
  if (!meal) throw new ApiError(404, M.noSuchMeal, { field: "mealId" });
  await limitChange(env, admin);
  await env.DB.batch([
    input.items
      ? env.DB.prepare(
          `INSERT INTO mess_menu (day, meal_id, items, updated_at) VALUES (?1, ?2, ?3, ?4)
           ON CONFLICT (day, meal_id) DO UPDATE SET items = excluded.items, updated_at = excluded.updated_at`,
        ).bind(input.day, input.mealId, input.items, now)
      : env.DB.prepare("DELETE FROM mess_menu WHERE day = ?1 AND meal_id = ?2").bind(input.day, input.mealId),
    auditStatement(env, {
      campusId: admin.campusId,
      actorId: admin.id,
      action: "setup.menu",
      subjectKind: "meal",
      subjectId: input.mealId,
      studentId: null,
      note: `day ${input.day}, ${meal.name}: ${input.items || "cleared"}`.slice(0, 200),
      at: now,
    }),
  ]);
}

/** A whole day of the menu in one batch and one audit line (the page's form of a day). */
export async function setMenuDay(env: Env, admin: SetupAdmin, input: MenuDayInput, now = Date.now()): Promise<void> {
  const [rows] = await adminBatch(env, admin, [mealsStatement(env, admin.campusId)]);
  const meals = rows!.results as SetupMeal[];
  const cells = Object.entries(input.items).map(([mealId, items]) => ({ mealId, items }));
  const stranger = cells.find((c) => !meals.some((m) => m.id === c.mealId));
  if (stranger) throw new ApiError(404, M.noSuchMeal, { field: `items.${stranger.mealId}` });
  if (cells.length === 0) return;
  await limitChange(env, admin);
  await env.DB.batch([
    ...cells.map((c) =>
      c.items
        ? env.DB.prepare(
            `INSERT INTO mess_menu (day, meal_id, items, updated_at) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (day, meal_id) DO UPDATE SET items = excluded.items, updated_at = excluded.updated_at`,
          ).bind(input.day, c.mealId, c.items, now)
        : env.DB.prepare("DELETE FROM mess_menu WHERE day = ?1 AND meal_id = ?2").bind(input.day, c.mealId),
    ),
    auditStatement(env, {
      campusId: admin.campusId,
      actorId: admin.id,
      action: "setup.menu",
      subjectKind: "campus",
      subjectId: admin.campusId,
      studentId: null,
      note: `day ${input.day}`,
      at: now,
    }),
  ]);
}
