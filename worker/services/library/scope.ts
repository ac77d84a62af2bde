import { mayAct, type Membership } from "#common/membership.ts";
import { type Sql, sql } from "#server/db/sql.ts";

// Whose library a reader sees, and how much of it (docs/decisions/0107-library-finding.md). The one
// place this rule is computed: the list and search API, the semester pages and the search page all
// ask here.

export interface LibraryScope {
  /** The college asked for (?college=), else the reader's own; null: the visitors' college (VISITOR_COLLEGE). */
  college: string | null;
  /** The college whose private items the reader may see: their own, once proven; null for a visitor. */
  memberOf: string | null;
}

export function libraryScope(
  reader: Pick<Membership, "campusId" | "openCommunity" | "verified"> | null,
  college?: string | null,
): LibraryScope {
  // The Open community has no library of its own: its members read as visitors do.
  const own = reader && !reader.openCommunity ? reader.campusId : null;
  return {
    college: college || own,
    // An unproven address could be anyone's: it sees the public items until the e-mail is verified.
    memberOf: own && reader && mayAct(reader) ? own : null,
  };
}

/**
 * The college a signed-out visitor (or a member of the Open community) sees when no ?college= is
 * given: the oldest college that has set up its academics tree. A deploy of one college shows that
 * college; with the demo seed it is CIT. As SQL, so that it is resolved inside the read's own batch
 * and costs no query of its own.
 */
export const VISITOR_COLLEGE = sql`(SELECT c.id FROM campuses c WHERE c.is_open = 0
  AND EXISTS (SELECT 1 FROM academic_programmes p WHERE p.campus_id = c.id)
  ORDER BY c.created_at, c.id LIMIT 1)`;

/** The college a read is about: the scope's `college`, else the visitors' college. */
export const collegeOf = (college: string | null): Sql => sql`COALESCE(${college}, ${VISITOR_COLLEGE})`;

/**
 * What every reader may see of a college's items (`i`): approved, read for search (docs/decisions/
 * 0117), not hidden, and public unless of `memberOf`, the member's college.
 */
export const visible = (memberOf: string | null): Sql =>
  sql`i.status = 'approved' AND i.index_state = 'ready' AND i.hidden_at IS NULL AND (i.public = 1 OR i.campus_id = ${memberOf})`;
