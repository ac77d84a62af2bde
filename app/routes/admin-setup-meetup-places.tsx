import { SetupField, SetupSection } from "#app/components/setup/fields.tsx";
import { RecordsStep } from "#app/components/setup/RecordsStep.tsx";
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
import { intents } from "#app/lib/intents.ts";

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
  return (
    <RecordsStep
      title="Safe meet-up places"
      lead="Where buyers and sellers meet to hand over what they trade: lit, public places where people are around. Traders choose one of these when they agree a meet-up."
      list={{
        id: "places",
        heading: `Places (${places.length} of ${MEETUP_PLACES_MAX})`,
        empty: "No places yet: add the first with the form.",
      }}
      add={{
        id: "add-place-heading",
        title: "Add a place",
        button: "Add place",
        note:
          places.length >= MEETUP_PLACES_MAX ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">{M.placesFull(MEETUP_PLACES_MAX)}</p>
          ) : null,
      }}
      intents={{ add: INTENTS.add, save: INTENTS.save, remove: INTENTS.retire }}
      remove={{ label: "Retire", busyLabel: "Retiring..." }}
      removalAnswerAbove
      records={places}
      fields={(form, result, place) => <PlaceFields form={form} result={result} place={place} />}
      row={(place) => ({ name: place.name, formLabel: place.name })}
      result={actionData ?? null}
      aside={
        <SetupSection id="tips-heading" title="What traders are told">
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
            {MEETUP_SAFETY_TIPS.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </SetupSection>
      }
    />
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

export const meta: Route.MetaFunction = () => [
  { title: "Safe meet-up places · Campus" },
  { name: "robots", content: "noindex" },
];
