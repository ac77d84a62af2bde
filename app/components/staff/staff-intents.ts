import { intents } from "#app/lib/intents.ts";

// The staff console's forms, each rendered by a component beside this file and posted to /staff,
// whose action dispatches them all (docs/decisions/0124-typed-actions.md).

/** A warden's answer to a student's move to another block (BlockMoves). */
export const MOVE_INTENTS = intents("move-approve", "move-decline");
/** A curator's review of a library contribution (PendingLibrary). */
export const LIBRARY_REVIEW_INTENTS = intents("lib-approve", "lib-reject");
/** A moderator's actions: "mod-" and the moderation action's name (ModerationQueue). */
export const MODERATION_INTENTS = intents("mod-hide", "mod-restore", "mod-dismiss", "mod-suspend", "mod-lift");
/** The laundry console's pickup steps and slot capacities (LaundryConsole). */
export const LAUNDRY_CONSOLE_INTENTS = intents("laundry.step", "laundry.capacity");
/** The mess console's menu (MessConsole). */
export const MESS_CONSOLE_INTENTS = intents("mess.menu");
/** A warden moving a complaint on: the intent is the new status (warden.tsx). */
export const WARDEN_INTENTS = intents("in_progress", "resolved");
