import { FieldError } from "#app/components/form-controls.tsx";

/**
 * The e-mailed 6-digit code's input (verify, reset, delete): numeric keyboard on phones, the
 * browser's one-time-code autofill, the error tied to the field. `compact` fits it beside a button
 * and leaves the error's line (id `<id>-error`) to the caller, below the row.
 */
export function CodeField({
  id,
  label,
  error,
  compact = false,
}: {
  id: string;
  label: string;
  error?: string | null;
  compact?: boolean;
}) {
  return (
    <div className={compact ? "flex flex-col gap-1" : undefined}>
      <label htmlFor={id} className={compact ? "text-sm font-medium" : "label"}>
        {label}
      </label>
      <input
        id={id}
        name="code"
        className={
          compact
            ? "input w-36 text-center font-mono tracking-[0.3em]"
            : "input text-center font-mono text-lg tracking-[0.4em]"
        }
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {!compact && <FieldError id={id} message={error} />}
    </div>
  );
}
