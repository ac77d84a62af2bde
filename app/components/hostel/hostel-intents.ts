import { intents } from "#app/lib/intents.ts";

// The hostel pages' forms, rendered by the components beside this file; each page's action
// dispatches the sets it renders (docs/decisions/0124-typed-actions.md).

/** Hostel Complaints: filing one, "me too", and the author's resolve and withdraw (complaints.tsx). */
export const COMPLAINT_INTENTS = intents("create", "metoo", "resolve", "withdraw");
/** The student's block and room, and cancelling a move waiting for the warden (residence.tsx). */
export const RESIDENCE_INTENTS = intents("residence", "cancel-move");
/** Roommate Finder's own listing (roommates.tsx). */
export const ROOMMATE_INTENTS = intents("create", "update", "delete");
