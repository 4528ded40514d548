import { LINE_EXPORT_IDS_MAX } from '@ecare/shared/lines';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

/** "1 ligne sélectionnée", "12 lignes sélectionnées". */
export function selectionText(count: number): string {
  return count === 1 ? '1 ligne sélectionnée' : `${count.toLocaleString('fr-FR')} lignes sélectionnées`;
}

interface LineSelectionBarProps {
  count: number;
  onClear: () => void;
  /** What can be done with the selection (its export). */
  children: ReactNode;
}

/**
 * How many lines are chosen, on this page or others, what can be done with them and how to let
 * them all go. The count is announced as it changes.
 */
export function LineSelectionBar({ count, onClear, children }: LineSelectionBarProps) {
  return (
    <div className={count > 0 ? 'flex flex-wrap items-start gap-3 rounded-lg border border-primary bg-primary-soft p-3' : ''}>
      <p role="status" className={count > 0 ? 'min-h-11 content-center font-semibold' : 'sr-only'}>
        {count > 0 ? selectionText(count) : ''}
      </p>
      {count > LINE_EXPORT_IDS_MAX ? (
        <p className="min-h-11 content-center text-sm">
          Au plus {LINE_EXPORT_IDS_MAX.toLocaleString('fr-FR')} lignes peuvent être exportées à la fois&nbsp;: réduisez la sélection.
        </p>
      ) : count > 0 ? (
        children
      ) : null}
      {count > 0 ? (
        <button type="button" className="btn-secondary" onClick={onClear}>
          <X aria-hidden="true" className="size-4" />
          Tout désélectionner
        </button>
      ) : null}
    </div>
  );
}
