import { intents } from "#app/lib/intents.ts";

// Study Swap's forms, rendered by the components beside this file (docs/decisions/0124-typed-actions.md).

/** Find a Writer: posting a request (PostRequestForm), closing or deleting one's own (MyRequestItem). */
export const REQUEST_INTENTS = intents("post", "close", "delete");
/** Become a Writer: the writer's profile, saved or removed (WriterBoard). */
export const WRITER_INTENTS = intents("save-writer", "delete-writer");
