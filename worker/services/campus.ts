import { SETUP_MESSAGES } from "#common/campus-setup-messages.ts";
import { SIGNUP_MESSAGES } from "#common/auth-messages.ts";
import { configOf } from "#server/lib/config.ts";
import { z } from "zod";
import {
  domainCandidates,
  emailDomain,
  isSuspended,
  mayAct,
  suspendedMessage,
  type Membership,
  verifiedBadge,
  verifyFirst,
} from "#common/membership.ts";
import { all, int, select, type Sql, sql } from "#server/db/sql.ts";
import { campusDomains, campuses, users } from "#server/db/tables.generated.ts";
import { publicRead } from "#server/lib/edge-cache.ts";
import { ApiError } from "#server/lib/errors.ts";

// Campuses and membership (docs/decisions/0073-campuses.md). A campus is data: the
// `campuses` table and its e-mail domains. The Open community is the campus of addresses of no
// known college, and exists for registration only while OPEN_SIGNUP is on.

export const OPEN_COMMUNITY_ID = "open";

export interface CampusListing {
  id: string;
  name: string;
  shortName: string;
  city: string;
  domains: string[];
}

/** The colleges (not the Open community) with their domains, by name: `GET /api/campuses`. */
export async function listCampuses(env: Env): Promise<CampusListing[]> {
  // The same list for every visitor; it changes when a college is added (kept at the edge: decision 0093).
  return publicRead(env, "campuses", {}, { tables: ["campuses", "campus_domains"], freshS: 300, staleS: 3600 }, () =>
    readCampuses(env),
  );
}

async function readCampuses(env: Env): Promise<CampusListing[]> {
  const rows = await all(
    env,
    select(
      {
        id: campuses.id,
        name: campuses.name,
        shortName: campuses.short_name,
        city: campuses.city,
        domain: campusDomains.domain,
      },
      sql`FROM ${campuses} JOIN ${campusDomains} ON ${campusDomains.campus_id} = ${campuses.id}
        WHERE ${campuses.is_open} = 0 ORDER BY ${campuses.name}, ${campusDomains.domain}`,
    ),
  );
  const byId = new Map<string, CampusListing>();
  for (const row of rows) {
    const campus = byId.get(row.id) ?? {
      id: row.id,
      name: row.name,
      shortName: row.shortName,
      city: row.city,
      domains: [],
    };
    campus.domains.push(row.domain);
    byId.set(row.id, campus);
  }
  return [...byId.values()];
}

/** Who may register, as the register screen says it before the account is made (decision 0123). */
export interface SignupChoices {
  /** The colleges whose addresses are accepted: short name, full name, e-mail domains (by name). */
  colleges: { shortName: string; name: string; domains: string[] }[];
  /** The sentence before the list ("Use your college e-mail:"); null when there is no college. */
  lead: string | null;
  /** What happens to any other address: the Open community and what it is, or that only these are accepted. */
  otherwise: string;
}

/** The colleges and what becomes of other addresses (OPEN_SIGNUP), from the edge-cached list of campuses. */
export async function signupChoices(env: Env): Promise<SignupChoices> {
  const colleges = (await listCampuses(env)).map(({ shortName, name, domains }) => ({ shortName, name, domains }));
  const open = openSignup(env);
  if (colleges.length === 0)
    return { colleges, lead: null, otherwise: open ? SIGNUP_MESSAGES.noCollegeYet : SIGNUP_MESSAGES.closed };
  return {
    colleges,
    lead: SIGNUP_MESSAGES.colleges,
    otherwise: open ? SIGNUP_MESSAGES.openCommunity : SIGNUP_MESSAGES.onlyColleges,
  };
}

/**
 * Which college's content a reader sees: the one rule of both doors (decision 0076). A signed-in
 * member sees their own college, whatever they ask for; a visitor the college they ask for
 * (`?campus=`), or, when they ask for none, `null`: every college (the marketplace, the writers'
 * board), or the first college where a page shows one (the hostel screens: `hostelCampusOf`).
 */
export function readerCampus(member: { campusId: string } | null, asked: string | null | undefined): string | null {
  if (member) return member.campusId;
  const id = asked?.trim().toLowerCase();
  return id && CAMPUS_ID.test(id) ? id : null;
}

/** A college's id as `?campus=` names it. */
const CAMPUS_ID = /^[a-z0-9-]{1,40}$/;

/** `?campus=`, the college a visitor asks for (readerCampus decides whether it counts), as the API validates it. */
export const campusQuerySchema = z.object({
  campus: z
    .string()
    .trim()
    .toLowerCase()
    .regex(CAMPUS_ID, "The campus is the id of a college, like cit (see GET /api/campuses).")
    .optional(),
});

