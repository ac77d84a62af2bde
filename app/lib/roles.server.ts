import { data } from "react-router";
import { ApiError } from "#server/lib/errors.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { requireRoles, type RoleNeed } from "#server/services/staff.ts";

// The page door's role guard: a staff, admin, curator or class-rep action asks who may (from the
// roles read with the session, as the API's requireRole does) before it reads the form, so a member
// without the role gets the page's 403, never a form's field rules. `page` is the sentence the
// page's own 403 says (its loader's); without it, the refusal of requireRoles.
export function requirePageRoles(user: SessionUser, needs: readonly RoleNeed[], page?: string): void {
  try {
    requireRoles(user, needs);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const suspended = error.extra.code === "suspended";
    throw data(suspended || !page ? error.message : page, { status: 403, statusText: "Forbidden" });
  }
}
