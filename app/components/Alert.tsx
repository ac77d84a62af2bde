import type { ReactNode, Ref } from "react";

const tones = {
  error: "border-red-300 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/60 dark:text-red-100",
  success:
    "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100",
  warning: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100",
  info: "border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-900 dark:bg-sky-950/60 dark:text-sky-100",
} as const;

interface AlertProps {
  tone: keyof typeof tones;
  children: ReactNode;
  onDismiss?: () => void;
  /** Given when the page moves the focus to the message (it can then take the focus). */
  ref?: Ref<HTMLDivElement>;
}

/** A message banner; errors are announced assertively, everything else politely. */
export function Alert({ tone, children, onDismiss, ref }: AlertProps) {
  return (
    <div
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      role={tone === "error" ? "alert" : "status"}
      className={`flex items-start gap-3 rounded-xl border px-4 py-3 text-sm ${tones[tone]}`}
    >
      <div className="flex-1">{children}</div>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          className="-my-1 rounded-lg px-2 py-1 font-semibold hover:bg-black/5 dark:hover:bg-white/10"
          aria-label="Dismiss message"
        >
          ✕
        </button>
      )}
    </div>
  );
}

export function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className="h-5 w-5 animate-spin rounded-full border-2 border-current border-t-transparent"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
