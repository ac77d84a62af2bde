// The one place a student's account row is made: registration with a password (./sign-in.ts) and a
// first Google sign-in (./google.ts). Both decide the campus from the address first (campusForEmail).
import { first, insert, returning, sql } from "#server/db/sql.ts";
import { users } from "#server/db/tables.generated.ts";

export interface NewUser {
  email: string;
  name: string;
  campusId: string;
  /** The password's hash; null for an account Google signs in to. */
  passwordHash: string | null;
  /** The Google account it is linked to (Google sign-in only). */
  googleSub?: string;
  /** Whether the address is proven already: Google's verified address is; a registration's is not yet. */
  verified: boolean;
}

/**
 * Inserts the account, or nothing when its address or its Google account has one already: the
 * UNIQUE indexes on `email` and `google_sub` decide between simultaneous sign-ups in this one
 * conditional statement, never a read first. Answers the new row, or null when another got there.
 */
export function createUser(
  env: Env,
  user: NewUser,
  now = Date.now(),
): Promise<{ id: string; name: string; email: string; joinedAt: number } | null> {
  return first(
    env,
    returning(
      insert(
        users,
        {
          id: crypto.randomUUID(),
          email: user.email,
          name: user.name,
          password_hash: user.passwordHash,
          google_sub: user.googleSub ?? null,
          created_at: now,
          email_verified_at: user.verified ? now : null,
          campus_id: user.campusId,
        },
        sql`ON CONFLICT DO NOTHING`,
      ),
      { id: users.id, name: users.name, email: users.email, joinedAt: users.created_at },
    ),
  );
}
