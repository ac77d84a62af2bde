import { attempt } from "#app/lib/action-result.server.ts";
import { MODERATION_MESSAGES } from "#common/moderation-messages.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { reportContent, reportSchema } from "#server/services/moderation/reports.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";

/**
 * A screen's "Report" form (intent "report": app/components/moderation/ReportControl.tsx), for
 * every page that shows one: the form through the schema of POST /api/reports into the same
 * use-case (docs/decisions/0103-use-cases-messages-and-forms.md).
 */
export function reportAction(env: Env, user: SessionUser, form: FormData) {
  return attempt("report", MODERATION_MESSAGES.reported, () =>
    reportContent(env, user, parseWith(reportSchema, formInput(form))),
  );
}
