import { attempt } from "#app/lib/action-result.server.ts";
import type { FOLLOW_INTENTS } from "#app/components/events/follow-intents.ts";
import type { Handlers } from "#app/lib/actions.server.ts";
import { EVENT_MESSAGES as M } from "#common/events.ts";
import { parseWith } from "#server/lib/validate.ts";
import type { SessionUser } from "#server/services/auth/session-user.ts";
import { followClub, unfollowClub } from "#server/services/events/clubs.ts";
import { idSchema } from "#server/services/events/common.ts";

/** The follow form's handlers, for every page that shows it (app/components/events/FollowForm.tsx). */
export function followHandlers(env: Env, user: SessionUser, form: FormData): Handlers<keyof typeof FOLLOW_INTENTS> {
  const clubId = () => parseWith(idSchema, form.get("clubId"));
  return {
    follow: (intent) => attempt(intent, M.followOk, () => followClub(env, user, clubId())),
    unfollow: (intent) => attempt(intent, M.unfollowOk, () => unfollowClub(env, user, clubId())),
  };
}
