import { data, Form, Link, redirect, useNavigation } from "react-router";
import { EventForm } from "#app/components/events/EventForm.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { Alert } from "#app/components/Alert.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { useConfirmSubmit } from "#app/components/dialogs.tsx";
import { refused } from "#app/lib/action-result.server.ts";
import { dispatch } from "#app/lib/actions.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { intents } from "#app/lib/intents.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { EVENT_MESSAGES as M } from "#common/events.ts";
import { ApiError } from "#server/lib/errors.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { idSchema } from "#server/services/events/common.ts";
import { cancelEvent, editEvent, eventPatchSchema, publishChoices, readEvent } from "#server/services/events/events.ts";
import { UPLOAD_LIMITS } from "#common/body-limits.ts";
import { chosenFile, POSTER_PREFIX, withStoredImage } from "#server/services/events/images.ts";
import type { Route } from "./+types/event-edit";

// Changing or cancelling an event (docs/decisions/0130-the-waiting-list.md): its club's lead or the
// campus admin; everyone going or waiting is told. Three D1 queries: the session, the event, the
// form's choices.
// The form carries the poster.
export const handle = { bodyLimit: UPLOAD_LIMITS.photo };

export async function loader({ context, params }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const env = envOf(context);
  const id = idSchema.safeParse(params.id);
  if (!id.success) throw data(null, { status: 404 });
  const read = await readEvent(env, user, id.data).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  });
  if (!read.visible || !read.event.mayEdit) throw data(null, { status: 403 });
  return { event: read.event, choices: await publishChoices(env, user) };
}

const INTENTS = intents("save", "cancel");

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = await requireUser(context);
  const form = await readForm(request);
  const env = envOf(context);
  const id = parseWith(idSchema, params.id);
  const run = async (intent: string, write: () => Promise<unknown>) => {
    try {
      await write();
      return redirect(`/events/${id}`);
    } catch (error) {
      if (error instanceof ApiError) return refused(intent, error);
      throw error;
    }
  };
  return dispatch(form, INTENTS, {
    save: (intent) =>
      run(intent, () => {
        const patch = parseWith(eventPatchSchema, {
          ...formInput(form),
          openToVisitors: form.get("openToVisitors") ?? "",
        });
        return withStoredImage(env, chosenFile(form.get("poster")), POSTER_PREFIX, "poster", (key) =>
          editEvent(env, user, id, patch, Date.now(), key),
        );
      }),
    cancel: (intent) => run(intent, () => cancelEvent(env, user, id)),
  });
}

export default function EditEvent({ loaderData, actionData }: Route.ComponentProps) {
  const { event, choices } = loaderData;
  const busy = useNavigation().state !== "idle";
  const confirm = useConfirmSubmit({
    title: "Cancel this event?",
    question: `Everyone going to "${event.title}" is told it is cancelled. This cannot be undone.`,
    confirmLabel: "Cancel the event",
  });
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to={`/events/${event.id}`} className="text-indigo-700 underline dark:text-indigo-300">
          Back to the event
        </Link>
      </p>
      <PageIntro title={`Edit ${event.title}`} lead="Everyone going or waiting is told of a change." />
      <EventForm
        intent={INTENTS.save}
        button="Save changes"
        choices={choices}
        event={event}
        result={actionData?.intent === INTENTS.save ? actionData : null}
      />
      <Form method="post" className="card mt-6 p-5">
        <h2 className="text-lg font-semibold">Cancel the event</h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{M.cancelHint}</p>
        {actionData?.intent === INTENTS.cancel && !actionData.ok && (
          <div className="mt-3">
            <Alert tone="error">{actionData.message}</Alert>
          </div>
        )}
        <SubmitButton
          busy={busy}
          busyLabel="Cancelling..."
          className="btn-secondary mt-3"
          name="intent"
          value={INTENTS.cancel}
          onClick={confirm.onClick}
        >
          Cancel the event
        </SubmitButton>
        {confirm.dialog}
      </Form>
    </>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Edit event · Campus" },
  { name: "robots", content: "noindex" },
];
