import type { UnpaidCheckAction } from '@ecare/shared/unpaid';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { loadingStarted, loadingSucceeded } from '../../../lib/loading-counter.ts';
import type { UnpaidGateInput, UnpaidNotice } from '../utils/run-unpaid-gate.ts';
import { NETWORK_FAILURE_MESSAGE } from '../utils/unpaid-texts.ts';

// The check and its dialog load on the first guarded click, not with the page frame (decision 012).
const loadParts = () => import('../components/unpaid-gate-parts.ts');
const UnpaidDialog = lazy(() => loadParts().then((m) => ({ default: m.UnpaidDialog })));

/** Counted by the global loading overlay while the check's code downloads and the check runs. */
const LOADING_KEY = 'unpaid-check';

export interface UnpaidGateContext extends Omit<UnpaidGateInput, 'action' | 'account' | 'user'> {
  account: UnpaidGateInput['account'] | null;
  user: UnpaidGateInput['user'] | null;
}

export interface UnpaidGate {
  /** Runs the check, then goes to `url` or shows the dialog; a click while a check runs is ignored. */
  guard(action: UnpaidCheckAction, url: string): void;
  /** The dialog, when one is open: render it anywhere in the frame. */
  dialog: ReactNode;
}

/**
 * The unpaid-balance gate of the header actions (spec §2, §4; decision 028). Without a chosen
 * billing account there is nothing to check against: the person chooses one first (`chooseAccount`).
 */
export function useUnpaidGate(context: UnpaidGateContext, navigate: (url: string) => void, chooseAccount: (url: string) => void): UnpaidGate {
  const [notice, setNotice] = useState<UnpaidNotice | null>(null);
  const running = useRef(false);

  const guard = (action: UnpaidCheckAction, url: string) => {
    const { account, user } = context;
    if (running.current || !user) return;
    if (!account) {
      chooseAccount(url);
      return;
    }
    running.current = true;
    loadingStarted(LOADING_KEY);
    void loadParts()
      .then(({ runUnpaidGate }) => runUnpaidGate({ ...context, action, account, user }))
      .catch((): UnpaidNotice => ({ kind: 'erreur', message: NETWORK_FAILURE_MESSAGE }))
      .then((result) => {
        if (result === null) navigate(url);
        else if (result !== 'handled') setNotice(result);
      })
      .finally(() => {
        running.current = false;
        loadingSucceeded(LOADING_KEY);
      });
  };

  const dialog = notice ? (
    <Suspense fallback={null}>
      <UnpaidDialog notice={notice} onClose={() => setNotice(null)} />
    </Suspense>
  ) : null;

  return { guard, dialog };
}
