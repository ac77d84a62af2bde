import { Hono } from "hono";
import { ACADEMICS_IMPORT_LIMIT, ACADEMICS_MESSAGES } from "#common/academics.ts";
import { bodyLimit } from "#server/lib/body-limit.ts";
import { ApiError } from "#server/lib/errors.ts";
import { parseWith } from "#server/lib/validate.ts";
import {
  type AppContext,
  type AppEnv,
  requireAuth,
  requireRole,
  validateJson,
  validateParam,
  validateQuery,
} from "#server/api/context.ts";
import { exportAcademics, exportQuerySchema } from "#server/services/academics/export.ts";
import {
  importAcademics,
  importFileSchema,
  type ImportSource,
  sourceOfFile,
} from "#server/services/academics/import.ts";
import { nodeParamSchema, removeNode, renameNode, renameSchema } from "#server/services/academics/nodes.ts";
import { readAdminAcademics, readPublicAcademics } from "#server/services/academics/tree.ts";
import { z } from "zod";

// The academics tree (docs/decisions/0105-academics-tree.md): the campus admin's door, mounted at
// /api/admin/campus/academics, and anyone's read of a campus's tree under /api/campuses.
export const academicsAdmin = new Hono<AppEnv>();

academicsAdmin.get("/", requireAuth, requireRole("admin"), async (c) => {
  c.header("Cache-Control", "no-store");
  return c.json({ success: true, data: await readAdminAcademics(c.env, c.var.user) });
});

/** JSON or CSV as the body, or a .csv/.json file in a multipart form (field "file"). */
async function importSource(c: AppContext): Promise<ImportSource> {
  const type = (c.req.header("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/json") return { format: "json", text: await c.req.text() };
  if (type === "text/csv" || type === "text/plain") return { format: "csv", text: await c.req.text() };
  if (type === "multipart/form-data") {
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new ApiError(400, "The form could not be read.");
    }
    return sourceOfFile(parseWith(importFileSchema, { file: form.get("file") ?? undefined }).file);
  }
  throw new ApiError(415, ACADEMICS_MESSAGES.unknownFormat);
}

academicsAdmin.post("/import", bodyLimit(ACADEMICS_IMPORT_LIMIT), requireAuth, requireRole("admin"), async (c) => {
  const summary = await importAcademics(c.env, c.var.user, await importSource(c));
  return c.json({ success: true, message: ACADEMICS_MESSAGES.imported(summary), data: summary });
});

academicsAdmin.get("/export", requireAuth, requireRole("admin"), validateQuery(exportQuerySchema), async (c) => {
  const file = await exportAcademics(c.env, c.var.user, c.req.valid("query"));
  return c.body(file.body, 200, {
    "Content-Type": file.contentType,
    "Content-Disposition": `attachment; filename="${file.filename}"`,
    "Cache-Control": "no-store",
  });
});

academicsAdmin.patch(
  "/:level/:id",
  requireAuth,
  requireRole("admin"),
  validateParam(nodeParamSchema),
  validateJson(renameSchema),
  async (c) => {
    await renameNode(c.env, c.var.user, c.req.valid("param"), c.req.valid("json"));
    return c.json({ success: true, message: ACADEMICS_MESSAGES.renamed });
  },
);

academicsAdmin.delete("/:level/:id", requireAuth, requireRole("admin"), validateParam(nodeParamSchema), async (c) => {
  await removeNode(c.env, c.var.user, c.req.valid("param"));
  return c.json({ success: true, message: ACADEMICS_MESSAGES.removed });
});

/** Anyone's read: public and the same for everyone, so browsers and the edge may keep it a minute. */
export const academicsPublic = new Hono<AppEnv>();

academicsPublic.get("/:id/academics", validateParam(z.object({ id: z.string().trim().min(1).max(64) })), async (c) => {
  const tree = await readPublicAcademics(c.env, c.req.valid("param").id);
  c.header("Cache-Control", "public, max-age=60");
  return c.json({ success: true, data: tree });
});