export type CampusOfMember = Omit<Membership, "verified" | "suspendedUntil" | "suspensionReason">;

export const OPEN_COMMUNITY: CampusOfMember = {
  campusId: OPEN_COMMUNITY_ID,
  campusName: "Open community",
  campusShortName: "Open",
  openCommunity: true,
};

export function openSignup(env: Env): boolean {
  return configOf(env).openSignup;
}

/**
 * The campus an address belongs to: the college of the nearest listed domain (cse.campus.test
 * belongs to campus.test's college), else the Open community when OPEN_SIGNUP is on. Refuses the
 * address (400, naming the supported colleges) when it is off.
 */
export async function campusForEmail(env: Env, email: string): Promise<CampusOfMember> {
  const candidates = domainCandidates(emailDomain(email));
  const found = candidates.length
    ? await all(
        env,
        select(
          {
            domain: campusDomains.domain,
            campusId: campuses.id,
            campusName: campuses.name,
            campusShortName: campuses.short_name,
            disabledAt: campuses.disabled_at,
          },
          sql`FROM ${campusDomains} JOIN ${campuses} ON ${campuses.id} = ${campusDomains.campus_id}
            WHERE ${campusDomains.domain} IN ${sql.list(candidates)}`,
        ),
      )
    : [];
  const nearest = candidates
    .map((domain) => found.find((row) => row.domain === domain))
    .find((row) => row !== undefined);
  // An operator has disabled the college (npm run campus -- disable): nobody new joins it.
  if (nearest?.disabledAt) throw new ApiError(403, SETUP_MESSAGES.disabled(nearest.campusName), { field: "email" });
  if (nearest)
    return {
      campusId: nearest.campusId,
      campusName: nearest.campusName,
      campusShortName: nearest.campusShortName,
      openCommunity: false,
    };
  if (openSignup(env)) return OPEN_COMMUNITY;
  const colleges = await listCampuses(env);
  const names = colleges.map((campus) => `${campus.name} (${campus.domains.map((d) => `@${d}`).join(", ")})`);
  throw new ApiError(
    400,
    names.length
      ? `Campus is open to students of ${names.join(", ")}. Register with your college e-mail address.`
      : "Campus is not open for registration yet.",
  );
}

/**
 * The gate on every write that needs a proven member (post, buy, book, rate, contact): 403 "Verify
 * your college e-mail to <what>." for an unverified college account.
 */
export function requireMayAct(
  member: Pick<Membership, "openCommunity" | "verified" | "suspendedUntil" | "suspensionReason">,
  what: string,
): void {
  if (!mayAct(member)) throw new ApiError(403, verifyFirst(what), { code: "verify_email" });
  // A suspended student (docs/decisions/0082-reports-and-moderation.md) reads but does not write.
  if (isSuspended(member))
    throw new ApiError(403, suspendedMessage(member.suspendedUntil!, member.suspensionReason), { code: "suspended" });
}

/**
 * requireMayAct's rule as a condition of a write's own SQL, for a write that does not read the member
 * first (decision 0143): `member` is (an alias of) users, `campus` their campus; true for a verified
 * member or one of the Open community who is not suspended at `now`. The write that uses it reads the
 * member when it wrote nothing, and requireMayAct says why.
 */
export function mayActSql(
  member: Pick<typeof users, "email_verified_at" | "suspended_until">,
  campus: Pick<typeof campuses, "is_open">,
  now: number,
): Sql {
  return sql`(${campus.is_open} = 1 OR ${member.email_verified_at} IS NOT NULL) AND (${member.suspended_until} IS NULL OR ${member.suspended_until} <= ${now})`;
}

/**
 * The badge of a listing's or request's author, from the row a list joins: "Verified CIT student"
 * for a verified member of a college; none in the Open community (no college vouches for it).
 */
export function badgeOf(
  verified: boolean,
  campusIsOpen: boolean | null,
  campusShortName: string | null,
): string | null {
  return verified && campusIsOpen === false && campusShortName ? verifiedBadge(campusShortName) : null;
}

/**
 * The member of `campusId` with this e-mail, for a role an admin gives them by address (a class's
 * representative, a club's lead): whether they have proven it and whether they are suspended at `now`.
 */
export const memberByEmail = (email: string, campusId: string, now: number) =>
  select(
    {
      id: users.id,
      name: users.name,
      verified: int(sql`email_verified_at IS NOT NULL`),
      suspended: int(sql`COALESCE(suspended_until > ${now}, 0)`),
    },
    sql`FROM ${users} WHERE email = ${email} AND campus_id = ${campusId} AND deleted_at IS NULL`,
  );
