import { useState } from "react";
import { useHydrated } from "#app/lib/use-hydrated.ts";

// Sharing a page (docs/decisions/0131-sharing-without-leaking.md): the phone's share sheet (the Web
// Share API) where there is one, else the link copied. Loaded on demand (./LazyShare.tsx), so a page
// carries none of it in its first-load JavaScript. `words` are the page's sentences (decision 0103).
export function Share({
  url,
  title,
  words,
}: {
  url: string;
  title: string;
  words: { share: string; copied: string; copyFailed: string };
}) {
  const [said, setSaid] = useState("");
  // Drawn once the page runs: without JavaScript a button could do nothing (the address bar shares).
  const ready = useHydrated();
  const share = async () => {
    try {
      if (typeof navigator.share === "function") {
        await navigator.share({ title, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      setSaid(words.copied);
    } catch (error) {
      // The person closed the share sheet: nothing to say.
      if (error instanceof DOMException && error.name === "AbortError") return;
      setSaid(words.copyFailed);
    }
  };
  if (!ready) return null;
  return (
    // What was done is said under the button, outside the flow: the row beside it never moves.
    <span className="relative inline-flex">
      <button type="button" className="btn-secondary" onClick={() => void share()}>
        {words.share}
      </button>
      <span
        role="status"
        className="absolute right-0 top-full mt-1 whitespace-nowrap text-sm text-slate-600 dark:text-slate-400"
      >
        {said}
      </span>
    </span>
  );
}
