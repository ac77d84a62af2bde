import { z } from "zod";
import {
  DEFAULT_SCALE,
  GRADE_LIMITS as L,
  GRADES_MESSAGES as M,
  normalLetter,
  parsePoints,
  pointsText,
  REPEAT_RULES,
  type RepeatRule,
  type ScaleGrade,
} from "#common/grades.ts";
import { batch, select, type Sql, sql, text, update } from "#server/db/sql.ts";
import { campuses, gradeEntries } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { adminReads, limitChange, type SetupAdmin, setupAuditLine } from "#server/services/campus-setup/common.ts";

// The college's grading scale and its repeat rule (docs/decisions/0133-grades.md): the letters with
// their points, kept as JSON on the campus (NULL: the default 10-point scale), set by its admin. A
// letter students' grades use is never dropped: the write itself carries that condition.

/** The scale as the JSON column keeps it: the default's JSON stands in for a NULL. */
export const DEFAULT_SCALE_JSON = JSON.stringify(DEFAULT_SCALE);

/** The scale of a JSON column's text; the default when empty or unreadable. */
export function scaleOf(json: string | null): ScaleGrade[] {
  if (json === null) return [...DEFAULT_SCALE];
  try {
    const parsed: unknown = JSON.parse(json);
    const grades = z.array(z.object({ letter: z.string(), points: z.number().int() })).safeParse(parsed);
    if (grades.success && grades.data.length > 0) return grades.data;
  } catch {
    // Only this code writes the column; an unreadable value reads as the default.
  }
  return [...DEFAULT_SCALE];
}

/** The campus's scale and rule (a batch's part). */
export const campusScale = (campusId: string) =>
  select(
    {
      scale: campuses.grading_scale,
      rule: campuses.grade_repeat_rule,
    },
    sql`FROM ${campuses} WHERE id = ${campusId}`,
  );

/** The condition "the letter is on the campus's scale as it stands", for a write. */
export const onScale = (campusId: string, letter: string): Sql =>
  sql`EXISTS (SELECT 1 FROM campuses c, json_each(COALESCE(c.grading_scale, ${DEFAULT_SCALE_JSON})) j
    WHERE c.id = ${campusId} AND json_extract(j.value, '$.letter') = ${letter})`;

export interface GradingScale {
  /** Points as people write them: 10, 8.5. */
  scale: { letter: string; points: number }[];
  repeatRule: RepeatRule;
  /** The college has not set its own: this is the default 10-point scale. */
  isDefault: boolean;
}

export function scaleView(row: { scale: string | null; rule: RepeatRule } | undefined): GradingScale {
  return {
    scale: scaleOf(row?.scale ?? null).map((g) => ({ letter: g.letter, points: g.points / 100 })),
    repeatRule: row?.rule ?? "latest",
    isDefault: (row?.scale ?? null) === null,
  };
}

const letterSchema = z
  .string({ error: M.letterInvalid })
  .transform(normalLetter)
  .pipe(z.string().regex(new RegExp(`^[A-Z0-9+-]{1,${L.letter}}$`), M.letterInvalid));

/** Points as JSON (8.5) or a form's text ("8.5"), to hundredths. */
const pointsSchema = z.union([z.number(), z.string()], { error: M.pointsInvalid }).transform((value, ctx) => {
  const hundredths = parsePoints(String(value));
  if (hundredths === null) {
    ctx.addIssue({ code: "custom", message: M.pointsInvalid });
    return z.NEVER;
  }
  return hundredths;
});

const ruleSchema = z.enum(REPEAT_RULES, { error: M.ruleInvalid });

/** `PUT /api/admin/campus/grading-scale`: the whole scale, and the repeat rule if it changes. */
export const gradingScaleSchema = z.object({
  scale: z
    .array(z.object({ letter: letterSchema, points: pointsSchema }), { error: M.scaleSize })
    .min(L.scaleMin, M.scaleSize)
    .max(L.scaleMax, M.scaleSize)
    .superRefine((grades, ctx) => {
      const seen = new Set<string>();
      grades.forEach((g, i) => {
        if (seen.has(g.letter)) ctx.addIssue({ code: "custom", path: [i, "letter"], message: M.letterTwice(g.letter) });
        seen.add(g.letter);
      });
    }),
  repeatRule: ruleSchema.optional(),
});
export type GradingScaleInput = z.output<typeof gradingScaleSchema>;

/** The set-up page's forms: a grade to add or save, and the repeat rule. */
export const scaleGradeSchema = z.object({ letter: letterSchema, points: pointsSchema });
export const scalePointsSchema = z.object({ points: pointsSchema });
export const repeatRuleSchema = z.object({ repeatRule: ruleSchema });

