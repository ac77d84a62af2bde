import { useState } from "react";
import { useFetcher } from "react-router";
import { HeartIcon } from "#app/components/icons/heart.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import { HEART_INTENTS } from "#app/components/market/market-intents.ts";

/**
 * The heart on a listing: saves it to the student's Saved tab, or removes it. A form to the
 * page's own action (intent "save" or "unsave"), so it works without JavaScript; with it, the heart
 * changes at once and goes back if the server refused.
 */
export function SaveButton({
  id,
  title,
  saved,
  className = "",
}: {
  id: string;
  title: string;
  saved: boolean;
  className?: string;
}) {
  const fetcher = useFetcher<ActionResult>();
  const [on, setOn] = useState(saved);
  // Each answer applied once: a success keeps what was asked; a refusal leaves the heart as it was.
  const [seen, setSeen] = useState(fetcher.data);
  if (fetcher.data !== seen) {
    setSeen(fetcher.data);
    if (fetcher.data?.ok) setOn(fetcher.data.intent === HEART_INTENTS.save);
  }
  const shown = fetcher.formData ? fetcher.formData.get("intent") === HEART_INTENTS.save : on;
  // A refusal (the listing went since the page loaded, or too many taps a minute) is said, not only undone.
  const refusal = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  return (
    <fetcher.Form method="post" preventScrollReset className={className}>
      <div className="relative">
        <HeartFields id={id} title={title} saved={shown} />
        {refusal && (
          <p
            role="alert"
            className="absolute right-0 top-12 z-10 w-56 rounded-lg bg-white p-2 text-left text-sm text-rose-700 shadow-md ring-1 ring-slate-200 dark:bg-slate-900 dark:text-rose-300 dark:ring-slate-700"
          >
            {refusal}
          </p>
        )}
      </div>
    </fetcher.Form>
  );
}

function HeartFields({ id, title, saved }: { id: string; title: string; saved: boolean }) {
  return (
    <>
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value={saved ? HEART_INTENTS.unsave : HEART_INTENTS.save}
        aria-pressed={saved}
        aria-label={`Save ${title}`}
        title={saved ? "Saved: tap to remove" : "Save"}
        className={`flex h-11 w-11 items-center justify-center rounded-full bg-white/90 shadow-sm ring-1 ring-slate-200 hover:bg-white dark:bg-slate-900/90 dark:ring-slate-700 dark:hover:bg-slate-800 ${saved ? "text-rose-600 dark:text-rose-400" : "text-slate-700 dark:text-slate-200"}`}
      >
        <HeartIcon filled={saved} className="h-5 w-5" />
      </button>
    </>
  );
}

/**
 * The same heart for a long list (Browse): no hooks of its own, so 24 cards hydrate as cheaply as
 * before it. The list keeps the state and sends the change (`onToggle`); without JavaScript the form
 * posts to the page's action like SaveButton's.
 */
export function HeartForm({
  id,
  title,
  saved,
  onToggle,
  className = "",
}: {
  id: string;
  title: string;
  saved: boolean;
  onToggle: (id: string, save: boolean) => void;
  className?: string;
}) {
  return (
    <form
      method="post"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        onToggle(id, !saved);
      }}
    >
      <HeartFields id={id} title={title} saved={saved} />
    </form>
  );
}
