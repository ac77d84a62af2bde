import type { InputHTMLAttributes, MouseEvent, ReactNode } from "react";

// The form pieces every screen uses, in a module of their own: a page that needs only these does
// not load the hostel screens' badges and states (app/components/hostel/ui.tsx) with them.

/** A field's error, tied to its input with aria-describedby={`${id}-error`}. */
export function FieldError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
      {message}
    </p>
  );
}

/**
 * The attributes that tie an input to its hint (an element's id) and to its error (the FieldError
 * of the same id): invalid while it has an error, described by both.
 */
export function fieldAria(id: string, error: string | null | undefined, hint?: string) {
  const describedBy = [hint, error && `${id}-error`].filter(Boolean).join(" ");
  return { "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined };
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement & HTMLTextAreaElement>, "id"> & {
  id: string;
  label: ReactNode;
  /** What the server said about this field (`fieldError(result, name)`), if anything. */
  error: string | null | undefined;
  hint?: ReactNode;
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number;
  /** The wrapper's class (grid placement). */
  wrap?: string;
};

/**
 * A labelled input (or textarea) with its hint and its error under it, tied together for screen
 * readers. The input keeps the browser's own constraints (required, maxLength, min, max), so a form
 * without JavaScript is checked before it is sent; the server checks it always and marks each
 * invalid field (decision 0103).
 */
export function Field({ id, label, error, hint, rows, wrap, ...input }: FieldProps) {
  const attributes = { id, className: "input", ...input, ...fieldAria(id, error, hint ? `${id}-hint` : undefined) };
  return (
    <div className={wrap}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {rows ? <textarea rows={rows} {...attributes} /> : <input {...attributes} />}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      <FieldError id={id} message={error} />
    </div>
  );
}

export function SubmitButton({
  busy,
  busyLabel,
  children,
  className = "btn-primary",
  ...rest
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
  className?: string;
  name?: string;
  value?: string;
  disabled?: boolean;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
}) {
  return (
    <button
      type="submit"
      className={className}
      disabled={busy || rest.disabled}
      aria-disabled={busy || rest.disabled}
      name={rest.name}
      value={rest.value}
      onClick={rest.onClick}
    >
      {busy ? (
        // The busy label is the button's name while it waits (a role="status" inside a button gives
        // it none in Chromium); the spinner is decoration.
        <>
          <span
            aria-hidden="true"
            className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
          />
          <span>{busyLabel}</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}
