import { z } from "zod";
import { hhmm } from "#common/campus-setup.ts";
import { SETUP_MESSAGES as M } from "#common/campus-setup-messages.ts";
import { ApiError } from "#server/lib/errors.ts";
import { audit as auditLine } from "#server/services/staff.ts";
import { batch, insert, int, select, type Sql, sql, update } from "#server/db/sql.ts";
import { messMeals, messMenu } from "#server/db/tables.generated.ts";
import {
  adminReads,
  blank,
  type IdParam,
  limitChange,
  type SetupAdmin,
  shortRandom,
  slug,
  timeSchema,
  wholeNumber,
  orderByStart,
  setupAuditLine,
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

const [m, x] = [messMeals.as("m"), messMenu.as("x")];

export function mealsQuery(campusId: string) {
  return select(
    {
      id: m.id,
      name: m.name,
      startsAtMin: m.starts_at_min,
      endsAtMin: m.ends_at_min,
      ratings: int(sql`(SELECT COUNT(*) FROM mess_ratings r WHERE r.meal_id = ${m.id})`),
    },
    sql`FROM ${m} WHERE ${m.campus_id} = ${campusId} ORDER BY ${m.position}, ${m.starts_at_min}`,
  );
}

export function menuQuery(campusId: string) {
  return select(
    { day: x.day, mealId: x.meal_id, items: x.items },
    sql`FROM ${x} JOIN ${m} ON ${m.id} = ${x.meal_id} WHERE ${m.campus_id} = ${campusId} ORDER BY ${x.day}, ${m.position}`,
  );
}

export async function listSetupMeals(env: Env, admin: SetupAdmin): Promise<SetupMeal[]> {
  const [rows] = await adminReads(env, admin, [mealsQuery(admin.campusId)]);
  return rows.rows;
}

export async function readSetupMenu(env: Env, admin: SetupAdmin): Promise<SetupMenuCell[]> {
  const [rows] = await adminReads(env, admin, [menuQuery(admin.campusId)]);
  return rows.rows;
}

/** Meals in time order, so the mess screen's "now serving" reads them as the day runs. */
const orderMeals = (campusId: string) => orderByStart(messMeals, campusId);

const audit = (admin: SetupAdmin, action: string, id: string, note: string, at: number) =>
  setupAuditLine(admin, "meal", action, id, note, at);

/** One cell of the weekly menu written, or cleared when `items` is blank. */
const menuCell = (day: number, mealId: string, items: string, now: number): Sql =>
  items
    ? insert(
        messMenu,
        { day, meal_id: mealId, items, updated_at: now },
        sql`ON CONFLICT (day, meal_id) DO UPDATE SET items = excluded.items, updated_at = excluded.updated_at`,
      )
    : sql`DELETE FROM ${messMenu} WHERE day = ${day} AND meal_id = ${mealId}`;

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
  const [rows] = await adminReads(env, admin, [mealsQuery(admin.campusId)]);
  checkMeal(rows.rows, input);
  await limitChange(env, admin);
  const id = `${admin.campusId}-${slug(input.name)}-${shortRandom()}`;
  await batch(env, [
    insert(messMeals, {
      id,
      name: input.name,
      starts_at_min: input.startsAt,
      ends_at_min: input.endsAt,
      position: 0,
      campus_id: admin.campusId,
    }),
    orderMeals(admin.campusId),
    audit(admin, "setup.meal.add", id, `${input.name}, ${timesOf(input)}`, now),
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
  const [rows] = await adminReads(env, admin, [mealsQuery(admin.campusId)]);
  const meals = rows.rows;
  const meal = meals.find((m) => m.id === id);
  if (!meal) throw new ApiError(404, M.noSuchMeal);
  checkMeal(meals, input, id);
  await limitChange(env, admin);
  await batch(env, [
    update(
      messMeals,
      { name: input.name, starts_at_min: input.startsAt, ends_at_min: input.endsAt },
      sql`WHERE id = ${id} AND campus_id = ${admin.campusId}`,
    ),
    orderMeals(admin.campusId),
    audit(admin, "setup.meal.update", id, `${meal.name} → ${input.name}, ${timesOf(input)}`, now),
  ]);
}

export async function removeMeal(env: Env, admin: SetupAdmin, { id }: IdParam, now = Date.now()): Promise<void> {
  const [rows] = await adminReads(env, admin, [mealsQuery(admin.campusId)]);
  const meal = rows.rows.find((m) => m.id === id);
  if (!meal) throw new ApiError(404, M.noSuchMeal);
  if (meal.ratings > 0) throw new ApiError(409, M.mealRated(meal.name));
  await limitChange(env, admin);
  const auditId = crypto.randomUUID();
  const written = sql`EXISTS (SELECT 1 FROM staff_audit_log WHERE id = ${auditId})`;
  // Written only while nobody has rated it (checked inside the write): its menu goes with it.
  const [, , removed] = await batch(env, [
    auditLine(
      {
        id: auditId,
        campusId: admin.campusId,
        actorId: admin.id,
        action: "setup.meal.remove",
        subjectKind: "meal",
        subjectId: id,
        studentId: null,
        note: meal.name,
        at: now,
      },
      sql`EXISTS (SELECT 1 FROM mess_meals WHERE id = ${id} AND campus_id = ${admin.campusId})
         AND NOT EXISTS (SELECT 1 FROM mess_ratings WHERE meal_id = ${id})`,
    ),
    sql`DELETE FROM ${messMenu} WHERE meal_id = ${id} AND ${written}`,
    sql`DELETE FROM ${messMeals} WHERE id = ${id} AND ${written}`,
  ]);
  if (removed.changes === 0) throw new ApiError(409, M.mealRated(meal.name));
}

export async function setMenuCell(env: Env, admin: SetupAdmin, input: MenuCellInput, now = Date.now()): Promise<void> {
  const [rows] = await adminReads(env, admin, [
    select({ name: m.name }, sql`FROM ${m} WHERE ${m.id} = ${input.mealId} AND ${m.campus_id} = ${admin.campusId}`),
  ]);
  const meal = rows.rows[0];
  if (!meal) throw new ApiError(404, M.noSuchMeal, { field: "mealId" });
  await limitChange(env, admin);
  await batch(env, [
    menuCell(input.day, input.mealId, input.items, now),
    auditLine({
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
  const [rows] = await adminReads(env, admin, [mealsQuery(admin.campusId)]);
  const meals = rows.rows;
  const cells = Object.entries(input.items).map(([mealId, items]) => ({ mealId, items }));
  const stranger = cells.find((c) => !meals.some((m) => m.id === c.mealId));
  if (stranger) throw new ApiError(404, M.noSuchMeal, { field: `items.${stranger.mealId}` });
  if (cells.length === 0) return;
  await limitChange(env, admin);
  await batch(env, [
    ...cells.map((c) => menuCell(input.day, c.mealId, c.items, now)),
    auditLine({
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
