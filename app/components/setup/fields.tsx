import type { ReactNode } from "react";
import { Link, useNavigation } from "react-router";
import { Alert } from "#app/components/Alert.tsx";
import { FieldError } from "#app/components/form-controls.tsx";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";

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

export function Field({
  form,
  name,
  label,
  result,
  hint,
  className = "",
  ...input
}: {
  /** The form's own prefix, so ids are unique on a page of many forms. */
  form: string;
  name: string;
  label: string;
  result: ActionResult | null;
  hint?: string;
  className?: string;
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
  const id = `${form}-${name}`.replace(/[^\w-]/g, "_");
  const error = fieldError(result, name);
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      <input
        id={id}
        name={name}
        className="input w-full"
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...input}
      />
      <FieldError id={id} message={error} />
    </div>
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
