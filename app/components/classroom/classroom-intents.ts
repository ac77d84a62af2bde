import { intents } from "#app/lib/intents.ts";

/**
 * /googleclassroom's posts (useClassroomConnection, NotificationsPanel, ClassroomConnected). Its
 * action keeps its own answer to anything else: the token is missing (decision 0124 lists why).
 */
export const CLASSROOM_INTENTS = intents("overview", "enable", "disable");
