import { Field } from "#app/components/Field.tsx";

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
    <Field
      id={id}
      name="code"
      label={label}
      error={error ?? null}
      errorElsewhere={compact}
      className={compact ? "flex flex-col gap-1" : undefined}
      labelClassName={compact ? "text-sm font-medium" : "label"}
    >
      <input
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
      />
    </Field>
  );
}
