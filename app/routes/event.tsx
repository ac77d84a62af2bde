import { data, Form, Link, useNavigation } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { LazyShare } from "#app/components/share/LazyShare.tsx";
import { VerifyBanner } from "#app/components/verify-banner.ts";
import { attempt, attemptTold } from "#app/lib/action-result.server.ts";
import { dispatch } from "#app/lib/actions.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { intents } from "#app/lib/intents.ts";
import { signInHref } from "#app/lib/redirect.ts";
import { envOf, getUser, requireUser } from "#app/lib/session.server.ts";
import { EVENT_CATEGORY_LABELS, EVENT_MESSAGES as M, eventWhen, isFull } from "#common/events.ts";
import { mayAct } from "#common/membership.ts";
import { ApiError } from "#server/lib/errors.ts";
import { parseWith } from "#server/lib/validate.ts";
import { idSchema } from "#server/services/events/common.ts";
import { readEvent } from "#server/services/events/events.ts";
import { goTo, leave } from "#server/services/events/going.ts";
import { eventMeta } from "#app/lib/event-meta.ts";
import { SHARE_WORDS } from "#common/share.ts";
import type { Route } from "./+types/event";

// One event (docs/decisions/0130-the-waiting-list.md): when and where, how many are going, the
// reader's Going / waiting-list button, its .ics and sharing. A visitor sees an event open to
// visitors; of a members-only one only its college and "sign in to see", in the page and in the
// preview a chat app draws from its Open Graph tags (docs/decisions/0131-sharing-without-leaking.md).
// Two D1 queries: the session and one batch.
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = await getUser(context);
  const id = idSchema.safeParse(params.id);
  if (!id.success) throw data(null, { status: 404 });
  const read = await readEvent(envOf(context), user, id.data).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  });
  const url = new URL(request.url);
  return {
    read,
    url: `${url.origin}/events/${id.data}`,
    origin: url.origin,
    signedIn: user !== null,
    verifyEmail: user && !mayAct(user) ? user.email : null,
    now: Date.now(),
  };
}

const INTENTS = intents("go", "leave");

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = await requireUser(context);
  const form = await readForm(request);
  const env = envOf(context);
  const id = parseWith(idSchema, params.id);
  return dispatch(form, INTENTS, {
    go: (intent) =>
      attemptTold(intent, async () => {
        const result = await goTo(env, user, id);
        return { message: result.state === "going" ? M.goingOk : M.waitingOk(result.line ?? 1) };
      }),
    leave: (intent) => attempt(intent, M.leftOk, () => leave(env, user, id)),
  });
}

export default function EventPage({ loaderData, actionData }: Route.ComponentProps) {
  const { read, url, signedIn, verifyEmail, now } = loaderData;
  const busy = useNavigation().state !== "idle";
  if (!read.visible)
    return (
      <>
        <PageIntro title={`An event at ${read.campusName}`} lead={M.signInToSee} />
        <Link to={signInHref(new URL(url).pathname)} className="btn-primary">
          Sign in
        </Link>
      </>
    );
  const { event } = read;
  const open = event.status === "published" && event.startsAt > now && (event.signupClosesAt ?? Infinity) > now;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/events" className="text-indigo-700 underline dark:text-indigo-300">
          All events
        </Link>
      </p>
      <PageIntro
        title={event.title}
        lead={
          event.club
            ? `${event.club.name} · ${EVENT_CATEGORY_LABELS[event.category]}`
            : EVENT_CATEGORY_LABELS[event.category]
        }
      />
      {event.status === "cancelled" && <Alert tone="error">{M.eventCancelled}</Alert>}
      {event.hasPoster && (
        <img
          src={`/api/events/${event.id}/poster`}
          alt={`Poster of ${event.title}`}
          className="mb-4 max-h-96 w-full rounded-lg object-contain"
        />
      )}
      <dl className="card grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 p-4 text-sm">
        <dt className="font-semibold">When</dt>
        <dd>
          {eventWhen(event.startsAt)} to {eventWhen(event.endsAt)}
        </dd>
        {event.place && (
          <>
            <dt className="font-semibold">Where</dt>
            <dd>{event.place}</dd>
          </>
        )}
        <dt className="font-semibold">Going</dt>
        <dd>
          {event.capacity === null ? `${event.going}` : `${event.going} of ${event.capacity} places`}
          {event.waiting > 0 ? ` · ${event.waiting} waiting` : ""}
        </dd>
        {event.signupClosesAt !== null && (
          <>
            <dt className="font-semibold">Sign-up closes</dt>
            <dd>{eventWhen(event.signupClosesAt)}</dd>
          </>
        )}
      </dl>
      {event.description && <p className="mt-4 whitespace-pre-line">{event.description}</p>}
      <div className="mt-6 flex flex-wrap items-center gap-3" aria-live="polite">
        {!signedIn ? (
          <Link to={signInHref(new URL(url).pathname)} className="btn-primary">
            Sign in to say you are going
          </Link>
        ) : verifyEmail ? (
          <VerifyBanner what={M.verifyToGo} email={verifyEmail} />
        ) : event.mine ? (
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <p className="font-semibold text-emerald-700 dark:text-emerald-300">
              {event.mine.state === "going"
                ? "You are going."
                : `You are number ${event.mine.line ?? 1} on the waiting list.`}
            </p>
            <SubmitButton
              busy={busy}
              busyLabel="Saving..."
              className="btn-secondary"
              name="intent"
              value={INTENTS.leave}
            >
              {event.mine.state === "going" ? "I can't go" : "Leave the waiting list"}
            </SubmitButton>
          </Form>
        ) : open ? (
          <Form method="post">
            <SubmitButton busy={busy} busyLabel="Saving..." name="intent" value={INTENTS.go}>
              {isFull(event) ? "Join the waiting list" : "Going"}
            </SubmitButton>
          </Form>
        ) : null}
        <a href={`/api/events/${event.id}/ics`} className="btn-secondary" download>
          Add to calendar
        </a>
        <LazyShare url={url} title={event.title} words={SHARE_WORDS} />
        {event.mayEdit && event.status === "published" && (
          <Link to={`/events/${event.id}/edit`} className="btn-secondary">
            Edit
          </Link>
        )}
      </div>
      {actionData && (
        <div className="mt-4">
          <Alert tone={actionData.ok ? "success" : "error"}>{actionData.message}</Alert>
        </div>
      )}
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? eventMeta(loaderData.read, loaderData.url) : [{ title: "Event not found · Campus" }];
