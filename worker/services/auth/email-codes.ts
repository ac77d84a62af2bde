// Short-lived codes e-mailed to prove an address: verification, password reset, (for the account
// deletion flow) a fresh proof, and a change of address, whose code goes to the new address and
// proves that one (docs/decisions/0075-verification-and-reset-codes.md, 0123-changing-the-address.md).
//
// A code is 6 digits, lives 15 minutes, takes at most 5 checks, and may be replaced by a new one at
// most once a minute. Only a keyed hash is stored, compared in constant time. Every rule that must
// hold under concurrent requests is one conditional statement: the resend limit is the upsert's
// WHERE, the tries limit the UPDATE's WHERE, and single use the DELETE ... RETURNING.
import { z } from "zod";
import { first, insert, returning, run, select, type Sql, sql, update } from "#server/db/sql.ts";
import { emailCodes } from "#server/db/tables.generated.ts";
import type { EMAIL_CODES_PURPOSE } from "#common/enums.generated.ts";
import { ApiError } from "#server/lib/errors.ts";
import { configOf } from "#server/lib/config.ts";
import { sessionKey } from "#server/lib/session-token.ts";
import { type Later, sendMail } from "#server/services/mail.ts";
import { AUTH_MESSAGES } from "#common/auth-messages.ts";

/** What a code proves (email_codes.purpose's CHECK list). */
export type CodePurpose = (typeof EMAIL_CODES_PURPOSE)[number];

export const CODE_TTL_MS = 15 * 60 * 1000;
export const CODE_MAX_TRIES = 5;
export const CODE_RESEND_MS = 60 * 1000;
export const CODE_DIGITS = 6;

/** The code a person types: 6 digits; spaces and dashes they copy along ("123 456") are dropped. */
export const codeSchema = z.preprocess(
  (value) => (typeof value === "string" ? value.replace(/[\s-]/g, "") : value),
  z
    .string({ error: "Enter the 6-digit code from the e-mail." })
    .regex(/^\d{6}$/, "Enter the 6-digit code from the e-mail."),
);

/**
 * Checks and requests of codes per client address (`clientAddress`: worker/lib/client-address.ts),
 * for every door that takes or sends a code: beyond the per-code limits, a script cannot spray
 * guesses or mails across accounts.
 */
export async function assertCodeAllowed(env: Env, clientAddress: string): Promise<void> {
  const { success } = await env.CODE_LIMITER.limit({ key: `code:${clientAddress}` });
  if (!success) throw new ApiError(429, AUTH_MESSAGES.codesLimited, { retryAfter: 60 });
}

/** Where a code is made or checked: the request's waitUntil, so a real mail provider is called after the answer. */
export interface CodeScope {
  later?: Later;
}

const encoder = new TextEncoder();

async function hmacKey(env: Env): Promise<CryptoKey> {
  // Its own key, derived from SESSION_SECRET: a code hash is no use as anything else.
  const secret = await crypto.subtle.importKey("raw", new Uint8Array(sessionKey(configOf(env))), "HKDF", false, [
    "deriveKey",
  ]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: encoder.encode("campus-email-code-v1"), info: encoder.encode("hmac") },
    secret,
    { name: "HMAC", hash: "SHA-256", length: 256 },
    false,
    ["sign"],
  );
}

/**
 * HMAC-SHA256 of purpose, account and code: a code for one purpose or account proves nothing else.
 * A change of address also binds the address the code was mailed to (`newEmail`): the code proves
 * that address and no other.
 */
async function codeMac(
  key: CryptoKey,
  purpose: CodePurpose,
  userId: string,
  code: string,
  newEmail: string | null = null,
): Promise<Uint8Array> {
  const subject = newEmail === null ? `${purpose}:${userId}:${code}` : `${purpose}:${userId}:${newEmail}:${code}`;
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(subject)));
}

const toHex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
function fromHex(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** workerd's constant-time comparison (the DOM lib's SubtleCrypto type does not list it). */
type WorkerdSubtle = SubtleCrypto & { timingSafeEqual(a: ArrayBufferView, b: ArrayBufferView): boolean };

/** Equal bytes, in time that does not depend on where they differ (both are 32-byte MACs). */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  return (crypto.subtle as WorkerdSubtle).timingSafeEqual(a, b);
}

/** A uniformly random 6-digit code (rejection sampling: no digit is likelier than another). */
export function randomCode(): string {
  const limit = 4_294_000_000; // the largest multiple of 10^6 below 2^32
  const word = new Uint32Array(1);
  do crypto.getRandomValues(word);
  while (word[0]! >= limit);
  return String(word[0]! % 1_000_000).padStart(CODE_DIGITS, "0");
}

export type IssuedCode = { ok: true; code: string } | { ok: false; retryAfterSeconds: number };

/**
 * A new code for this account and purpose, replacing any earlier one, unless the earlier one was
 * sent less than a minute ago (then `ok: false` with the seconds to wait). One conditional upsert:
 * two requests at once give one code. A change of address (`email`) names the address the code
 * proves in `newEmail`; a new code for another address replaces the earlier one.
 */
