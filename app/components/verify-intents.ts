import { intents } from "#app/lib/intents.ts";

/**
 * /verify's two forms, on its page and in the banner other pages show (VerifyBanner): the code, or a
 * new one. Anything else posted is the code, as it always was (docs/decisions/0124-typed-actions.md).
 */
export const VERIFY_INTENTS = intents("verify", "resend");
