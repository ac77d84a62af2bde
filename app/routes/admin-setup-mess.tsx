import { Form } from "react-router";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { Field } from "#app/components/Field.tsx";
import { answerFor, FormAnswer, SetupField, useSending } from "#app/components/setup/fields.tsx";
import { RecordsStep } from "#app/components/setup/RecordsStep.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import { attempt } from "#app/lib/action-result.server.ts";
import { adminPageRead, readSetupForm } from "#app/lib/setup.server.ts";
import { envOf, requireUser } from "#app/lib/session.server.ts";
import { parseWith } from "#server/lib/validate.ts";
import { idParamSchema } from "#server/services/campus-setup/common.ts";
import {
  addMeal,
  mealSchema,
  menuDaySchema,
  removeMeal,
  setMenuDay,
  type SetupMeal,
  type SetupMenuCell,
  updateMeal,
} from "#server/services/campus-setup/mess.ts";
import { readMessSetup } from "#server/services/campus-setup/overview.ts";
import { SETUP_FORM_LIMIT } from "#common/body-limits.ts";
import { hhmm } from "#common/campus-setup.ts";
import { SETUP_MESSAGES as M } from "#common/campus-setup-messages.ts";
import { WEEKDAYS } from "#common/hostel-labels.ts";
import type { Route } from "./+types/admin-setup-mess";
import { dispatch } from "#app/lib/actions.server.ts";
import { intents, withId } from "#app/lib/intents.ts";

// Step 3 of the set-up (docs/decisions/0104-campus-setup.md): the mess's meals with their times and
// the weekly menu, a form per day. A meal students rated is not removed.
export const handle = { bodyLimit: SETUP_FORM_LIMIT };

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  return adminPageRead(() => readMessSetup(envOf(context), user));
}

// The step's forms; one acting on a record posts "<name>:<id>" (withId).
const INTENTS = intents("add", "save", "remove", "menu");

export async function action({ context, request }: Route.ActionArgs) {
  const { user, env, intent, verb, id, input } = await readSetupForm(context, request);
  const name = String(input.name ?? "").trim();
  return dispatch({ intent, name: verb }, INTENTS, {
    add: () => attempt(intent, M.mealAdded(name), () => addMeal(env, user, parseWith(mealSchema, input))),
    save: () =>
      attempt(intent, M.mealSaved(name), () =>
        updateMeal(env, user, parseWith(idParamSchema, { id }), parseWith(mealSchema, input)),
      ),
    remove: () => attempt(intent, M.saved, () => removeMeal(env, user, parseWith(idParamSchema, { id }))),
    menu: () => {
      const items = Object.fromEntries(
        Object.entries(input)
          .filter(([key]) => key.startsWith("items."))
          .map(([key, value]) => [key.slice("items.".length), value]),
      );
      return attempt(intent, M.menuSaved, () => setMenuDay(env, user, parseWith(menuDaySchema, { day: id, items })));
    },
  });
}

export default function SetupMess({ loaderData, actionData }: Route.ComponentProps) {
  const { meals, menu } = loaderData;
  const result = actionData ?? null;
  return (
    <RecordsStep
      title="Mess"
      lead="The meals with their times, then what each day serves. Students see it on the mess menu."
      list={{ id: "meals", heading: `Meals (${meals.length})`, empty: "No meals yet: add the first with the form." }}
      add={{ id: "add-meal-heading", title: "Add a meal", button: "Add meal" }}
      intents={INTENTS}
      records={meals}
      fields={(form, answer, meal) => <MealFields form={form} result={answer} meal={meal} />}
      row={(meal) => ({
        name: meal.name,
        formLabel: `${meal.name}, ${hhmm(meal.startsAtMin)} to ${hhmm(meal.endsAtMin)}`,
        info: (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {meal.ratings} rating{meal.ratings === 1 ? "" : "s"}
          </p>
        ),
      })}
      result={result}
    >
      {meals.length > 0 && (
        <section aria-labelledby="menu-heading" className="mt-8 space-y-3">
          <h2 id="menu-heading" className="text-lg font-semibold">
            Weekly menu
          </h2>
          <div className="grid gap-4 md:grid-cols-2">
            {WEEKDAYS.map((dayName, i) => (
              <MenuDay key={dayName} day={i + 1} dayName={dayName} meals={meals} menu={menu} result={result} />
            ))}
          </div>
        </section>
      )}
    </RecordsStep>
  );
}

function MealFields({ form, result, meal }: { form: string; result: ActionResult | null; meal?: SetupMeal }) {
  return (
    <>
      <SetupField
        form={form}
        name="name"
        label="Name"
        placeholder="Lunch"
        result={result}
        defaultValue={meal?.name}
        required
        maxLength={30}
      />
      <div className="grid grid-cols-2 gap-2">
        <SetupField
          form={form}
          name="startsAt"
          label="Starts"
          type="time"
          result={result}
          defaultValue={meal ? hhmm(meal.startsAtMin) : undefined}
          required
        />
        <SetupField
          form={form}
          name="endsAt"
          label="Ends"
          type="time"
          result={result}
          defaultValue={meal ? hhmm(meal.endsAtMin) : undefined}
          required
        />
      </div>
    </>
  );
}

function MenuDay({
  day,
  dayName,
  meals,
  menu,
  result,
}: {
  day: number;
  dayName: string;
  meals: SetupMeal[];
  menu: SetupMenuCell[];
  result: ActionResult | null;
}) {
  const intent = withId(INTENTS.menu, day);
  const answer = answerFor(result, intent);
  const sending = useSending(intent);
  return (
    <Form method="post" className="card space-y-3 p-4" aria-labelledby={`menu-day-${day}`}>
      <h3 id={`menu-day-${day}`} className="font-semibold">
        {dayName}
      </h3>
      {meals.map((meal) => (
        <Field key={meal.id} id={`menu-${day}-${meal.id}`} name={`items.${meal.id}`} label={meal.name} result={answer}>
          <textarea
            rows={2}
            maxLength={300}
            className="input w-full"
            defaultValue={menu.find((c) => c.day === day && c.mealId === meal.id)?.items ?? ""}
          />
        </Field>
      ))}
      <SubmitButton busy={sending} busyLabel="Saving..." className="btn-secondary" name="intent" value={intent}>
        Save {dayName}
      </SubmitButton>
      <FormAnswer result={answer} />
    </Form>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Mess · Campus" }, { name: "robots", content: "noindex" }];
