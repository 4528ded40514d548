import type { TerminationAttachment, TerminationDraft } from '@ecare/shared/termination';
import { useCallback, useState } from 'react';
import { useTerminationDraftQuery } from '../api/get-termination-draft.ts';
import { useSaveTerminationDraft } from '../api/save-termination-draft.ts';

/** What the person has chosen so far (the server keeps it: `useTerminationDraft`). */
export type { TerminationDraft };

export const EMPTY_DRAFT: TerminationDraft = { idMotif: null, idSousMotif: null, dateEffet: null, commentaire: '', piecesJointes: [] };

export type DraftAction =
  | { type: 'reason'; idMotif: number }
  | { type: 'subReason'; idSousMotif: number | null }
  | { type: 'date'; dateEffet: string }
  | { type: 'comment'; commentaire: string }
  | { type: 'proofAdded'; proof: TerminationAttachment }
  | { type: 'proofRemoved'; cle: string }
  | { type: 'reset' };

export function draftReducer(draft: TerminationDraft, action: DraftAction): TerminationDraft {
  switch (action.type) {
    case 'reason':
      // Another reason: its sub-reason no longer applies.
      return action.idMotif === draft.idMotif ? draft : { ...draft, idMotif: action.idMotif, idSousMotif: null };
    case 'subReason':
      return { ...draft, idSousMotif: action.idSousMotif };
    case 'date':
      return { ...draft, dateEffet: action.dateEffet };
    case 'comment':
      return { ...draft, commentaire: action.commentaire };
    case 'proofAdded':
      return { ...draft, piecesJointes: [...draft.piecesJointes, action.proof] };
    case 'proofRemoved':
      return { ...draft, piecesJointes: draft.piecesJointes.filter((proof) => proof.cle !== action.cle) };
    case 'reset':
      return EMPTY_DRAFT;
  }
}

/** The answers as the server kept them (decision 031): a reload, another tab or a new session starts from there. */
export function useTerminationDraft(idContrat: number) {
  const query = useTerminationDraftQuery(idContrat);
  const save = useSaveTerminationDraft(idContrat);
  // What this page changed since it read the server's draft.
  const [local, setLocal] = useState<TerminationDraft | null>(null);
  const draft = local ?? query.data ?? EMPTY_DRAFT;
  const { mutateAsync } = save;

  /** Applies a change and, for a step's answer, waits until the server keeps it (the proofs are kept by their upload). */
  const persist = useCallback(
    async (action: DraftAction) => {
      const next = draftReducer(draft, action);
      setLocal(next);
      // The comment is sent with the request, typed on its last step.
      if (action.type === 'proofAdded' || action.type === 'proofRemoved' || action.type === 'comment' || action.type === 'reset') return;
      await mutateAsync({ idMotif: next.idMotif, idSousMotif: next.idSousMotif, dateEffet: next.dateEffet, commentaire: next.commentaire });
    },
    [draft, mutateAsync],
  );
  /** The request is sent: the server dropped the draft with it. */
  const reset = useCallback(() => setLocal(EMPTY_DRAFT), []);
  return { draft, persist, reset, query };
}
