import { useEffect, useState } from "react";
import type { LibraryListItem } from "#common/library-find.ts";
import { LIBRARY_FIND_MESSAGES } from "#common/library-find.ts";
import { isSaved, offlineSavingAvailable, removeFile, SAVED_CHANGE_EVENT, saveFile } from "#app/lib/library-offline.ts";

/**
 * Save for offline / Remove: keeps the item's file on this device (app/lib/library-offline.ts).
 * A button only once the page runs JavaScript in a browser that can keep files; without either it
 * would promise what the page cannot do.
 */
export function SaveOffline({ item }: { item: LibraryListItem }) {
  const [state, setState] = useState<"unknown" | "unsupported" | "saved" | "not-saved" | "working">("unknown");
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!offlineSavingAvailable()) {
      queueMicrotask(() => setState("unsupported"));
      return;
    }
    let live = true;
    const check = () =>
      void isSaved(item.id).then(
        (saved) => live && setState(saved ? "saved" : "not-saved"),
        () => undefined,
      );
    check();
    window.addEventListener(SAVED_CHANGE_EVENT, check);
    return () => {
      live = false;
      window.removeEventListener(SAVED_CHANGE_EVENT, check);
    };
  }, [item.id]);

  // Until the page knows whether it can keep files, the button's place is held (invisible), so the
  // row does not move when it appears (Lighthouse's layout shift on a phone, where it wraps).
  if (state === "unsupported") return null;
  if (state === "unknown")
    return (
      <span aria-hidden="true" className="btn-secondary invisible min-h-10 px-3">
        Save for offline
      </span>
    );
  const saved = state === "saved";
  async function toggle() {
    setState("working");
    setFailed(false);
    try {
      if (saved) await removeFile(item.id);
      else await saveFile(item);
    } catch {
      setFailed(true);
      setState(saved ? "saved" : "not-saved");
    }
  }
  return (
    <>
      <button
        type="button"
        onClick={() => void toggle()}
        disabled={state === "working"}
        aria-pressed={saved}
        aria-label={`${saved ? "Remove from this device" : "Save for offline"}: ${item.title}`}
        className="btn-secondary min-h-10 px-3"
      >
        {state === "working" ? "Saving…" : saved ? "Saved ✓ Remove" : "Save for offline"}
      </button>
      {failed && (
        <p role="alert" className="basis-full text-xs text-red-700 dark:text-red-300">
          {LIBRARY_FIND_MESSAGES.saveFailed}
        </p>
      )}
    </>
  );
}
