import type { TerminationAttachment } from '@ecare/shared/termination';
import { useCallback, useEffect, useReducer } from 'react';

/** What the person has chosen so far, kept when going back and forth between steps and on reload. */
export interface TerminationDraft {
  idMotif: number | null;
  idSousMotif: number | null;
  dateEffet: string | null;
  commentaire: string;
  piecesJointes: TerminationAttachment[];
}

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

const storageKey = (idContrat: number) => `resiliation_${idContrat}`;

function stored(idContrat: number): TerminationDraft {
  try {
    const text = sessionStorage.getItem(storageKey(idContrat));
    if (!text) return EMPTY_DRAFT;
    const value = JSON.parse(text) as Partial<TerminationDraft>;
    return { ...EMPTY_DRAFT, ...value, piecesJointes: Array.isArray(value.piecesJointes) ? value.piecesJointes : [] };
  } catch {
    return EMPTY_DRAFT;
  }
}

/** The draft of one line's termination, in this tab's sessionStorage (cleared at sign-out with the rest). */
export function useTerminationDraft(idContrat: number) {
  const [draft, dispatch] = useReducer(draftReducer, idContrat, stored);
  useEffect(() => {
    try {
      if (draft === EMPTY_DRAFT) sessionStorage.removeItem(storageKey(idContrat));
      else sessionStorage.setItem(storageKey(idContrat), JSON.stringify(draft));
    } catch {
      // Storage unavailable (privacy mode): the draft lives as long as the page.
    }
  }, [draft, idContrat]);
  const reset = useCallback(() => dispatch({ type: 'reset' }), []);
  return { draft, dispatch, reset };
}
