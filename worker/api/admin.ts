import { Hono } from "hono";
import {
  type AppEnv,
  requireAuth,
  requireRole,
  validateJson,
  validateParam,
  validateQuery,
} from "#server/api/context.ts";
import { ADMIN_MESSAGES } from "#common/admin.ts";
import {
  auditFilterSchema,
  grantRole,
  grantSchema,
  listRoles,
  readAudit,
  revokeRole,
  revokeSchema,
} from "#server/services/admin/roles.ts";

// The campus admin's API (docs/decisions/0083-campus-admin.md): roles and the audit log.
// The log has no write route: it is read here and appended to by the actions themselves.
export const admin = new Hono<AppEnv>();

admin.get("/roles", requireAuth, requireRole("admin"), async (c) => {
  c.header("Cache-Control", "no-store");
  return c.json({ success: true, data: await listRoles(c.env, c.var.user) });
});

admin.post("/roles", requireAuth, requireRole("admin"), validateJson(grantSchema), async (c) => {
  const role = await grantRole(c.env, c.var.user, c.req.valid("json"));
  return c.json({ success: true, message: ADMIN_MESSAGES.roleGranted(role), data: role }, 201);
});

admin.delete("/roles/:id", requireAuth, requireRole("admin"), validateParam(revokeSchema), async (c) => {
  await revokeRole(c.env, c.var.user, c.req.valid("param"));
  return c.json({ success: true, message: ADMIN_MESSAGES.roleRemoved });
});

admin.get("/audit", requireAuth, requireRole("admin"), validateQuery(auditFilterSchema), async (c) => {
  c.header("Cache-Control", "no-store");
  return c.json({ success: true, data: await readAudit(c.env, c.var.user, c.req.valid("query")) });
});
