import type { ReactElement, ReactNode } from "react";
import { Link, useNavigation } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { Field } from "#app/components/Field.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";

// The pieces of the campus admin's set-up forms (docs/decisions/0104-campus-setup.md). Each form
// names its answer by intent (`add`, `save:<id>` ...), so a page of many forms shows each answer
// and each invalid field under the form it came from.

/** This form's answer, if the last answer was for it. */
export function answerFor(result: ActionResult | null | undefined, intent: string): ActionResult | null {
  return result && result.intent === intent ? result : null;
}

/** The form with this intent is being sent (the button shows progress). */
export function useSending(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** A field's id on a page of many forms: the form's own prefix and the field's name. */
export function setupFieldId(form: string, name: string): string {
  return `${form}-${name}`.replace(/[^\w-]/g, "_");
}

/**
 * A set-up form's field: app/components/Field.tsx with the id made unique by the form's prefix and
 * the hint above the control; an input of the given attributes, or the select or textarea given.
 */
export function SetupField({
  form,
  name,
  label,
  result,
  hint,
  className,
  children,
  ...input
}: {
  /** The form's own prefix, so ids are unique on a page of many forms. */
  form: string;
  name: string;
  label: string;
  result: ActionResult | null;
  hint?: string;
  className?: string;
  children?: ReactElement<{ className?: string }>;
  type?: string;
  defaultValue?: string | number;
  required?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  pattern?: string;
  placeholder?: string;
  inputMode?: "numeric" | "text";
}) {
  return (
    <Field
      id={setupFieldId(form, name)}
      name={name}
      label={label}
      hint={hint}
      hintAbove
      result={result}
      className={className}
    >
      {children ?? <input className="input w-full" {...input} />}
    </Field>
  );
}

/** The form's answer as a whole: a success, or a refusal that is about no one field. */
export function FormAnswer({ result }: { result: ActionResult | null }) {
  if (!result || (!result.ok && result.field)) return null;
  return <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert>;
}

export function BackToSetup() {
  return (
    <p className="mb-4">
      <Link to="/admin/setup" className="font-semibold text-indigo-700 underline dark:text-indigo-300">
        Back to the set-up checklist
      </Link>
    </p>
  );
}

export function SetupSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card min-w-0 space-y-3 p-5">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
