import { lazy, Suspense, useEffect, useState, type MouseEvent } from "react";

// The dialog is a file of its own, fetched once the page is interactive rather than with it: it only
// opens on a click. A click that comes before it arrives opens it when it does.
const loadDialog = () => import("#app/components/Dialog.tsx");
const Dialog = lazy(() => loadDialog().then((m) => ({ default: m.Dialog })));

interface ConfirmOptions {
  title: string;
  /** The question, as the specification or the screen words it. */
  question: string;
  confirmLabel: string;
  cancelLabel?: string;
}

/**
 * Puts a confirmation in front of a submit button. Give `onClick` to the button and render `dialog`
 * anywhere. Confirm submits the button's own form with that button (its name and value, the form's
 * fetcher and busy state, all as a direct click would); Cancel and Escape submit nothing. Before
 * hydration or without JavaScript the button is a plain submit button.
 */
export function useConfirmSubmit({ title, question, confirmLabel, cancelLabel = "Cancel" }: ConfirmOptions) {
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  useEffect(() => {
    void loadDialog();
  }, []);

  function onClick(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    setButton(event.currentTarget);
    setOpen(true);
  }

  function confirm() {
    setOpen(false);
    button?.form?.requestSubmit(button);
  }

  // Mounted from the first click on (not before: no empty <dialog> per list item in the page), and
  // kept mounted so that closing it hands focus back to the button.
  const dialog = button && (
    <Suspense fallback={null}>
      <Dialog
        open={open}
        title={title}
        onClose={close}
        actions={
          <>
            <button type="button" className="btn-secondary" onClick={close}>
              {cancelLabel}
            </button>
            <button type="button" className="btn-primary" onClick={confirm}>
              {confirmLabel}
            </button>
          </>
        }
      >
        <p>{question}</p>
      </Dialog>
    </Suspense>
  );
  return { onClick, dialog };
}
