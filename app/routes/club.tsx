import { data, Link } from "react-router";
import { EventCard } from "#app/components/events/EventCard.tsx";
import { FollowForm } from "#app/components/events/FollowForm.tsx";
import { FOLLOW_INTENTS } from "#app/components/events/follow-intents.ts";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { dispatch } from "#app/lib/actions.server.ts";
import { followHandlers } from "#app/lib/follow.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { EVENT_MESSAGES as M } from "#common/events.ts";
import { ApiError } from "#server/lib/errors.ts";
import { readClub } from "#server/services/events/clubs.ts";
import { idSchema } from "#server/services/events/common.ts";
import { listEvents } from "#server/services/events/events.ts";
import type { Route } from "./+types/club";

// A club of the college (docs/decisions/0130-the-waiting-list.md): what it is, who leads it, its
// upcoming events, and the follow button. Three D1 queries: the session, the club, its events.
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const env = envOf(context);
  const id = idSchema.safeParse(params.id);
  if (!id.success) throw data(null, { status: 404 });
  const club = await readClub(env, user, id.data).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  });
  const { events, mayPublish } = await listEvents(env, user, { club: club.id });
  return { club, events, mayPublish: mayPublish && club.leading };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context);
  const form = await readForm(request);
  return dispatch(form, FOLLOW_INTENTS, followHandlers(envOf(context), user, form));
}

export default function Club({ loaderData }: Route.ComponentProps) {
  const { club, events, mayPublish } = loaderData;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/clubs" className="text-indigo-700 underline dark:text-indigo-300">
          All clubs
        </Link>
      </p>
      {club.hasLogo && (
        <img
          src={`/api/clubs/${club.id}/logo`}
          alt={`Logo of ${club.name}`}
          className="mb-3 h-20 w-20 rounded-lg object-cover"
        />
      )}
      <PageIntro title={club.name} lead={club.description || undefined} />
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <FollowForm clubId={club.id} name={club.name} following={club.following} />
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {club.followers === 1 ? "1 follower" : `${club.followers} followers`}
          {club.leads.length > 0 ? ` · led by ${club.leads.map((l) => l.name).join(", ")}` : ""}
        </p>
        {mayPublish && (
          <Link to="/events/new" className="btn-secondary">
            Publish an event
          </Link>
        )}
      </div>
      <section aria-labelledby="club-events-heading">
        <h2 id="club-events-heading" className="text-lg font-semibold">
          Upcoming events
        </h2>
        {events.length === 0 ? (
          <p className="card mt-3 p-6 text-center text-slate-600 dark:text-slate-400">{M.noneYet}</p>
        ) : (
          <ul className="mt-3 grid grid-cols-1 gap-3 md:grid-cols-2">
            {events.map((event) => (
              <EventCard key={event.id} event={event} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.club.name ?? "Club"} · Campus` },
  { name: "robots", content: "noindex" },
];
