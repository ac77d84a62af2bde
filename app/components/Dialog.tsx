import { useEffect, useId, useRef, type ReactNode } from "react";

export interface DialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The buttons; the first focusable one gets focus when the dialog opens. */
  actions: ReactNode;
  onClose: () => void;
  /** While busy, Escape and the backdrop do not close the dialog. */
  busy?: boolean;
}

/**
 * A modal built on <dialog>: the browser traps focus, Escape closes it, and focus returns to the
 * control that opened it. The one dialog for what the specification has as window.alert and
 * window.confirm; a submit button that asks first uses it through useConfirmSubmit (./dialogs).
 */
export function Dialog({ open, title, children, actions, onClose, busy = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current && !busy) onClose();
      }}
      className="w-[calc(100%-2rem)] max-w-md rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      {open && (
        <div className="p-6">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <div id={bodyId} className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            {children}
          </div>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{actions}</div>
        </div>
      )}
    </dialog>
  );
}
