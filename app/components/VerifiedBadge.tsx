import { ShieldIcon } from "#app/components/icons/shield.tsx";

/** "Verified CIT student" on a listing or request of a member who proved their college address. */
export function VerifiedBadge({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-inset ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800">
      <ShieldIcon className="h-3.5 w-3.5 shrink-0" />
      {text}
    </span>
  );
}
