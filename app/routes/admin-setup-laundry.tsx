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
import { intents, withId } from "#app/lib/intents.ts";

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
  const result = actionData ?? null;
  const added = answerFor(result, INTENTS.add);
  const adding = useSending(INTENTS.add);
  return (
    <>
      <BackToSetup />
      <PageIntro
        title="Laundry slots"
        lead="Pickup times, the same every day, and how many pickups each takes. Students book them on Laundry Service."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:items-start">
        <section aria-labelledby="slots-heading" className="min-w-0 space-y-3">
          <h2 id="slots-heading" className="text-lg font-semibold">
            Slots ({slots.length})
          </h2>
          {slots.length === 0 ? (
            <p className="text-slate-600 dark:text-slate-400">No slots yet: add the first with the form.</p>
          ) : (
            <ul className="space-y-2">
              {slots.map((slot) => (
                <SlotRow key={slot.id} slot={slot} result={result} />
              ))}
            </ul>
          )}
        </section>
        <SetupSection id="add-slot-heading" title="Add a slot">
          {/* Keyed by the count: a slot added empties the form for the next; a refusal keeps what was typed. */}
          <Form key={slots.length} method="post" className="space-y-3">
            <SlotFields form="add" result={added} />
            <SubmitButton busy={adding} busyLabel="Adding..." name="intent" value={INTENTS.add}>
              Add slot
            </SubmitButton>
            <FormAnswer result={added} />
          </Form>
        </SetupSection>
      </div>
    </>
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

function SlotRow({ slot, result }: { slot: SetupSlot; result: ActionResult | null }) {
  const save = withId(INTENTS.save, slot.id);
  const remove = withId(INTENTS.remove, slot.id);
  const saved = answerFor(result, save);
  const removed = answerFor(result, remove);
  const saving = useSending(save);
  const removing = useSending(remove);
  const label = `${hhmm(slot.startsAtMin)} to ${hhmm(slot.endsAtMin)}`;
  return (
    <li className="card space-y-2 p-4">
      <Form method="post" className="space-y-2" aria-label={`The ${label} slot`}>
        <SlotFields form={save} result={saved} slot={slot} />
        <SubmitButton busy={saving} busyLabel="Saving..." className="btn-secondary" name="intent" value={save}>
          Save<span className="sr-only"> the {label} slot</span>
        </SubmitButton>
      </Form>
      <FormAnswer result={saved} />
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {slot.bookings} booking{slot.bookings === 1 ? "" : "s"} so far{slot.capacity === 0 ? " · closed" : ""}
      </p>
      <Form method="post">
        <SubmitButton busy={removing} busyLabel="Removing..." className="btn-secondary" name="intent" value={remove}>
          Remove<span className="sr-only"> the {label} slot</span>
        </SubmitButton>
      </Form>
      <FormAnswer result={removed} />
    </li>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Laundry slots · Campus" },
  { name: "robots", content: "noindex" },
];
