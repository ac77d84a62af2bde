import { useFetcher } from "react-router";
import { SubmitButton } from "#app/components/form-controls.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import { FOLLOW_INTENTS } from "#app/components/events/follow-intents.ts";

// Follow or unfollow a club: the same form on /clubs and a club's page, each route's action
// dispatching these intents to the same use-cases. Works without JavaScript (a native post).

export function FollowForm({ clubId, name, following }: { clubId: string; name: string; following: boolean }) {
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="clubId" value={clubId} />
      <SubmitButton
        busy={busy}
        busyLabel="Saving..."
        className={following ? "btn-secondary" : "btn-primary"}
        name="intent"
        value={following ? FOLLOW_INTENTS.unfollow : FOLLOW_INTENTS.follow}
      >
        {following ? "Unfollow" : "Follow"}
        <span className="sr-only"> {name}</span>
      </SubmitButton>
      {fetcher.data && !fetcher.data.ok && (
        <p className="text-sm text-red-700 dark:text-red-300">{fetcher.data.message}</p>
      )}
    </fetcher.Form>
  );
}
