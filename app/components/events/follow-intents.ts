import { intents } from "#app/lib/intents.ts";

/** The follow form's intents (./FollowForm.tsx), for the pages that show it and their actions. */
export const FOLLOW_INTENTS = intents("follow", "unfollow");
