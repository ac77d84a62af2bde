import { Form } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import {
  answerFor,
  BackToSetup,
  FormAnswer,
  SetupField,
  SetupSection,
  useSending,
} from "#app/components/setup/fields.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import { attempt, attemptTold } from "#app/lib/action-result.server.ts";
import { adminPageRead, readSetupForm } from "#app/lib/setup.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { parseWith } from "#server/lib/validate.ts";
import { idParamSchema } from "#server/services/campus-setup/common.ts";
import {
  addMeetupPlace,
  listSetupMeetupPlaces,
  type MeetupPlace,
  meetupPlaceSchema,
  retireMeetupPlace,
  updateMeetupPlace,
} from "#server/services/campus-setup/meetup-places.ts";
import { SETUP_FORM_LIMIT } from "#common/body-limits.ts";
import { SETUP_MESSAGES as M } from "#common/campus-setup-messages.ts";
import {
  MEETUP_PLACE_NAME_MAX,
  MEETUP_PLACE_NOTE_MAX,
  MEETUP_PLACES_MAX,
  MEETUP_SAFETY_TIPS,
} from "#common/meetup-places.ts";
import type { Route } from "./+types/admin-setup-meetup-places";
import { dispatch } from "#app/lib/actions.server.ts";
import { intents, withId } from "#app/lib/intents.ts";

// The college's safe meet-up places for trades (docs/decisions/0116-meetup-places.md): buyers and
// sellers agree on one of these. Retiring a place keeps it for the meet-ups that named it.
export const handle = { bodyLimit: SETUP_FORM_LIMIT };

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  return { places: await adminPageRead(() => listSetupMeetupPlaces(envOf(context), user)) };
}

// The step's forms; one acting on a record posts "<name>:<id>" (withId).
const INTENTS = intents("add", "save", "retire");

export async function action({ context, request }: Route.ActionArgs) {
  const { user, env, intent, verb, id, input } = await readSetupForm(context, request);
  return dispatch({ intent, name: verb }, INTENTS, {
    add: () =>
      attempt(intent, M.placeAdded(String(input.name ?? "").trim()), () =>
        addMeetupPlace(env, user, parseWith(meetupPlaceSchema, input)),
      ),
    save: () =>
      attempt(intent, M.placeSaved(String(input.name ?? "").trim()), () =>
        updateMeetupPlace(env, user, parseWith(idParamSchema, { id }), parseWith(meetupPlaceSchema, input)),
      ),
    retire: () =>
      attemptTold(intent, async () => {
        const place = await retireMeetupPlace(env, user, parseWith(idParamSchema, { id }));
        return { message: M.placeRetired(place.name) };
      }),
  });
}

export default function SetupMeetupPlaces({ loaderData, actionData }: Route.ComponentProps) {
  const { places } = loaderData;
  const result = actionData ?? null;
  const added = answerFor(result, INTENTS.add);
  const adding = useSending(INTENTS.add);
  const retired = result?.ok && result.intent.startsWith(`${INTENTS.retire}:`) ? result : null;
  const full = places.length >= MEETUP_PLACES_MAX;
  return (
    <>
      <BackToSetup />
      <PageIntro
        title="Safe meet-up places"
        lead="Where buyers and sellers meet to hand over what they trade: lit, public places where people are around. Traders choose one of these when they agree a meet-up."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:items-start">
        <section aria-labelledby="places-heading" className="min-w-0 space-y-3">
          <h2 id="places-heading" className="text-lg font-semibold">
            Places ({places.length} of {MEETUP_PLACES_MAX})
          </h2>
          {/* A retired place leaves the list, so its answer is shown above it. */}
          <FormAnswer result={retired} />
          {places.length === 0 ? (
            <p className="text-slate-600 dark:text-slate-400">No places yet: add the first with the form.</p>
          ) : (
            <ul className="space-y-2">
              {places.map((place) => (
                <PlaceRow key={place.id} place={place} result={result} />
              ))}
            </ul>
          )}
        </section>
        <SetupSection id="add-place-heading" title="Add a place">
          {full ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">{M.placesFull(MEETUP_PLACES_MAX)}</p>
          ) : null}
          {/* Keyed by the count: a place added empties the form for the next; a refusal keeps what was typed. */}
          <Form key={places.length} method="post" className="space-y-3">
            <PlaceFields form="add" result={added} />
            <SubmitButton busy={adding} busyLabel="Adding..." name="intent" value={INTENTS.add}>
              Add place
            </SubmitButton>
            <FormAnswer result={added} />
          </Form>
        </SetupSection>
        <SetupSection id="tips-heading" title="What traders are told">
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
            {MEETUP_SAFETY_TIPS.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </SetupSection>
      </div>
    </>
  );
}

function PlaceFields({ form, result, place }: { form: string; result: ActionResult | null; place?: MeetupPlace }) {
  return (
    <>
      <SetupField
        form={form}
        name="name"
        label={place ? `Name of ${place.name}` : "Name"}
        placeholder={place ? undefined : "Library entrance"}
        result={result}
        defaultValue={place?.name}
        required
        maxLength={MEETUP_PLACE_NAME_MAX}
      />
      <SetupField
        form={form}
        name="note"
        label={place ? `Note on ${place.name} (optional)` : "Note (optional)"}
        hint={place ? undefined : "When it is open or how to find it, such as: Staffed 8 am to 10 pm."}
        result={result}
        defaultValue={place?.note ?? undefined}
        maxLength={MEETUP_PLACE_NOTE_MAX}
      />
    </>
  );
}

function PlaceRow({ place, result }: { place: MeetupPlace; result: ActionResult | null }) {
  const save = withId(INTENTS.save, place.id);
  const retire = withId(INTENTS.retire, place.id);
  const saved = answerFor(result, save);
  // A place retired leaves the list: its success is shown above the list, only a refusal here.
  const retired = answerFor(result, retire);
  const retireRefused = retired && !retired.ok ? retired : null;
  const saving = useSending(save);
  const retiring = useSending(retire);
  return (
    <li className="card space-y-2 p-4">
      <Form method="post" className="space-y-2" aria-label={place.name}>
        <PlaceFields form={save} result={saved} place={place} />
        <SubmitButton busy={saving} busyLabel="Saving..." className="btn-secondary" name="intent" value={save}>
          Save<span className="sr-only"> {place.name}</span>
        </SubmitButton>
      </Form>
      <FormAnswer result={saved} />
      <Form method="post">
        <SubmitButton busy={retiring} busyLabel="Retiring..." className="btn-secondary" name="intent" value={retire}>
          Retire<span className="sr-only"> {place.name}</span>
        </SubmitButton>
      </Form>
      <FormAnswer result={retireRefused} />
    </li>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Safe meet-up places · Campus" },
  { name: "robots", content: "noindex" },
];
