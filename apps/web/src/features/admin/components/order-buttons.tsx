import { ArrowDown, ArrowUp } from 'lucide-react';

interface OrderButtonsProps {
  /** What moves, as the buttons name it: "le thème « Factures »". */
  subject: string;
  index: number;
  count: number;
  disabled?: boolean;
  /** Ids of the two buttons, so that focus can follow the item it moved. */
  upId: string;
  downId: string;
  onMove: (direction: -1 | 1) => void;
}

const BUTTON =
  'inline-flex size-11 items-center justify-center rounded-md border border-line text-primary hover:bg-primary-soft disabled:cursor-not-allowed disabled:opacity-40';

/** "Monter" and "Descendre" an item of an ordered list, by keyboard as by pointer, each named after its item. */
export function OrderButtons({ subject, index, count, disabled = false, upId, downId, onMove }: OrderButtonsProps) {
  return (
    <span className="inline-flex gap-1">
      <button id={upId} type="button" className={BUTTON} aria-label={`Monter ${subject}`} disabled={disabled || index === 0} onClick={() => onMove(-1)}>
        <ArrowUp aria-hidden="true" className="size-5" />
      </button>
      <button
        id={downId}
        type="button"
        className={BUTTON}
        aria-label={`Descendre ${subject}`}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(1)}
      >
        <ArrowDown aria-hidden="true" className="size-5" />
      </button>
    </span>
  );
}

/**
 * After a move, where focus goes: the same button of the moved item while it can move further
 * that way, else its other button (a disabled button cannot hold focus).
 */
export function focusAfterMove(ids: { upId: string; downId: string }, direction: -1 | 1, newIndex: number, count: number): void {
  const canGoOn = direction === -1 ? newIndex > 0 : newIndex < count - 1;
  const target = (direction === -1) === canGoOn ? ids.upId : ids.downId;
  // The buttons are disabled while the move is saved, and may still be for a frame or two once
  // it is (the list renders after the answer): focus waits for the button to take it.
  let frames = 0;
  const focus = () => {
    const button = document.getElementById(target);
    if (button instanceof HTMLButtonElement && button.disabled && frames++ < 30) requestAnimationFrame(focus);
    else button?.focus();
  };
  requestAnimationFrame(focus);
}
