import { redirect } from "react-router";
import { EventForm } from "#app/components/events/EventForm.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { refused } from "#app/lib/action-result.server.ts";
import { dispatch } from "#app/lib/actions.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { intents } from "#app/lib/intents.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { EVENT_MESSAGES as M } from "#common/events.ts";
import { ApiError } from "#server/lib/errors.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { eventSchema, publishChoices, publishEvent } from "#server/services/events/events.ts";
import { UPLOAD_LIMITS } from "#common/body-limits.ts";
import { chosenFile, POSTER_PREFIX, withStoredImage } from "#server/services/events/images.ts";
import type { Route } from "./+types/event-new";

// Publishing an event (docs/decisions/0130-the-waiting-list.md): a club's lead for their clubs, the
// campus admin for any club or the college itself; the use-case decides again. Two D1 queries.
// The form carries the poster.
export const handle = { bodyLimit: UPLOAD_LIMITS.photo };

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const choices = await publishChoices(envOf(context), user);
  return { choices };
}

const INTENTS = intents("publish");

export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context);
  const form = await readForm(request);
  return dispatch(form, INTENTS, {
    publish: async (intent) => {
      try {
        const env = envOf(context);
        const input = parseWith(eventSchema, { ...formInput(form), openToVisitors: form.get("openToVisitors") ?? "" });
        const event = await withStoredImage(env, chosenFile(form.get("poster")), POSTER_PREFIX, "poster", (key) =>
          publishEvent(env, user, input, Date.now(), key ?? null),
        );
        return redirect(`/events/${event.id}`);
      } catch (error) {
        if (error instanceof ApiError) return refused(intent, error);
        throw error;
      }
    },
  });
}

export default function NewEvent({ loaderData, actionData }: Route.ComponentProps) {
  const { choices } = loaderData;
  const may = choices.clubs.length > 0 || choices.college;
  return (
    <>
      <PageIntro title="Publish an event" lead="Everyone at your college sees it; the club's followers are told." />
      {may ? (
        <EventForm intent={INTENTS.publish} button="Publish" choices={choices} result={actionData ?? null} />
      ) : (
        <p className="card p-6 text-slate-700 dark:text-slate-300">{M.notLead}</p>
      )}
    </>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Publish an event · Campus" },
  { name: "robots", content: "noindex" },
];
