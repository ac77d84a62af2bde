import type { Membership } from "#common/membership.ts";
import type { STAFF_ROLES_ROLE } from "#common/enums.generated.ts";

// Who is signed in, as every service receives it. A module of its own, beside the session lookup
// (./sign-in.ts) rather than in it, so that services the lookup itself calls (./verification.ts at
// registration) can name the type without importing the lookup back.

/** The signed-in student: who, and their membership (campus, verified), read with the session in one query. */
export interface SessionUser extends Membership {
  id: string;
  name: string;
  email: string;
  /** Unread notices (the top bar's count), read in the same query. */
  unreadNotices: number;
  /** Conversations with messages the student has not read (the top bar's Messages count), in the same query. */
  unreadConversations: number;
  /** Holds a staff role at their campus (the top bar links to /staff); every staff check reads the roles again. */
  staff: boolean;
  /**
   * The staff roles held at their campus and whether they represent a class, read with the session:
   * what a staff route asks before it reads the body (requireRoles). The use-case checks again.
   */
  roles: (typeof STAFF_ROLES_ROLE)[number][];
  classRep: boolean;
  /** The address was claimed from an earlier holder: the screens ask the student to confirm the name (decision 0095). */
  confirmName: boolean;
  /** The college's grievance officer, as its campus admin named them (the footer); null when none. */
  grievanceName?: string | null;
  grievanceEmail?: string | null;
  /** When the account was made (the dashboard greets a new account with "Welcome", not "Welcome back"). */
  joinedAt: number;
}
