import { Form } from "react-router";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { Field } from "#app/components/Field.tsx";
import { answerFor, FormAnswer, useSending } from "#app/components/setup/fields.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import { CLASS_CHOICE_INTENTS } from "#app/components/timetable/timetable-intents.ts";

/**
 * The student's class, chosen once (on the timetable's first visit, or on /account): a form post
 * with intent "choose", which both pages' actions answer through the same use-case (chooseClass).
 */
export function ClassPicker({
  heading = "Choose your class",
  className = "card mb-6 max-w-xl space-y-3 p-5",
  classes,
  chosen,
  result,
}: {
  classes: { id: string; label: string }[];
  chosen: string;
  result: ActionResult | null;
  heading?: string;
  className?: string;
}) {
  const answer = answerFor(result, "choose");
  const sending = useSending("choose");
  if (classes.length === 0)
    return (
      <p className={className}>
        Your college has not put a class timetable on Campus yet. You can still add entries of your own on the
        timetable.
      </p>
    );
  return (
    <section aria-labelledby="choose-heading" className={className}>
      <h2 id="choose-heading" className="text-lg font-semibold">
        {heading}
      </h2>
      <Form method="post" className="space-y-3">
        <Field name="classId" label="Your class" result={answer}>
          <select required className="input w-full" defaultValue={chosen}>
            <option value="" disabled>
              Programme, branch, semester, section
            </option>
            {classes.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </Field>
        <SubmitButton busy={sending} busyLabel="Saving..." name="intent" value={CLASS_CHOICE_INTENTS.choose}>
          Use this class
        </SubmitButton>
        <FormAnswer result={answer} />
      </Form>
    </section>
  );
}
