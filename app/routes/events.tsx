import { Form, Link } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { EventCard } from "#app/components/events/EventCard.tsx";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { Field } from "#app/components/Field.tsx";
import { envOf, getUser, logLoaderFailure } from "#app/lib/session.server.ts";
import { signInHref } from "#app/lib/redirect.ts";
import { EVENTS_CATEGORY } from "#common/enums.generated.ts";
import { EVENT_CATEGORY_LABELS, EVENT_MESSAGES as M } from "#common/events.ts";
import { listCampuses, readerCampus } from "#server/services/campus.ts";
import { eventListSchema, type EventList, listEvents } from "#server/services/events/events.ts";
import type { Route } from "./+types/events";

// A college's upcoming events (docs/decisions/0130-the-waiting-list.md): this week or everything
// ahead, by category and by club. A member sees their college's; a visitor (?campus=) only the
// events open to visitors (docs/decisions/0131-sharing-without-leaking.md). The filters are a GET
// form, so the page works without JavaScript. Two D1 queries: the session and one batch.
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await getUser(context);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = eventListSchema.safeParse(params);
  const query = parsed.success ? parsed.data : {};
  const campus = readerCampus(user, query.campus);
  const empty: EventList = { campus: null, events: [], clubs: [], mayPublish: false };
  try {
    const list = campus ? await listEvents(envOf(context), user, { ...query, campus }) : empty;
    // A visitor who names no college chooses one: each college's public page of events is its
    // /events?campus=<id> (docs/decisions/0131-sharing-without-leaking.md). The list is kept at the edge.
    const colleges =
      !user && !campus ? (await listCampuses(envOf(context))).map(({ id, name, city }) => ({ id, name, city })) : [];
    return { list, query, signedIn: user !== null, failed: false, colleges };
  } catch (error) {
    logLoaderFailure(context, request, "events failed", error);
    return { list: empty, query, signedIn: user !== null, failed: true, colleges: [] };
  }
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const { list, query, signedIn, failed, colleges } = loaderData;
  const heading = query.when === "week" ? "This week" : "Upcoming";
  return (
    <>
      <PageIntro
        title="Events"
        lead={
          signedIn
            ? `What is on at ${list.campus?.name ?? "your college"}: say you are going, and Campus reminds you an hour before.`
            : list.campus
              ? `Events at ${list.campus.name} open to visitors. Sign in with your college account to see them all.`
              : "Sign in with your college account to see your college's events."
        }
      />
      <div className="mb-4 flex flex-wrap gap-2">
        {signedIn && (
          <Link to="/clubs" className="btn-secondary">
            Clubs
          </Link>
        )}
        {list.mayPublish && (
          <Link to="/events/new" className="btn-primary">
            Publish an event
          </Link>
        )}
        {!signedIn && (
          <Link to={signInHref("/events")} className="btn-primary">
            Sign in
          </Link>
        )}
      </div>
      <Form
        method="get"
        className="card mb-6 grid grid-cols-1 gap-3 p-4 sm:grid-cols-4 sm:items-end"
        aria-label="Filter events"
      >
        {!signedIn && query.campus && <input type="hidden" name="campus" value={query.campus} />}
        <Field name="when" label="When">
          <select defaultValue={query.when ?? "upcoming"} className="input">
            <option value="upcoming">Everything ahead</option>
            <option value="week">This week</option>
          </select>
        </Field>
        <Field name="category" label="Category">
          <select defaultValue={query.category ?? ""} className="input">
            <option value="">Any category</option>
            {EVENTS_CATEGORY.map((c) => (
              <option key={c} value={c}>
                {EVENT_CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
        </Field>
        <Field name="club" label="Club">
          <select defaultValue={query.club ?? ""} className="input">
            <option value="">Any club</option>
            {list.clubs.map((club) => (
              <option key={club.id} value={club.id}>
                {club.name}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" className="btn-secondary">
          Show
        </button>
      </Form>
      {colleges.length > 0 && (
        <section aria-labelledby="colleges-heading" className="card mb-6 p-4">
          <h2 id="colleges-heading" className="text-lg font-semibold">
            Events open to visitors, by college
          </h2>
          <ul className="mt-2 space-y-1">
            {colleges.map((college) => (
              <li key={college.id}>
                <Link
                  to={`/events?campus=${encodeURIComponent(college.id)}`}
                  className="font-semibold text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
                >
                  {college.name}
                </Link>
                {college.city && <span className="text-slate-600 dark:text-slate-400">{`, ${college.city}`}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {failed ? (
        <Alert tone="error">{M.loadFailed}</Alert>
      ) : (
        <section aria-labelledby="events-heading">
          <h2 id="events-heading" className="text-lg font-semibold">
            {heading}
          </h2>
          {list.events.length === 0 ? (
            <p className="card mt-3 p-6 text-center text-slate-600 dark:text-slate-400">{M.noneYet}</p>
          ) : (
            <ul className="mt-3 grid grid-cols-1 gap-3 md:grid-cols-2">
              {list.events.map((event) => (
                <EventCard key={event.id} event={event} />
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: "Events · Campus" },
  {
    name: "description",
    content: loaderData?.list.campus ? `Events at ${loaderData.list.campus.name}.` : "Your college's events on Campus.",
  },
];