/** `GET /api/admin/campus/grading-scale` and /admin/setup/grades. */
export async function readGradingScale(env: Env, admin: SetupAdmin): Promise<GradingScale> {
  const [row] = await adminReads(env, admin, [campusScale(admin.campusId)]);
  return scaleView(row.rows[0]);
}

/**
 * Replaces the scale (and the rule, when given). One conditional write: the campus row changes only
 * while no student's grade uses a letter the new scale drops; the audit line only where it changed.
 */
export async function setGradingScale(
  env: Env,
  admin: SetupAdmin,
  input: GradingScaleInput,
  now = Date.now(),
): Promise<GradingScale> {
  const letters = input.scale.map((g) => g.letter);
  const dropped = sql`FROM ${gradeEntries} WHERE campus_id = ${admin.campusId}
    AND grade NOT IN (SELECT value FROM json_each(${JSON.stringify(letters)}))`;
  const lettersInUse = select({ grade: text(sql`DISTINCT grade`) }, sql`${dropped} ORDER BY grade LIMIT 20`);
  const [campus, inUse] = await adminReads(env, admin, [campusScale(admin.campusId), lettersInUse]);
  if (inUse.rows.length > 0) throw new ApiError(409, M.letterInUse(inUse.rows.map((r) => r.grade)), { field: "scale" });
  await limitChange(env, admin);
  const json = JSON.stringify(input.scale.map(({ letter, points }) => ({ letter, points })));
  const note = `${input.scale.map((g) => `${g.letter} ${pointsText(g.points)}`).join(", ")}${input.repeatRule ? `; ${input.repeatRule} attempt` : ""}`;
  const [written, , again] = await batch(env, [
    update(
      campuses,
      input.repeatRule ? { grading_scale: json, grade_repeat_rule: input.repeatRule } : { grading_scale: json },
      sql`WHERE id = ${admin.campusId} AND NOT EXISTS (SELECT 1 ${dropped})`,
    ),
    setupAuditLine(
      admin,
      "campus",
      "setup.grading",
      admin.campusId,
      note.slice(0, 300),
      now,
      sql`EXISTS (SELECT 1 FROM campuses WHERE id = ${admin.campusId} AND grading_scale = ${json})`,
    ),
    lettersInUse,
  ]);
  // A student saved a grade with a dropped letter between the read and the write: nothing changed.
  if (written.changes === 0) throw new ApiError(409, M.letterInUse(again.rows.map((r) => r.grade)), { field: "scale" });
  return scaleView({ scale: json, rule: input.repeatRule ?? campus.rows[0]?.rule ?? "latest" });
}

/** The set-up page's edits, each a whole new scale from the one it read. */
export async function editGradingScale(
  env: Env,
  admin: SetupAdmin,
  edit: (scale: ScaleGrade[]) => ScaleGrade[],
  repeatRule?: RepeatRule,
  now = Date.now(),
): Promise<GradingScale> {
  const current = await readGradingScale(env, admin);
  const scale = edit(current.scale.map((g) => ({ letter: g.letter, points: Math.round(g.points * 100) })));
  const parsed = gradingScaleSchema.safeParse({
    scale: scale.map((g) => ({ letter: g.letter, points: g.points / 100 })),
    repeatRule,
  });
  if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? M.scaleSize);
  return setGradingScale(env, admin, parsed.data, now);
}

const byPoints = (scale: ScaleGrade[]) => [...scale].sort((a, b) => b.points - a.points);

/** The set-up page's "Add a grade" (a letter already there takes the new points). */
export const addScaleGrade = (env: Env, admin: SetupAdmin, grade: ScaleGrade) =>
  editGradingScale(env, admin, (scale) => byPoints([...scale.filter((g) => g.letter !== grade.letter), grade]));

/** The set-up page's "Save" of a grade's points. */
export const saveScalePoints = (env: Env, admin: SetupAdmin, letter: string, points: number) =>
  editGradingScale(env, admin, (scale) => {
    if (!scale.some((g) => g.letter === letter)) throw new ApiError(404, M.noSuchLetter);
    return byPoints(scale.map((g) => (g.letter === letter ? { letter, points } : g)));
  });

/** The set-up page's "Remove" of a grade (refused while students' grades use it). */
export const removeScaleGrade = (env: Env, admin: SetupAdmin, letter: string) =>
  editGradingScale(env, admin, (scale) => {
    if (!scale.some((g) => g.letter === letter)) throw new ApiError(404, M.noSuchLetter);
    return scale.filter((g) => g.letter !== letter);
  });

/** The set-up page's repeat rule. */
export const setRepeatRule = (env: Env, admin: SetupAdmin, rule: RepeatRule) =>
  editGradingScale(env, admin, (scale) => scale, rule);
