import { intents } from "#app/lib/intents.ts";

// The account's forms, rendered by the components beside this file and posted to /account (some
// also to the dashboard); each action dispatches the sets it renders (docs/decisions/0124-typed-actions.md).

export const PASSWORD_INTENTS = intents("change-password");
/** The name to confirm after a Google sign-in (ConfirmName): /account and the dashboard. */
export const CONFIRM_NAME_INTENTS = intents("confirm-name");
export const WHATSAPP_INTENTS = intents("whatsapp", "whatsapp-remove");
export const DEVICE_INTENTS = intents("sign-out-device", "sign-out-others");
/** A new address and its code (EmailRequestForm, EmailChange; decision 0123). */
export const EMAIL_CHANGE_INTENTS = intents("email-change", "email-change-confirm");
/** Deleting the account; one without a password first asks for a code by e-mail (YourData). */
export const YOUR_DATA_INTENTS = intents("delete-account", "send-delete-code");
