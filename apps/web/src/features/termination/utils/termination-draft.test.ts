import { describe, expect, it } from 'vitest';
import { draftReducer, EMPTY_DRAFT } from './termination-draft.ts';
import { newIdempotencyKey } from './termination-format.ts';
import { stepFrom, terminationPath } from './termination-steps.ts';

describe('termination draft', () => {
  it('forgets the sub-reason when another reason is chosen, keeps it for the same one', () => {
    const chosen = draftReducer(draftReducer(EMPTY_DRAFT, { type: 'reason', idMotif: 101 }), { type: 'subReason', idSousMotif: 1011 });
    expect(draftReducer(chosen, { type: 'reason', idMotif: 101 }).idSousMotif).toBe(1011);
    expect(draftReducer(chosen, { type: 'reason', idMotif: 104 })).toMatchObject({ idMotif: 104, idSousMotif: null });
  });

  it('adds and removes proofs by key', () => {
    const proof = { cle: 'a'.repeat(32), nom: 'kbis.pdf', type: 'application/pdf', taille: 10 };
    const added = draftReducer(EMPTY_DRAFT, { type: 'proofAdded', proof });
    expect(added.piecesJointes).toEqual([proof]);
    expect(draftReducer(added, { type: 'proofRemoved', cle: proof.cle }).piecesJointes).toEqual([]);
    expect(draftReducer(added, { type: 'reset' })).toBe(EMPTY_DRAFT);
  });

  it('names the steps in the address and makes one new key per attempt', () => {
    expect(terminationPath(42)).toBe('/ligne-mobile/42/resiliation');
    expect(terminationPath(42, 'frais')).toBe('/ligne-mobile/42/resiliation?etape=frais');
    expect(stepFrom('recapitulatif')).toBe('recapitulatif');
    expect(stepFrom('inconnue')).toBe('motif');
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});
