import { cloneElement, type ReactElement, type ReactNode } from "react";
import { fieldError, type ActionResult } from "#app/lib/action-result.ts";

// The one labelled field of every form (decision 0127): the label, an optional hint, the control,
// and the problem the last answer reports for it, tied together for screen readers. The browser's
// own constraints (required, min, max, maxLength) stay on the control, so a form without JavaScript
// is checked before it is sent, and by the server always (decision 0103).

/** What a field gives its control: its id and name, and what ties it to its hint and its problem. */
export interface ControlProps {
  id: string;
  name?: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

type FieldProps = ({ id: string; name?: string } | { id?: string; name: string }) & {
  /** The control's id is `id` (else `name`); its hint's is `<id>-hint`, its problem's `<id>-error`. */
  id?: string;
  /** The control's name, and the field an answer's problem is read for (with `result`). */
  name?: string;
  label: ReactNode;
  /** The label's look, when it is not the form label's (a visually hidden label, a compact row). */
  labelClassName?: string;
  hint?: ReactNode;
  /** The hint between the label and the control, as the set-up forms show it. */
  hintAbove?: boolean;
  /** The hint's look, when it sits on a coloured panel. */
  hintClassName?: string;
  /** Ids of descriptions drawn elsewhere (a hint two fields share), read before the problem. */
  describedBy?: string;
  /** The problem to show; without it, what `result` reports for `name`. */
  error?: string | null;
  result?: ActionResult | null;
  /** The caller draws the problem's line (`<FieldError id={id} ...>`), below a row the field sits in. */
  errorElsewhere?: boolean;
  /** The wrapper's classes (its place in a grid or a row). */
  className?: string;
  /**
   * The control: an input, textarea or select (or a component taking ControlProps), given the
   * field's id, name and ARIA and the form's "input" look unless it has a className of its own; or a
   * function that draws the control with those props, and whatever belongs between it and the problem.
   */
  children: ReactElement<{ className?: string }> | ((control: ControlProps) => ReactNode);
};

export function Field({
  id,
  name,
  label,
  labelClassName = "label",
  hint,
  hintAbove = false,
  hintClassName,
  describedBy,
  error,
  result,
  errorElsewhere = false,
  className,
  children,
}: FieldProps) {
  const controlId = (id ?? name)!;
  const problem = error !== undefined ? error : name ? fieldError(result, name) : null;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const control: ControlProps = {
    id: controlId,
    ...(name !== undefined && { name }),
    "aria-invalid": problem ? true : undefined,
    "aria-describedby": [hintId, describedBy, problem && `${controlId}-error`].filter(Boolean).join(" ") || undefined,
  };
  const hintLine = hint ? (
    <p
      id={hintId}
      className={
        hintClassName ??
        (hintAbove ? "text-sm text-slate-600 dark:text-slate-400" : "mt-1 text-xs text-slate-600 dark:text-slate-400")
      }
    >
      {hint}
    </p>
  ) : null;
  return (
    <div className={className}>
      <label htmlFor={controlId} className={labelClassName}>
        {label}
      </label>
      {hintAbove && hintLine}
      {typeof children === "function"
        ? children(control)
        : cloneElement(children, { ...control, className: children.props.className ?? "input" })}
      {!hintAbove && hintLine}
      {!errorElsewhere && <FieldError id={controlId} message={problem} />}
    </div>
  );
}

/** A field's problem, tied to its control with aria-describedby={`${id}-error`}: the one way it is drawn. */
export function FieldError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
      {message}
    </p>
  );
}