export async function issueCode(
  env: Env,
  scope: CodeScope,
  userId: string,
  purpose: CodePurpose,
  now = Date.now(),
  newEmail: string | null = null,
): Promise<IssuedCode> {
  const code = randomCode();
  const hash = toHex(await codeMac(await hmacKey(env), purpose, userId, code, newEmail));
  const written = await first(
    env,
    returning(
      insert(
        emailCodes,
        {
          user_id: userId,
          purpose,
          code_hash: hash,
          expires_at: now + CODE_TTL_MS,
          tries: 0,
          sent_at: now,
          new_email: newEmail,
        },
        sql`ON CONFLICT (user_id, purpose) DO UPDATE SET code_hash = excluded.code_hash, expires_at = excluded.expires_at, tries = 0, sent_at = excluded.sent_at, new_email = excluded.new_email
          WHERE email_codes.sent_at <= ${now - CODE_RESEND_MS}`,
      ),
      { userId: emailCodes.user_id },
    ),
  );
  if (written) return { ok: true, code };
  const row = await first(
    env,
    select(
      { sentAt: emailCodes.sent_at },
      sql`FROM ${emailCodes} WHERE ${emailCodes.user_id} = ${userId} AND ${emailCodes.purpose} = ${purpose}`,
    ),
  );
  const waitMs = row ? row.sentAt + CODE_RESEND_MS - now : CODE_RESEND_MS;
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/**
 * The outcome of a check. `wrong` says how many tries the code has left; `used-up` is a code that
 * has had its 5 tries; `missing` is no live code at all (never sent, expired, or already used).
 */
export type CodeCheck =
  /** `newEmail`: for a change of address, the address the code was mailed to and proves. */
  | { ok: true; userId: string; newEmail?: string }
  | { ok: false; reason: "wrong"; triesLeft: number }
  | { ok: false; reason: "used-up" }
  | { ok: false; reason: "missing" };

/** Whose code: the signed-in account, or the account of an address (password reset). */
export type CodeOwner = { userId: string } | { email: string };

/** A right code, checked but not yet used up: whose, what it proves, and its hash (to use it up with). */
export interface RightCode {
  userId: string;
  purpose: CodePurpose;
  /** For a change of address, the address the code was mailed to and proves; null otherwise. */
  newEmail: string | null;
  codeHash: string;
}

/** A code that is not right, or no longer there: as CodeCheck's failures. */
export type CodeFailure = Exclude<CodeCheck, { ok: true }>;

/**
 * Checks a code without using it up: the caller uses it up in the batch of what it proves
 * (`codeUnused` and `useUpCodeStatement`), so the proof and its effect are one write. Each check
 * counts one try before the comparison, in one conditional UPDATE, so no number of simultaneous
 * guesses gets more than 5 comparisons.
 */
export async function checkCode(
  env: Env,
  owner: CodeOwner,
  purpose: CodePurpose,
  code: string,
  now = Date.now(),
): Promise<{ ok: true; right: RightCode } | CodeFailure> {
  const who =
    "userId" in owner
      ? sql`${owner.userId}`
      : sql`(SELECT id FROM users WHERE email = ${owner.email.trim().toLowerCase()})`;
  const counted = await first(
    env,
    returning(
      update(
        emailCodes,
        { tries: sql`tries + 1` },
        sql`WHERE user_id = ${who} AND purpose = ${purpose} AND tries < ${CODE_MAX_TRIES} AND expires_at > ${now}`,
      ),
      {
        userId: emailCodes.user_id,
        codeHash: emailCodes.code_hash,
        tries: emailCodes.tries,
        newEmail: emailCodes.new_email,
      },
    ),
  );
  if (!counted) {
    const left = await first(
      env,
      select(
        { tries: emailCodes.tries },
        sql`FROM ${emailCodes} WHERE ${emailCodes.user_id} = ${who} AND ${emailCodes.purpose} = ${purpose} AND ${emailCodes.expires_at} > ${now}`,
      ),
    );
    return { ok: false, reason: left ? "used-up" : "missing" };
  }
  const candidate = await codeMac(await hmacKey(env), purpose, counted.userId, code, counted.newEmail);
  if (!sameBytes(candidate, fromHex(counted.codeHash))) {
    const triesLeft = CODE_MAX_TRIES - counted.tries;
    return triesLeft > 0 ? { ok: false, reason: "wrong", triesLeft } : { ok: false, reason: "used-up" };
  }
  return {
    ok: true,
    right: { userId: counted.userId, purpose, newEmail: counted.newEmail, codeHash: counted.codeHash },
  };
}

/**
 * The condition "this right code is still there, unused", for a batch that does what the code
 * proves: put it on the batch's change and on every statement after it, and spend the code last
 * (`spendCode`), so of two right answers at the same moment only the first batch changes anything.
 */
export function codeUnused(right: RightCode): Sql {
  return sql`EXISTS (SELECT 1 FROM email_codes WHERE user_id = ${right.userId} AND purpose = ${right.purpose} AND code_hash = ${right.codeHash})`;
}

/** Uses a right code up (it works once), when `when` holds: the last statement of the batch that does what it proves. */
export function spendCode(right: RightCode, when: Sql = sql`1`): Sql {
  return sql`DELETE FROM email_codes
    WHERE user_id = ${right.userId} AND purpose = ${right.purpose} AND code_hash = ${right.codeHash} AND ${when}`;
}

/**
 * Checks a code and, when it is right, uses it up (it works once): checkCode, then one
 * DELETE ... RETURNING, so of two right answers at the same moment one deletes the row and wins.
 */
export async function consumeCode(
  env: Env,
  scope: CodeScope,
  owner: CodeOwner,
  purpose: CodePurpose,
  code: string,
  now = Date.now(),
): Promise<CodeCheck> {
  const checked = await checkCode(env, owner, purpose, code, now);
  if (!checked.ok) return checked;
  const { right } = checked;
  const used = await run(env, spendCode(right));
  if (used.changes === 0) return { ok: false, reason: "missing" };
  return right.newEmail === null
    ? { ok: true, userId: right.userId }
    : { ok: true, userId: right.userId, newEmail: right.newEmail };
}

/** Forgets a purpose's code (after the thing it was for happened another way). */
export async function dropCode(env: Env, userId: string, purpose: CodePurpose): Promise<void> {
  await run(env, sql`DELETE FROM email_codes WHERE user_id = ${userId} AND purpose = ${purpose}`);
}

/** The cron job: codes past their 15 minutes. */
export async function pruneExpiredCodes(env: Env, now = Date.now()): Promise<number> {
  const { changes } = await run(env, sql`DELETE FROM email_codes WHERE expires_at <= ${now}`);
  return changes;
}

// The mails. Plain text; the campus's name; the code and nothing else secret. No name or other
// text the registering person typed: anyone can register someone else's address, and the mail
// must not carry their words to it.

const PURPOSE_TEXT: Record<CodePurpose, { subject: string; lead: string; use: string; notYou: string }> = {
  verify: {
    subject: "Your Campus verification code",
    lead: "Your Campus verification code is",
    use: "Enter it on Campus to confirm that this address is yours and that you study at",
    notYou: "If you did not register on Campus, ignore this e-mail: without the code nobody can use your address.",
  },
  reset: {
    subject: "Your Campus password reset code",
    lead: "Your Campus password reset code is",
    use: "Enter it with a new password on Campus's reset screen to sign in again to your account at",
    notYou: "If you did not ask to reset your password, ignore this e-mail: your password stays as it is.",
  },
  delete: {
    subject: "Your Campus account deletion code",
    lead: "Your code to delete your Campus account is",
    use: "Enter it on your account page to confirm that you want to delete your account at",
    notYou: "If you did not ask to delete your account, ignore this e-mail and change your password.",
  },
  email: {
    subject: "Your code to change your Campus e-mail",
    lead: "Your code to make this address your Campus e-mail is",
    use: "Enter it on your account page to change your account's e-mail to this address. Your account will then belong to",
    notYou:
      "If you did not ask for this, ignore this e-mail: without the code nobody can make this address theirs on Campus.",
  },
};

/** The mail that carries a code, for a member of `campusName`. */
export function codeMail(
  purpose: CodePurpose,
  to: string,
  campusName: string,
  code: string,
): { to: string; subject: string; text: string } {
  const t = PURPOSE_TEXT[purpose];
  return {
    to,
    subject: `${t.subject} (${campusName})`,
    text: [
      `${t.lead} ${code}`,
      "",
      `${t.use} ${campusName}. It works for 15 minutes.`,
      "",
      t.notYou,
      "",
      `Campus - ${campusName}`,
      "",
    ].join("\n"),
  };
}

export interface CodeRecipient {
  /** The account the code is for. */
  id: string;
  /** Where the mail goes: the account's address, or (purpose `email`) the new address the code proves. */
  email: string;
  /** The college named in the mail: the account's, or (purpose `email`) the one the new address joins. */
  campusName: string;
}

export type SentCode = { ok: true; sent: boolean } | { ok: false; retryAfterSeconds: number };

/**
 * Issues a code for `purpose` and e-mails it: the service API of every flow that proves an address
 * (verification, reset, account deletion). `ok: false` when the last code was sent under a minute
 * ago; `sent: false` when the mail could not be handed over (logged; the code stands, and the
 * student can ask for another in a minute). Never throws for the mail.
 */
export async function sendCode(
  env: Env,
  scope: CodeScope,
  to: CodeRecipient,
  purpose: CodePurpose,
  now = Date.now(),
): Promise<SentCode> {
  // A change of address mails its code to the new address, which the code then proves.
  const issued = await issueCode(env, scope, to.id, purpose, now, purpose === "email" ? to.email : null);
  if (!issued.ok) return issued;
  const sent = await sendMail(
    env,
    codeMail(purpose, to.email, to.campusName, issued.code),
    `code:${purpose}`,
    scope.later,
  );
  return { ok: true, sent };
}
