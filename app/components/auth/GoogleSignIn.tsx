// The specification's text when the browser cannot be sent to Google.
const GOOGLE_START_FAILED = "Failed to redirect to Google login. Please try again.";

/**
 * "or", then "Continue with Google": a full-page move to the API's Google start, which comes back to
 * the screen with a one-time code (or ?error=...). `onFailure` shows the text the screen's way.
 */
export function GoogleSignIn({ onFailure }: { onFailure: (text: string) => void }) {
  function startGoogle() {
    try {
      window.location.assign("/api/google/auth?source=auth");
    } catch {
      onFailure(GOOGLE_START_FAILED);
    }
  }

  return (
    <>
      <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        or
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      <button type="button" onClick={startGoogle} className="btn-secondary w-full">
        {/* A file of its own (public/icons/), cached once: its four paths are no work for the page's script. */}
        <img src="/icons/google.svg" alt="" width={20} height={20} className="h-5 w-5" />
        Continue with Google
      </button>
    </>
  );
}
