/** The sign-in screen's two sides; the one chosen is the form's intent (app/routes/auth.tsx). */
export type Side = "signin" | "register";
const SIDES: { value: Side; label: string }[] = [
  { value: "signin", label: "Sign In" },
  { value: "register", label: "Register" },
];

/** Sign In | Register, as tabs over the one form (`auth-form`); the arrow keys move between them. */
export function SideTabs({ side, onChoose }: { side: Side; onChoose: (side: Side) => void }) {
  return (
    <div
      role="tablist"
      aria-label="Sign in or register"
      className="mt-6 grid grid-cols-2 rounded-xl bg-slate-100 p-1 dark:bg-slate-800"
    >
      {SIDES.map((option) => (
        <button
          key={option.value}
          id={`tab-${option.value}`}
          type="button"
          role="tab"
          aria-selected={side === option.value}
          aria-controls="auth-form"
          tabIndex={side === option.value ? 0 : -1}
          onClick={() => onChoose(option.value)}
          onKeyDown={(event) => {
            if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
              const next = side === "signin" ? "register" : "signin";
              onChoose(next);
              document.getElementById(`tab-${next}`)?.focus();
            }
          }}
          className={`min-h-10 rounded-lg text-sm font-semibold ${side === option.value ? "bg-white shadow-sm dark:bg-slate-950" : "text-slate-600 dark:text-slate-300"}`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
