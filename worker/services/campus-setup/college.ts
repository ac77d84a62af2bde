import { z } from "zod";
import { SETUP_MESSAGES as M } from "#common/campus-setup-messages.ts";
import { ApiError } from "#server/lib/errors.ts";
import { auditStatement } from "#server/services/staff.ts";
import { domainCandidates } from "#common/membership.ts";
import { adminBatch, blank, limitChange, type SetupAdmin } from "#server/services/campus-setup/common.ts";

// The college itself: its names, its e-mail domains (who joins it) and whether Google sign-in must
// come from its Google Workspace (docs/decisions/0104-campus-setup.md).

export interface CollegeView {
  id: string;
  name: string;
  shortName: string;
  city: string;
  isOpen: boolean;
  googleHdRequired: boolean;
  /** Named in the footer for the college's members (docs/decisions/0106-library.md); null: none yet. */
  grievanceName: string | null;
  grievanceEmail: string | null;
  domains: string[];
}

const DOMAIN = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const checkbox = (value: unknown) =>
  value === undefined || value === null || value === "" ? false : value === "on" || value === "true" ? true : value;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const optionalText = (value: unknown) => (typeof value === "string" ? value.trim() || null : (value ?? null));

/** `PUT /api/admin/campus` and /admin/setup/college's form: every field, as a whole. */
export const collegeSchema = z
  .object({
    name: z.string({ error: M.nameRequired }).trim().min(2, M.nameRequired).max(120, M.nameTooLong),
    shortName: z.string({ error: M.shortNameRequired }).trim().min(1, M.shortNameRequired).max(12, M.shortNameTooLong),
    city: z.preprocess(blank, z.string({ error: M.cityTooLong }).trim().max(60, M.cityTooLong).default("")),
    googleHdRequired: z.preprocess(checkbox, z.boolean({ error: "googleHdRequired is true or false." })),
    // Optional for clients written before the grievance officer: missing is none.
    grievanceName: z.preprocess(optionalText, z.string().max(80, M.grievanceNameTooLong).nullable()),
    grievanceEmail: z.preprocess(
      (value) =>
        typeof optionalText(value) === "string" ? (optionalText(value) as string).toLowerCase() : optionalText(value),
      z.string().max(254, M.grievanceEmailInvalid).regex(EMAIL, M.grievanceEmailInvalid).nullable(),
    ),
  })
  .superRefine((input, ctx) => {
    if ((input.grievanceName === null) !== (input.grievanceEmail === null))
      ctx.addIssue({
        code: "custom",
        path: [input.grievanceName === null ? "grievanceName" : "grievanceEmail"],
        message: M.grievanceBoth,
      });
  });
export type CollegeInput = z.output<typeof collegeSchema>;

/** `POST /api/admin/campus/domains`, `DELETE /api/admin/campus/domains/:domain` and the page's domain forms. */
export const domainSchema = z.object({
  domain: z
    .string({ error: M.domainInvalid })
    .trim()
    .toLowerCase()
    .max(253, M.domainInvalid)
    .transform((d) => d.replace(/^@/, ""))
    .refine((d) => DOMAIN.test(d), M.domainInvalid),
});
export type DomainInput = z.output<typeof domainSchema>;

export function collegeStatements(env: Env, campusId: string): D1PreparedStatement[] {
  return [
    env.DB.prepare(
      `SELECT id, name, short_name AS shortName, city, is_open AS isOpen, google_hd_required AS googleHdRequired,
         grievance_name AS grievanceName, grievance_email AS grievanceEmail FROM campuses WHERE id = ?1`,
    ).bind(campusId),
    env.DB.prepare("SELECT domain FROM campus_domains WHERE campus_id = ?1 ORDER BY domain").bind(campusId),
  ];
}

type CollegeRow = Omit<CollegeView, "domains" | "isOpen" | "googleHdRequired"> & {
  isOpen: number;
  googleHdRequired: number;
};

export function collegeFrom(row: D1Result | undefined, domains: D1Result | undefined): CollegeView {
  const campus = row?.results[0] as CollegeRow | undefined;
  if (!campus) throw new ApiError(404, "Your college is not on Campus any more.");
  return {
    ...campus,
    isOpen: campus.isOpen === 1,
    googleHdRequired: campus.googleHdRequired === 1,
    domains: (domains?.results as { domain: string }[]).map((d) => d.domain),
  };
}

export async function readCollege(env: Env, admin: SetupAdmin): Promise<CollegeView> {
  const [row, domains] = await adminBatch(env, admin, collegeStatements(env, admin.campusId));
  return collegeFrom(row, domains);
}

export async function updateCollege(
  env: Env,
  admin: SetupAdmin,
  input: CollegeInput,
  now = Date.now(),
): Promise<CollegeView> {
  const [row, domains] = await adminBatch(env, admin, collegeStatements(env, admin.campusId));
  const before = collegeFrom(row, domains);
  await limitChange(env, admin);
  const changed = [
    before.name !== input.name && `name: ${input.name}`,
    before.shortName !== input.shortName && `short name: ${input.shortName}`,
    before.city !== input.city && `city: ${input.city || "none"}`,
    before.googleHdRequired !== input.googleHdRequired &&
      (input.googleHdRequired ? "Google Workspace sign-in required" : "any Google account with the address"),
    (before.grievanceName !== input.grievanceName || before.grievanceEmail !== input.grievanceEmail) &&
      `grievance officer: ${input.grievanceName ? `${input.grievanceName} <${input.grievanceEmail}>` : "none"}`,
  ].filter(Boolean);
  if (changed.length === 0) return before;
  await env.DB.batch([
    env.DB.prepare(
      "UPDATE campuses SET name = ?1, short_name = ?2, city = ?3, google_hd_required = ?4, grievance_name = ?6, grievance_email = ?7 WHERE id = ?5",
    ).bind(
      input.name,
      input.shortName,
      input.city,
      input.googleHdRequired ? 1 : 0,
      admin.campusId,
      input.grievanceName,
      input.grievanceEmail,
    ),
    auditStatement(env, {
      campusId: admin.campusId,
      actorId: admin.id,
      action: "campus.update",
      subjectKind: "campus",
      subjectId: admin.campusId,
      studentId: null,
      note: changed.join("; "),
      at: now,
    }),
  ]);
  return { ...before, ...input };
}

