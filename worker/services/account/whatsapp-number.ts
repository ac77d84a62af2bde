import { z } from "zod";
import { AUTH_MESSAGES } from "#common/auth-messages.ts";
import { normaliseIndianMobile } from "#common/market.ts";
import { WHATSAPP_MESSAGES } from "#common/account-messages.ts";
import { batch, first, returning, select, sql, update } from "#server/db/sql.ts";
import { products, users } from "#server/db/tables.generated.ts";
import { ApiError } from "#server/lib/errors.ts";

// The seller's WhatsApp number lives in their profile (docs/decisions/0114): set, changed or
// cleared on /account or PUT /api/auth/whatsapp, and copied onto each listing they post.

/** One Indian mobile number for WhatsApp, stored as its 10 digits: the rule of the profile and of the listing API. */
export const whatsappNumberRule = z.unknown().transform((value, ctx) => {
  if (typeof value !== "string" || value.trim() === "") {
    ctx.addIssue({ code: "custom", message: WHATSAPP_MESSAGES.missing });
    return z.NEVER;
  }
  const number = normaliseIndianMobile(value);
  if (!number) {
    ctx.addIssue({ code: "custom", message: WHATSAPP_MESSAGES.invalid });
    return z.NEVER;
  }
  return number;
});

/** The profile's field: a number, or empty (or null) to remove it. Sent it must be. */
export const whatsappProfileSchema = z.object({
  whatsappNumber: z.preprocess(
    (value) => (value === null || (typeof value === "string" && value.trim() === "") ? null : value),
    z.union([z.null(), whatsappNumberRule], { error: WHATSAPP_MESSAGES.invalid }),
  ),
});
export type WhatsappProfileInput = z.output<typeof whatsappProfileSchema>;

/** The number in the seller's profile, or null when they have given none. */
export async function profileWhatsappNumber(env: Env, userId: string): Promise<string | null> {
  const row = await first(
    env,
    select({ number: users.whatsapp_number }, sql`FROM ${users} WHERE ${users.id} = ${userId} LIMIT 1`),
  );
  return row?.number ?? null;
}

/**
 * Sets, changes or clears the student's WhatsApp number, and puts it on their listings still on
 * sale (a buyer then reaches the number the seller uses now; a sale already made keeps the number
 * its buyer was given). One batch. Limited like every write a script could repeat.
 */
export async function saveWhatsappNumber(
  env: Env,
  userId: string,
  input: WhatsappProfileInput,
): Promise<{ whatsappNumber: string | null; message: string }> {
  const { success } = await env.POST_LIMITER.limit({ key: `whatsapp:${userId}` });
  if (!success) throw new ApiError(429, WHATSAPP_MESSAGES.limited);
  const number = input.whatsappNumber;
  const [saved] = await batch(env, [
    returning(update(users, { whatsapp_number: number }, sql`WHERE id = ${userId} AND deleted_at IS NULL`), {
      id: users.id,
    }),
    update(products, { whatsapp_number: number ?? "" }, sql`WHERE seller_id = ${userId} AND status = 'available'`),
  ]);
  if (saved.rows.length === 0) throw new ApiError(401, AUTH_MESSAGES.signInFirst);
  return { whatsappNumber: number, message: number ? WHATSAPP_MESSAGES.saved : WHATSAPP_MESSAGES.removed };
}
