import type { InputHTMLAttributes } from "react";

type AuthFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  /** Registering, what the server said is wrong with this field. */
  problem: string | null;
  /** The field has a hint (the element `<id>-hint` among the children). */
  hint?: boolean;
};

/**
 * One of the sign-in screen's fields (all required): its label, its input, what follows it (a hint, "Forgot
 * password?") and its problem. The problem line is FieldError's (app/components/form-controls.tsx),
 * written out here: the sign-in screen is the page most visitors load first, and that module would
 * bring its SubmitButton along for three lines (decision 0079's budget).
 */
export function AuthField({ id, label, problem, hint, children, ...input }: AuthFieldProps) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        name={id}
        required
        className="input"
        aria-invalid={problem ? true : undefined}
        aria-describedby={[hint && `${id}-hint`, problem && `${id}-error`].filter(Boolean).join(" ") || undefined}
        {...input}
      />
      {children}
      {problem && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </div>
  );
}
