import { attempt } from "#app/lib/action-result.server.ts";
import { ATTENDANCE_MESSAGES as A } from "#common/timetable-messages.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import type { Member } from "#server/services/timetable/access.ts";
import { markAttendance } from "#server/services/timetable/attendance.ts";
import { markParamSchema, markSchema } from "#server/services/timetable/schema.ts";

/**
 * A one-tap attendance form (intent "mark:<slot>": app/components/timetable/slots.tsx), for every
 * page that shows one (/timetable, the dashboard's Today): the form through the schemas of
 * PUT /api/attendance/:date/:periodId into the same use-case.
 */
export function markAction(env: Env, member: Member, intent: string, form: FormData) {
  const input = formInput(form);
  const status = String(input.status ?? "");
  return attempt(intent, A.marked(status), () =>
    markAttendance(
      env,
      member,
      parseWith(markParamSchema, { date: input.date, periodId: intent.slice("mark:".length) }),
      parseWith(markSchema, { status }),
    ),
  );
}
