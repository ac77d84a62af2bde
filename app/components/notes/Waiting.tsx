/** What a semester page asks for after its first screen, while it is not here: on its way, or not reachable. */
export type Waiting = { state: "loading" } | { state: "failed"; offline: boolean };

/**
 * GET an API answer's `data` for a semester page's later reads (decisions 0139 and 0142); a refusal
 * throws, like a failed network, so the caller has one failure to show.
 */
export async function getData<T>(url: string, signal: AbortSignal): Promise<T> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}

/** One line while it comes (a status), or why it did not, with Try again (an alert). */
export function WaitLine({
  wait,
  loading,
  failed,
  offline,
  onRetry,
  small = false,
}: {
  wait: Waiting;
  loading: string;
  failed: string;
  offline: string;
  onRetry: () => void;
  small?: boolean;
}) {
  const size = small ? "text-sm" : "";
  if (wait.state === "loading")
    return (
      <p role="status" className={`mt-4 flex items-center gap-3 text-slate-600 dark:text-slate-400 ${size}`}>
        <span
          aria-hidden="true"
          className="h-5 w-5 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
        {loading}
      </p>
    );
  return (
    <div role="alert" className={`mt-4 flex flex-wrap items-center gap-3 ${size}`}>
      <p className="text-slate-700 dark:text-slate-300">{wait.offline ? offline : failed}</p>
      <button type="button" onClick={onRetry} className="btn-secondary">
        Try again
      </button>
    </div>
  );
}
