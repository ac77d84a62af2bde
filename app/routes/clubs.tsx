import { Link } from "react-router";
import { FollowForm } from "#app/components/events/FollowForm.tsx";
import { FOLLOW_INTENTS } from "#app/components/events/follow-intents.ts";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { dispatch } from "#app/lib/actions.server.ts";
import { followHandlers } from "#app/lib/follow.server.ts";
import { readForm } from "#app/lib/form.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { listClubs } from "#server/services/events/clubs.ts";
import type { Route } from "./+types/clubs";

// The college's clubs (docs/decisions/0130-the-waiting-list.md): follow one to hear of its new
// events. Two D1 queries: the session and one batch.
export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  return { clubs: await listClubs(envOf(context), user), college: user.campusName };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context);
  const form = await readForm(request);
  return dispatch(form, FOLLOW_INTENTS, followHandlers(envOf(context), user, form));
}

export default function Clubs({ loaderData }: Route.ComponentProps) {
  const { clubs, college } = loaderData;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/events" className="text-indigo-700 underline dark:text-indigo-300">
          Events
        </Link>
      </p>
      <PageIntro title="Clubs" lead={`The clubs of ${college}. Follow one and its new events reach you.`} />
      {clubs.length === 0 ? (
        <p className="card p-6 text-center text-slate-600 dark:text-slate-400">No clubs yet.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
          {clubs.map((club) => (
            <li key={club.id} className="card flex flex-col gap-2 p-4">
              <Link
                to={`/clubs/${club.id}`}
                className="font-semibold text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
              >
                {club.name}
              </Link>
              {club.description && <p className="text-sm text-slate-700 dark:text-slate-300">{club.description}</p>}
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {club.followers === 1 ? "1 follower" : `${club.followers} followers`}
                {club.leading ? " · you lead it" : ""}
              </p>
              <FollowForm clubId={club.id} name={club.name} following={club.following} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Clubs · Campus" }, { name: "robots", content: "noindex" }];
