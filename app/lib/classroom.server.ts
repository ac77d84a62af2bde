// Server-only entry to the Classroom services for the /googleclassroom loader and action.
export { classroomOverview } from "../../worker/services/classroom-overview";
export { disableReminders, remindersEnabled, turnOnReminders } from "../../worker/services/google";
export { listReminders } from "../../worker/services/reminders";
export { ApiError } from "../../worker/lib/errors";
