import { attempt, attemptTold, refused, succeeded } from "#app/lib/action-result.server.ts";
import { HEART_ANSWERS, purchaseMessage, RATED, RESERVATION_TERMS } from "#common/market-messages.ts";
import { ApiError } from "#server/lib/errors.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { productIdSchema } from "#server/services/market/product-view.ts";
import { purchaseProduct, purchaseSchema } from "#server/services/market/purchase.ts";
import { rateTrade, ratingSchema } from "#server/services/market/reservations.ts";
import { saveProduct, unsaveProduct } from "#server/services/market/saved.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { HEART_INTENTS } from "#app/components/market/market-intents.ts";
import type { IntentOf } from "#app/lib/intents.ts";

// The marketplace forms that several screens post (decision 0103): each turns the form into the
// use-case's typed input, with the schema the API uses, and its answer into the action's result.
// No rule here: who may act and what happens are the use-cases'.

/** The heart's form (intent "save" or "unsave", the listing's `id`): Browse, a product's page, Saved. */
export function heartAction(env: Env, user: SessionUser, intent: IntentOf<typeof HEART_INTENTS>, form: FormData) {
  return attempt(intent, HEART_ANSWERS[intent], () => {
    const id = parseWith(productIdSchema, form.get("id"));
    return intent === HEART_INTENTS.save ? saveProduct(env, user, id) : unsaveProduct(env, user, id);
  });
}

/** A price as a form sends it ("249.5") to the JSON number purchaseSchema reads; anything else as it came, for the schema to refuse. */
function seenPrice(value: FormDataEntryValue | null): unknown {
  if (typeof value === "string" && /^\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return value ?? "";
}

/**
 * The Buy form (Browse, a product's page): the listing and the price the buyer saw, which a screen
 * always sends. Answers the specification's words for what the server could do for the seller, then
 * what they mean here (decision 0098): sent from the server, so the pages' script stays its size.
 */
export async function buyAction(env: Env, user: SessionUser, productId: unknown, form: FormData) {
  try {
    const id = parseWith(productIdSchema, productId);
    const input = parseWith(purchaseSchema, { price: seenPrice(form.get("price")) });
    const { notification } = await purchaseProduct(env, user, id, input);
    return succeeded("buy", purchaseMessage(notification), { productId: id, notification, terms: RESERVATION_TERMS });
  } catch (error) {
    if (error instanceof ApiError) return refused("buy", error);
    throw error;
  }
}

/** The rating form of a completed trade (My Purchases, My Sells): every invalid field reported. */
export function rateAction(env: Env, user: SessionUser, form: FormData) {
  return attemptTold("rate", async () => {
    const rating = parseWith(ratingSchema, formInput(form));
    const { role } = await rateTrade(env, user, parseWith(productIdSchema, form.get("id")), rating);
    return { message: RATED[role] };
  });
}
