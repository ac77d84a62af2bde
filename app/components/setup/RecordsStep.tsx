import type { ReactNode } from "react";
import { Form } from "react-router";
import { PageIntro } from "#app/components/PageIntro.tsx";
import { SubmitButton } from "#app/components/form-controls.tsx";
import { answerFor, BackToSetup, FormAnswer, SetupSection, useSending } from "#app/components/setup/fields.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import { withId } from "#app/lib/intents.ts";

// The page of a set-up step that keeps a list of records (hostel blocks, laundry slots, meals,
// meet-up places: docs/decisions/0104-campus-setup.md): the way back to the checklist and the
// intro; the records, each with a form that saves it and one that removes (or retires) it; and the
// form that adds one. Each form posts its own intent (`add`, `save:<id>`, `remove:<id>`), so every
// answer shows under the form it came from. A step writes only its fields and its words.

/** What a record's row says about it. */
export interface RecordRowWords {
  /** How the row's buttons name the record to a screen reader ("Remove block C"). */
  name: string;
  /** How the Save button names what it saves, when not `name` ("Save the name of block C"). */
  saveName?: string;
  /** The save form's accessible name, when it has one. */
  formLabel?: string;
  /** A line about the record (how many use it), after the save form's answer... */
  info?: ReactNode;
  /** ...or before the save form. */
  infoFirst?: boolean;
}

interface RecordsStepProps<R extends { id: string }> {
  title: string;
  lead: string;
  /** The list: its heading's id is `<id>-heading`; `empty` is what it says with no records. */
  list: { id: string; heading: string; empty: string };
  /** The Add section: its heading's id and title, the button, and a note above the form. */
  add: { id: string; title: string; button: string; note?: ReactNode; encType?: "multipart/form-data" };
  /** The step's intents for adding, saving and removing a record (a record's form posts `<name>:<id>`). */
  intents: { add: string; save: string; remove: string };
  /** The remove button's words, when it does not remove ("Retire", "Retiring..."). */
  remove?: { label: string; busyLabel: string };
  /**
   * A record removed leaves the list, so the answer of a removal that went through is shown above
   * the list, and only a refusal in the record's row.
   */
  removalAnswerAbove?: boolean;
  records: R[];
  /** The fields of the form `form` (`add`, or a record's save intent), with the record it saves. */
  fields: (form: string, result: ActionResult | null, record?: R) => ReactNode;
  /** The save form lays its one field out beside the button, not above it. */
  inlineSave?: boolean;
  row: (record: R) => RecordRowWords;
  /** The page's last answer. */
  result: ActionResult | null;
  /** A section beside the Add form (what the records are for). */
  aside?: ReactNode;
  /** What follows the lists (a step's other forms). */
  children?: ReactNode;
}

export function RecordsStep<R extends { id: string }>({
  title,
  lead,
  list,
  add,
  intents,
  remove = { label: "Remove", busyLabel: "Removing..." },
  removalAnswerAbove = false,
  records,
  fields,
  inlineSave = false,
  row,
  result,
  aside,
  children,
}: RecordsStepProps<R>) {
  const removed = removalAnswerAbove && result?.ok && result.intent.startsWith(`${intents.remove}:`) ? result : null;
  return (
    <>
      <BackToSetup />
      <PageIntro title={title} lead={lead} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:items-start">
        <section aria-labelledby={`${list.id}-heading`} className="min-w-0 space-y-3">
          <h2 id={`${list.id}-heading`} className="text-lg font-semibold">
            {list.heading}
          </h2>
          {removalAnswerAbove && <FormAnswer result={removed} />}
          {records.length === 0 ? (
            <p className="text-slate-600 dark:text-slate-400">{list.empty}</p>
          ) : (
            <ul className="space-y-2">
              {records.map((record) => (
                <RecordRow
                  key={record.id}
                  record={record}
                  words={row(record)}
                  intents={intents}
                  remove={remove}
                  refusalOnly={removalAnswerAbove}
                  fields={fields}
                  inline={inlineSave}
                  result={result}
                />
              ))}
            </ul>
          )}
        </section>
        <SetupSection id={add.id} title={add.title}>
          {add.note}
          <AddForm
            count={records.length}
            intent={intents.add}
            button={add.button}
            result={result}
            encType={add.encType}
          >
            {(added) => fields("add", added)}
          </AddForm>
        </SetupSection>
        {aside}
      </div>
      {children}
    </>
  );
}

/**
 * The form that adds a record, keyed by how many there are: a record added empties it for the next,
 * a refusal keeps what was typed. Its fields get the form's own answer (each invalid field's problem).
 */
export function AddForm({
  count,
  intent,
  button,
  result,
  className = "space-y-3",
  encType,
  children,
}: {
  count: number;
  /** A form with a file (a club's logo). */
  encType?: "multipart/form-data";
  intent: string;
  button: string;
  /** The page's last answer. */
  result: ActionResult | null | undefined;
  className?: string;
  children: (answer: ActionResult | null) => ReactNode;
}) {
  const answer = answerFor(result, intent);
  const adding = useSending(intent);
  return (
    <Form key={count} method="post" className={className} encType={encType}>
      {children(answer)}
      <SubmitButton busy={adding} busyLabel="Adding..." name="intent" value={intent}>
        {button}
      </SubmitButton>
      <FormAnswer result={answer} />
    </Form>
  );
}

function RecordRow<R extends { id: string }>({
  record,
  words,
  intents,
  remove,
  refusalOnly,
  fields,
  inline,
  result,
}: {
  record: R;
  words: RecordRowWords;
  intents: { save: string; remove: string };
  remove: { label: string; busyLabel: string };
  refusalOnly: boolean;
  fields: RecordsStepProps<R>["fields"];
  inline: boolean;
  result: ActionResult | null;
}) {
  const save = withId(intents.save, record.id);
  const removal = withId(intents.remove, record.id);
  const saved = answerFor(result, save);
  const removed = answerFor(result, removal);
  const saving = useSending(save);
  const removing = useSending(removal);
  return (
    <li className="card space-y-2 p-4">
      {words.infoFirst && words.info}
      <Form
        method="post"
        className={inline ? "flex flex-wrap items-end gap-2" : "space-y-2"}
        aria-label={words.formLabel}
      >
        {fields(save, saved, record)}
        <SubmitButton busy={saving} busyLabel="Saving..." className="btn-secondary" name="intent" value={save}>
          Save<span className="sr-only"> {words.saveName ?? words.name}</span>
        </SubmitButton>
      </Form>
      <FormAnswer result={saved} />
      {!words.infoFirst && words.info}
      <Form method="post">
        <SubmitButton
          busy={removing}
          busyLabel={remove.busyLabel}
          className="btn-secondary"
          name="intent"
          value={removal}
        >
          {remove.label}
          <span className="sr-only"> {words.name}</span>
        </SubmitButton>
      </Form>
      <FormAnswer result={refusalOnly && removed?.ok ? null : removed} />
    </li>
  );
}
