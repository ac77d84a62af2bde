import type { MouseEvent, ReactNode } from "react";

// The two form pieces every screen uses, in a module of their own: a page that needs only these does
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
