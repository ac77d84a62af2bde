import { z } from "zod";
import { SETUP_MESSAGES as M } from "#common/campus-setup-messages.ts";
import { ApiError } from "#server/lib/errors.ts";
import { audit } from "#server/services/staff.ts";
import { domainCandidates } from "#common/membership.ts";
import { adminReads, blank, limitChange, type SetupAdmin } from "#server/services/campus-setup/common.ts";
import { batch, type Outcome, select, type Sql, sql, update } from "#server/db/sql.ts";
import { campusDomains, campuses } from "#server/db/tables.generated.ts";

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

export function collegeQueries(campusId: string) {
  const c = campuses;
  const d = campusDomains;
  return [
    select(
      {
        id: c.id,
        name: c.name,
        shortName: c.short_name,
        city: c.city,
        isOpen: c.is_open,
        googleHdRequired: c.google_hd_required,
        grievanceName: c.grievance_name,
        grievanceEmail: c.grievance_email,
      },
      sql`FROM ${c} WHERE ${c.id} = ${campusId}`,
    ),
    select({ domain: d.domain }, sql`FROM ${d} WHERE ${d.campus_id} = ${campusId} ORDER BY ${d.domain}`),
  ] as const;
}

type CollegeRows<I extends 0 | 1> = NonNullable<ReturnType<typeof collegeQueries>[I]["row"]>;

export function collegeFrom(row: Outcome<CollegeRows<0>>, domains: Outcome<CollegeRows<1>>): CollegeView {
  const campus = row.rows[0];
  if (!campus) throw new ApiError(404, "Your college is not on Campus any more.");
  return {
    ...campus,
    isOpen: campus.isOpen === 1,
    googleHdRequired: campus.googleHdRequired === 1,
    domains: domains.rows.map((d) => d.domain),
  };
}

export async function readCollege(env: Env, admin: SetupAdmin): Promise<CollegeView> {
  const [row, domains] = await adminReads(env, admin, collegeQueries(admin.campusId));
  return collegeFrom(row, domains);
}

export async function updateCollege(
  env: Env,
  admin: SetupAdmin,
  input: CollegeInput,
  now = Date.now(),
): Promise<CollegeView> {
  const [row, domains] = await adminReads(env, admin, collegeQueries(admin.campusId));
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
  await batch(env, [
    update(
      campuses,
      {
        name: input.name,
        short_name: input.shortName,
        city: input.city,
        google_hd_required: input.googleHdRequired ? 1 : 0,
        grievance_name: input.grievanceName,
        grievance_email: input.grievanceEmail,
      },
      sql`WHERE id = ${admin.campusId}`,
    ),
    audit({
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
 * it), as a condition on a row of campus_domains: a college's domains are few, so the suffix test's
 * scan is of a small table.
 */
function heldNear(domain: string, campusId: string): Sql {
  const parents = domainCandidates(domain).slice(1);
  return sql`campus_id <> ${campusId}
       AND (${parents.length ? sql`domain IN ${sql.list(parents)} OR ` : sql``}substr(domain, -length(${domain}) - 1) = '.' || ${domain})`;
}

export async function addDomain(env: Env, admin: SetupAdmin, { domain }: DomainInput, now = Date.now()): Promise<void> {
  const near = heldNear(domain, admin.campusId);
  const [c, d] = [campuses, campusDomains];
  const [campus, owner, nearby] = await adminReads(env, admin, [
    select({ isOpen: c.is_open }, sql`FROM ${c} WHERE ${c.id} = ${admin.campusId}`),
    select({ campusId: d.campus_id }, sql`FROM ${d} WHERE ${d.domain} = ${domain}`),
    select({ domain: d.domain }, sql`FROM ${d} WHERE ${near}`),
  ]);
  if (campus.rows[0]?.isOpen === 1) throw new ApiError(409, M.openHasNoDomains, { field: "domain" });
  const held = owner.rows[0]?.campusId;
  if (held === admin.campusId) throw new ApiError(409, M.domainAlreadyYours(domain), { field: "domain" });
  if (held) throw new ApiError(409, M.domainTaken(domain), { field: "domain" });
  // The rules' lists (the Public Suffix List, the mail services) live in the back office, asked over
  // its service binding: they would be a tenth of this Worker (docs/decisions/0119).
  const problem = await env.BACKOFFICE.problem(domain, nearby.rows);
  if (problem) throw new ApiError(400, problem.message, { field: "domain", code: `domain_${problem.rule}` });
  await limitChange(env, admin);
  const [inserted] = await batch(env, [
    // Not while another college holds a domain above or inside it (added between the read and here).
    sql`INSERT INTO ${campusDomains} (domain, campus_id) SELECT ${domain}, ${admin.campusId} WHERE NOT EXISTS (SELECT domain FROM campus_domains WHERE ${near}) ON CONFLICT DO NOTHING`,
    audit(
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
      sql`EXISTS (SELECT 1 FROM campus_domains WHERE domain = ${domain} AND campus_id = ${admin.campusId})`,
    ),
  ]);
  // Taken between the read and the write by another college.
  if (inserted.changes === 0) throw new ApiError(409, M.domainTaken(domain), { field: "domain" });
}

export async function removeDomain(
  env: Env,
  admin: SetupAdmin,
  { domain }: DomainInput,
  now = Date.now(),
): Promise<void> {
  const d = campusDomains;
  const [rows] = await adminReads(env, admin, [
    select({ domain: d.domain }, sql`FROM ${d} WHERE ${d.campus_id} = ${admin.campusId}`),
  ]);
  const held = rows.rows.map((r) => r.domain);
  if (!held.includes(domain)) throw new ApiError(404, M.domainNotYours(domain), { field: "domain" });
  if (held.length === 1) throw new ApiError(409, M.lastDomain(domain), { field: "domain" });
  await limitChange(env, admin);
  const auditId = crypto.randomUUID();
  // The audit line only while another domain remains (two removals at once cannot take the last),
  // the removal only where the audit line was written.
  const [, removed] = await batch(env, [
    audit(
      {
        id: auditId,
        campusId: admin.campusId,
        actorId: admin.id,
        action: "campus.domain.remove",
        subjectKind: "campus",
        subjectId: domain,
        studentId: null,
        note: domain,
        at: now,
      },
      sql`EXISTS (SELECT 1 FROM campus_domains WHERE domain = ${domain} AND campus_id = ${admin.campusId})
         AND (SELECT COUNT(*) FROM campus_domains WHERE campus_id = ${admin.campusId}) > 1`,
    ),
    sql`DELETE FROM ${campusDomains} WHERE domain = ${domain} AND campus_id = ${admin.campusId} AND EXISTS (SELECT 1 FROM staff_audit_log WHERE id = ${auditId})`,
  ]);
  if (removed.changes === 0) throw new ApiError(409, M.lastDomain(domain), { field: "domain" });
}
