import { Form, useNavigation } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { EmptyState, LoadingBar, RouteError } from "#app/components/hostel/ui.tsx";
import { attempt } from "#app/lib/action-result.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { newSubmissionKey, SUBMISSION_FIELD, submissionKeyOf } from "#server/lib/idempotency.ts";
import { formInput, parseWith } from "#server/lib/validate.ts";
import { HOSTEL_MESSAGES } from "#common/hostel-messages.ts";
import {
  cleanLabel,
  CLEANLINESS,
  ROOM_TYPES,
  roomTypeLabel,
  SLEEP_SCHEDULES,
  sleepLabel,
  STUDY_HABITS,
  studyLabel,
} from "#common/hostel-labels.ts";
import {
  createListing,
  deleteListing,
  listingQuerySchema,
  listingSchema,
  readRoommates,
  updateListing,
} from "#server/services/hostel/roommates.ts";
import { reportAction } from "#app/lib/report.server.ts";
import { keepOnNetworkFailure } from "#app/lib/network-failure.ts";
import type { Route } from "./+types/roommate-finder";
import { mayAct } from "#common/membership.ts";
import { VerifyBanner } from "#app/components/verify-banner.ts";
import { readForm } from "#app/lib/form.server.ts";
import { shortBlock, FilterSelect, ListingCard, MyListing } from "#app/components/hostel/roommates.tsx";
import { dispatch } from "#app/lib/actions.server.ts";
import { mergeIntents } from "#app/lib/intents.ts";
import { ROOMMATE_INTENTS } from "#app/components/hostel/hostel-intents.ts";
import { REPORT_INTENTS } from "#app/components/moderation/report-intents.ts";
import { Field } from "#app/components/Field.tsx";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const env = envOf(context);
  const parsed = listingQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = parsed.success ? parsed.data : {};
  const { blocks, listings, mine } = await readRoommates(env, user, query);
  // One key per rendered form: a double submit of it posts one listing (worker/lib/idempotency.ts).
  return {
    blocks,
    listings,
    mine,
    query,
    filtered: Object.values(query).some((v) => v !== undefined),
    submissionKey: newSubmissionKey(),
    mayAct: mayAct(user),
    email: user.email,
  };
}

// The page's forms: the student's own listing and the report form.
const INTENTS = mergeIntents(ROOMMATE_INTENTS, REPORT_INTENTS);

export async function action({ context, request }: Route.ActionArgs) {
  const user = await requireUser(context);
  const env = envOf(context);
  const form = await readForm(request);
  const id = String(form.get("id") ?? "");
  return dispatch(form, INTENTS, {
    create: (intent) => {
      return attempt(intent, HOSTEL_MESSAGES.listingPostedOnScreen, () => {
        const key = submissionKeyOf(null, form.get(SUBMISSION_FIELD));
        return createListing(env, user, parseWith(listingSchema, formInput(form)), key);
      });
    },
    update: (intent) =>
      attempt(intent, HOSTEL_MESSAGES.listingUpdated, () =>
        updateListing(env, user, id, parseWith(listingSchema, formInput(form))),
      ),
    delete: (intent) => attempt(intent, HOSTEL_MESSAGES.listingRemoved, () => deleteListing(env, user, id)),
    report: () => reportAction(env, user, form),
  });
}

// A form sent without a connection keeps the page and says so (app/lib/network-failure.ts).
export const clientAction = (args: Route.ClientActionArgs) => keepOnNetworkFailure(args);

export default function RoommateFinder({ loaderData }: Route.ComponentProps) {
  const { blocks, listings, mine, query, filtered, submissionKey, mayAct: canAct, email } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/roommate-finder";

  return (
    <>
      <PageIntro
        title="Roommate Finder"
        lead="Post what you're like and what you're looking for, then browse students whose habits match yours. Reach out on WhatsApp or by e-mail."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:items-start">
        {canAct ? (
          <MyListing blocks={blocks} mine={mine} submissionKey={submissionKey} />
        ) : (
          <div id="my-listing" className="scroll-mt-4 lg:sticky lg:top-4">
            <VerifyBanner what="post a roommate listing and see other students' contacts" email={email} />
          </div>
        )}

        <section aria-labelledby="browse-heading" className="min-w-0 space-y-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="browse-heading" className="text-xl font-semibold">
              Browse listings
            </h2>
            <a
              href="#my-listing"
              className="text-sm font-semibold text-indigo-700 underline underline-offset-2 lg:hidden dark:text-indigo-300"
            >
              {mine ? "Your listing" : "Post your own listing"}
            </a>
          </div>
          <Form
            method="get"
            className="card grid grid-cols-1 gap-3 p-4 min-[420px]:grid-cols-2 xl:grid-cols-3"
            aria-label="Filter listings"
          >
            <FilterSelect
              id="f-block"
              name="block"
              label="Block"
              value={query.block}
              options={blocks.map((b) => [b.id, shortBlock(b.name)] as const)}
              anyLabel="Any block"
            />
            <FilterSelect
              id="f-room"
              name="roomType"
              label="Room type"
              value={query.roomType}
              options={ROOM_TYPES.filter((r) => r !== "any").map((r) => [r, roomTypeLabel[r]] as const)}
              anyLabel="Any room type"
            />
            <FilterSelect
              id="f-sleep"
              name="sleepSchedule"
              label="Sleep schedule"
              value={query.sleepSchedule}
              options={SLEEP_SCHEDULES.map((s) => [s, sleepLabel[s]] as const)}
              anyLabel="Any schedule"
            />
            <FilterSelect
              id="f-study"
              name="studyHabits"
              label="Study habits"
              value={query.studyHabits}
              options={STUDY_HABITS.map((s) => [s, studyLabel[s]] as const)}
              anyLabel="Any habits"
            />
            <FilterSelect
              id="f-clean"
              name="cleanliness"
              label="Cleanliness"
              value={query.cleanliness}
              options={CLEANLINESS.map((c) => [c, cleanLabel[c]] as const)}
              anyLabel="Any"
            />
            <Field id="f-budget" name="maxBudget" label="Max budget (₹/month)">
              <input
                type="number"
                inputMode="numeric"
                min={0}
                step={100}
                defaultValue={query.maxBudget ?? ""}
                key={query.maxBudget ?? ""}
                className="input"
              />
            </Field>
            <div className="flex flex-wrap gap-2 min-[420px]:col-span-2 xl:col-span-3">
              <button type="submit" className="btn-primary">
                Apply filters
              </button>
              {filtered && (
                <a href="/roommate-finder" className="btn-secondary">
                  Clear filters
                </a>
              )}
            </div>
          </Form>
          <LoadingBar active={loading} />
          <div aria-live="polite" aria-busy={loading}>
            {listings.length === 0 ? (
              <EmptyState
                title={filtered ? "No listings match these filters." : "No listings from other students yet."}
              >
                {filtered ? "Try fewer filters or a higher budget." : "Post yours so others can find you first."}
              </EmptyState>
            ) : (
              <ul className="grid gap-4 xl:grid-cols-2">
                {listings.map((listing) => (
                  <li key={listing.id}>
                    <ListingCard listing={listing} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Roommate Finder · Campus" },
  { name: "description", content: "Find a roommate whose habits match yours." },
];

export function ErrorBoundary() {
  return <RouteError title="Roommate Finder" />;
}
