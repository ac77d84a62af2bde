import { Hono } from "hono";
import {
  type AppEnv,
  requireAuth,
  requireRole,
  validateJson,
  validateParam,
  validateQuery,
} from "#server/api/context.ts";
import { GRADES_FORM_LIMIT } from "#common/body-limits.ts";
import { GRADES_MESSAGES as M } from "#common/grades.ts";
import { bodyLimit } from "#server/lib/body-limit.ts";
import { gradingScaleSchema, readGradingScale, setGradingScale } from "#server/services/grades/scale.ts";
import {
  gradeSchema,
  putGrade,
  readGrades,
  removeGrade,
  removeQuerySchema,
  subjectParamSchema,
} from "#server/services/grades/student.ts";

// SGPA and CGPA (docs/decisions/0133-grades.md): a student's own grades under /api/grades, and the
// campus admin's grading scale under /api/admin/campus/grading-scale. Nothing here is cached.

export const grades = new Hono<AppEnv>();
grades.use("*", bodyLimit(GRADES_FORM_LIMIT), async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
});

grades.get("/", requireAuth, async (c) => c.json({ success: true, data: await readGrades(c.env, c.var.user) }));

grades.put("/:subjectId", requireAuth, validateParam(subjectParamSchema), validateJson(gradeSchema), async (c) => {
  const saved = await putGrade(c.env, c.var.user, c.req.valid("param").subjectId, c.req.valid("json"));
  return c.json({ success: true, message: M.gradeSavedFor(saved.code, saved.grade), data: saved });
});

grades.delete(
  "/:subjectId",
  requireAuth,
  validateParam(subjectParamSchema),
  validateQuery(removeQuerySchema),
  async (c) => {
    const { subjectId } = c.req.valid("param");
    await removeGrade(c.env, c.var.user, subjectId, c.req.valid("query"));
    return c.json({ success: true, message: M.myGradeRemoved });
  },
);

export const gradingScale = new Hono<AppEnv>();
gradingScale.use("*", bodyLimit(GRADES_FORM_LIMIT), async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
});

gradingScale.get("/", requireAuth, requireRole("admin", M.adminsOnly), async (c) =>
  c.json({ success: true, data: await readGradingScale(c.env, c.var.user) }),
);

gradingScale.put("/", requireAuth, requireRole("admin", M.adminsOnly), validateJson(gradingScaleSchema), async (c) =>
  c.json({ success: true, message: M.scaleSaved, data: await setGradingScale(c.env, c.var.user, c.req.valid("json")) }),
);