/**
 * Other colleges' domains that `domain` is inside of (its parents) or above (those ending in "." +
 * it), as SQL on ?1 the domain, ?2 the campus and ?3... the parents: a college's domains are few,
 * so the suffix test's scan is of a small table.
 */
function heldNear(domain: string): { sql: string; parents: string[] } {
  const parents = domainCandidates(domain).slice(1);
  const list = parents.map((_, i) => `?${i + 3}`).join(", ");
  return {
    sql: `SELECT domain FROM campus_domains WHERE campus_id <> ?2
       AND (${parents.length ? `domain IN (${list}) OR ` : ""}substr(domain, -length(?1) - 1) = '.' || ?1)`,
    parents,
  };
}

export async function addDomain(env: Env, admin: SetupAdmin, { domain }: DomainInput, now = Date.now()): Promise<void> {
  const near = heldNear(domain);
  const [campus, owner, nearby] = await adminBatch(env, admin, [
    env.DB.prepare("SELECT is_open AS isOpen FROM campuses WHERE id = ?1").bind(admin.campusId),
    env.DB.prepare("SELECT campus_id AS campusId FROM campus_domains WHERE domain = ?1").bind(domain),
    env.DB.prepare(near.sql).bind(domain, admin.campusId, ...near.parents),
  ]);
  if ((campus!.results[0] as { isOpen: number } | undefined)?.isOpen === 1)
    throw new ApiError(409, M.openHasNoDomains, { field: "domain" });
  const held = (owner!.results[0] as { campusId: string } | undefined)?.campusId;
  if (held === admin.campusId) throw new ApiError(409, M.domainAlreadyYours(domain), { field: "domain" });
  if (held) throw new ApiError(409, M.domainTaken(domain), { field: "domain" });
  // The rules' lists (the Public Suffix List, the mail services) live in the back office, asked over
  // its service binding: they would be a tenth of this Worker (docs/decisions/0119).
  const problem = await env.BACKOFFICE.problem(domain, nearby!.results as { domain: string }[]);
  if (problem) throw new ApiError(400, problem.message, { field: "domain", code: `domain_${problem.rule}` });
  await limitChange(env, admin);
  const [inserted] = await env.DB.batch([
    // Not while another college holds a domain above or inside it (added between the read and here).
    env.DB.prepare(
      `INSERT INTO campus_domains (domain, campus_id) SELECT ?1, ?2 WHERE NOT EXISTS (${near.sql}) ON CONFLICT DO NOTHING`,
    ).bind(domain, admin.campusId, ...near.parents),
    auditStatement(
      env,
      {
        campusId: admin.campusId,
        actorId: admin.id,
        action: "campus.domain.add",
        subjectKind: "campus",
        subjectId: domain,
        studentId: null,
        note: domain,
        at: now,
      },
      {
        sql: "EXISTS (SELECT 1 FROM campus_domains WHERE domain = ? AND campus_id = ?)",
        params: [domain, admin.campusId],
      },
    ),
  ]);
  // Taken between the read and the write by another college.
  if (inserted!.meta.changes === 0) throw new ApiError(409, M.domainTaken(domain), { field: "domain" });
}

export async function removeDomain(
  env: Env,
  admin: SetupAdmin,
  { domain }: DomainInput,
  now = Date.now(),
): Promise<void> {
  const [rows] = await adminBatch(env, admin, [
    env.DB.prepare("SELECT domain FROM campus_domains WHERE campus_id = ?1").bind(admin.campusId),
  ]);
  const held = (rows!.results as { domain: string }[]).map((r) => r.domain);
  if (!held.includes(domain)) throw new ApiError(404, M.domainNotYours(domain), { field: "domain" });
  if (held.length === 1) throw new ApiError(409, M.lastDomain(domain), { field: "domain" });
  await limitChange(env, admin);
  const auditId = crypto.randomUUID();
  // The audit line only while another domain remains (two removals at once cannot take the last),
  // the removal only where the audit line was written.
  const [, removed] = await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO staff_audit_log (id, campus_id, actor_id, action, subject_kind, subject_id, student_id, note, created_at)
       SELECT ?1, ?2, ?3, 'campus.domain.remove', 'campus', ?4, NULL, ?4, ?5
       WHERE EXISTS (SELECT 1 FROM campus_domains WHERE domain = ?4 AND campus_id = ?2)
         AND (SELECT COUNT(*) FROM campus_domains WHERE campus_id = ?2) > 1`,
    ).bind(auditId, admin.campusId, admin.id, domain, now),
    env.DB.prepare(
      "DELETE FROM campus_domains WHERE domain = ?1 AND campus_id = ?2 AND EXISTS (SELECT 1 FROM staff_audit_log WHERE id = ?3)",
    ).bind(domain, admin.campusId, auditId),
  ]);
  if (removed!.meta.changes === 0) throw new ApiError(409, M.lastDomain(domain), { field: "domain" });
}
