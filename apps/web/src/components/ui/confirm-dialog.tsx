import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { Dialog } from './dialog.tsx';
import { Spinner } from './spinner.tsx';

/**
 * A question put to the person in a dialog, answered through a promise, so a form's submit can
 * wait for it: the form's button stays disabled (no double submit) and a refusal of the call that
 * follows is shown by the form itself, under its field or in its alert.
 */
export function useConfirmation() {
  const [isOpen, setOpen] = useState(false);
  const pending = useRef<((confirmed: boolean) => void) | null>(null);

  const ask = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        pending.current?.(false);
        pending.current = resolve;
        setOpen(true);
      }),
    [],
  );

  /** Yes keeps the dialog open while the action runs (see `close`); no closes it. */
  const answer = useCallback((confirmed: boolean) => {
    const resolve = pending.current;
    pending.current = null;
    resolve?.(confirmed);
    if (!confirmed) setOpen(false);
  }, []);

  const close = useCallback(() => setOpen(false), []);

  return { isOpen, ask, answer, close };
}

export type Confirmation = ReturnType<typeof useConfirmation>;

interface ConfirmDialogProps {
  confirmation: Confirmation;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The confirmed action is running: its button waits, disabled. */
  isPending: boolean;
}

/** The confirmation of an action that changes something ("alertdialog": an answer is expected). */
export function ConfirmDialog({ confirmation, title, children, confirmLabel, isPending }: ConfirmDialogProps) {
  const textId = `confirmation${useId().replace(/:/g, '')}`;
  return (
    <Dialog
      role="alertdialog"
      title={title}
      describedBy={textId}
      isOpen={confirmation.isOpen}
      onOpenChange={(open) => {
        // Once the action is under way, its answer is awaited in the dialog.
        if (!open && !isPending) confirmation.answer(false);
      }}
      actions={
        <>
          <button type="button" className="btn-primary" disabled={isPending} onClick={() => confirmation.answer(true)}>
            {isPending ? <Spinner small /> : null}
            {confirmLabel}
          </button>
          <button type="button" className="btn-secondary" disabled={isPending} onClick={() => confirmation.answer(false)}>
            Annuler
          </button>
        </>
      }
    >
      <div id={textId} className="space-y-2">
        {children}
      </div>
    </Dialog>
  );
}
