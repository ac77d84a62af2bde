import { intents } from "#app/lib/intents.ts";

// The forms of /grades (docs/decisions/0133-grades.md): a semester's grades, a grade of a repeat or
// of another semester's subject, and removing one ("remove:<subjectId>", with the attempt).
export const GRADES_INTENTS = intents("save", "add", "remove");
