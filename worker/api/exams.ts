import { Hono } from "hono";
import { type AppEnv, requireAuth, requireRole, validateJson, validateParam } from "#server/api/context.ts";
import { EXAMS_FORM_LIMIT } from "#common/body-limits.ts";
import { EXAM_MESSAGES as M } from "#common/exams.ts";
import { bodyLimit } from "#server/lib/body-limit.ts";
import { addExam, importExams, removeExam, updateExam } from "#server/services/exams/datesheet.ts";
import {
  examIdSchema,
  examImportSchema,
  examSchema,
  examSubjectParamSchema,
  examSubjectSchema,
  newExamSchema,
} from "#server/services/exams/schema.ts";
import { addExamSubject, readMyDatesheet, removeExamSubject } from "#server/services/exams/student.ts";

// The datesheet (docs/decisions/0135-datesheet.md). Thin: each route is one use-case; nothing is
// cached (a student's own datesheet, or a keeper's write).
export const exams = new Hono<AppEnv>();
exams.use("*", bodyLimit(EXAMS_FORM_LIMIT), async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
});

exams.get("/", requireAuth, async (c) => c.json({ success: true, data: await readMyDatesheet(c.env, c.var.user) }));

exams.post("/", requireAuth, requireRole(["rep", "curator"], M.editorsOnly), validateJson(newExamSchema), async (c) => {
  const exam = await addExam(c.env, c.var.user, c.req.valid("json"));
  return c.json({ success: true, message: M.added, data: exam }, 201);
});

exams.post(
  "/import",
  requireAuth,
  requireRole(["rep", "curator"], M.editorsOnly),
  validateJson(examImportSchema),
  async (c) => {
    const { imported, message } = await importExams(c.env, c.var.user, c.req.valid("json"));
    return c.json({ success: true, message, data: { imported } }, 201);
  },
);

exams.put(
  "/subjects/:subjectId",
  requireAuth,
  validateParam(examSubjectParamSchema),
  validateJson(examSubjectSchema),
  async (c) => {
    const { message } = await addExamSubject(c.env, c.var.user, c.req.valid("param").subjectId, c.req.valid("json"));
    return c.json({ success: true, message });
  },
);

exams.delete("/subjects/:subjectId", requireAuth, validateParam(examSubjectParamSchema), async (c) => {
  const { message } = await removeExamSubject(c.env, c.var.user, c.req.valid("param").subjectId);
  return c.json({ success: true, message });
});

exams.patch(
  "/:id",
  requireAuth,
  requireRole(["rep", "curator"], M.editorsOnly),
  validateParam(examIdSchema),
  validateJson(examSchema),
  async (c) => {
    await updateExam(c.env, c.var.user, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ success: true, message: M.saved });
  },
);

exams.delete(
  "/:id",
  requireAuth,
  requireRole(["rep", "curator"], M.editorsOnly),
  validateParam(examIdSchema),
  async (c) => {
    await removeExam(c.env, c.var.user, c.req.valid("param").id);
    return c.json({ success: true, message: M.removed });
  },
);
