import type { MouseEvent, ReactNode } from "react";

// The submit button every form uses, in a module of its own: a page that needs only it does not load
// the hostel screens' badges and states (app/components/hostel/ui.tsx) with it. A field's label, hint
// and problem are app/components/Field.tsx.

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
