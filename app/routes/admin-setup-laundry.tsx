import { SetupField } from "#app/components/setup/fields.tsx";
import { RecordsStep } from "#app/components/setup/RecordsStep.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import { attempt } from "#app/lib/action-result.server.ts";
import { adminPageRead, readSetupForm } from "#app/lib/setup.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { parseWith } from "#server/lib/validate.ts";
import { idParamSchema } from "#server/services/campus-setup/common.ts";
import {
  addSlot,
  listSetupSlots,
  removeSlot,
  type SetupSlot,
  slotSchema,
  updateSlot,
} from "#server/services/campus-setup/laundry.ts";
import { SETUP_FORM_LIMIT } from "#common/body-limits.ts";
import { hhmm } from "#common/campus-setup.ts";
import { SETUP_MESSAGES as M } from "#common/campus-setup-messages.ts";
import type { Route } from "./+types/admin-setup-laundry";
import { dispatch } from "#app/lib/actions.server.ts";
import { intents } from "#app/lib/intents.ts";

// Step 4 of the set-up (docs/decisions/0104-campus-setup.md): the laundry's pickup slots, the same
// every day, each with how many pickups it takes. A slot with bookings is closed (capacity 0), not removed.
export const handle = { bodyLimit: SETUP_FORM_LIMIT };

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  return { slots: await adminPageRead(() => listSetupSlots(envOf(context), user)) };
}

// The step's forms; one acting on a record posts "<name>:<id>" (withId).
const INTENTS = intents("add", "save", "remove");

export async function action({ context, request }: Route.ActionArgs) {
  const { user, env, intent, verb, id, input } = await readSetupForm(context, request);
  const time = String(input.startsAt ?? "");
  return dispatch({ intent, name: verb }, INTENTS, {
    add: () => attempt(intent, M.slotAdded(time), () => addSlot(env, user, parseWith(slotSchema, input))),
    save: () =>
      attempt(intent, M.slotSaved(time), () =>
        updateSlot(env, user, parseWith(idParamSchema, { id }), parseWith(slotSchema, input)),
      ),
    remove: () => attempt(intent, M.saved, () => removeSlot(env, user, parseWith(idParamSchema, { id }))),
  });
}

export default function SetupLaundry({ loaderData, actionData }: Route.ComponentProps) {
  const { slots } = loaderData;
  return (
    <RecordsStep
      title="Laundry slots"
      lead="Pickup times, the same every day, and how many pickups each takes. Students book them on Laundry Service."
      list={{ id: "slots", heading: `Slots (${slots.length})`, empty: "No slots yet: add the first with the form." }}
      add={{ id: "add-slot-heading", title: "Add a slot", button: "Add slot" }}
      intents={INTENTS}
      records={slots}
      fields={(form, result, slot) => <SlotFields form={form} result={result} slot={slot} />}
      row={(slot) => {
        const label = `${hhmm(slot.startsAtMin)} to ${hhmm(slot.endsAtMin)}`;
        return {
          name: `the ${label} slot`,
          formLabel: `The ${label} slot`,
          info: (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {slot.bookings} booking{slot.bookings === 1 ? "" : "s"} so far{slot.capacity === 0 ? " · closed" : ""}
            </p>
          ),
        };
      }}
      result={actionData ?? null}
    />
  );
}

function SlotFields({ form, result, slot }: { form: string; result: ActionResult | null; slot?: SetupSlot }) {
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      <SetupField
        form={form}
        name="startsAt"
        label="Starts"
        type="time"
        result={result}
        defaultValue={slot ? hhmm(slot.startsAtMin) : undefined}
        required
      />
      <SetupField
        form={form}
        name="endsAt"
        label="Ends"
        type="time"
        result={result}
        defaultValue={slot ? hhmm(slot.endsAtMin) : undefined}
        required
      />
      <SetupField
        form={form}
        name="capacity"
        label="Pickups a day"
        type="number"
        inputMode="numeric"
        min={0}
        max={500}
        result={result}
        defaultValue={slot?.capacity ?? 10}
        required
      />
    </div>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Laundry slots · Campus" },
  { name: "robots", content: "noindex" },
];
