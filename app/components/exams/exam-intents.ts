import { intents } from "#app/lib/intents.ts";

/** A student's own exam subjects (/exams): "add-subject", and "remove-subject:<subject id>". */
export const EXAM_SUBJECT_INTENTS = intents("add-subject", "remove-subject");
/** A keeper's datesheet (/exams/class/:id/edit): "add", "import", and "remove:<id>". */
export const DATESHEET_INTENTS = intents("add", "import", "remove");
