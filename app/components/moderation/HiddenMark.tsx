/**
 * On content a moderator (or three members' reports) hid: only its owner and staff still
 * see it, and this says so and why.
 */
export function HiddenMark({ reason }: { reason: string | null | undefined }) {
  if (!reason) return null;
  return (
    <p className="mt-1.5 rounded-lg bg-amber-100 px-2 py-1 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">{`Hidden from other students: ${reason}`}</p>
  );
}
