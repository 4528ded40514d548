import type { OrderApproval } from '@ecare/shared/fleet-policy';
import { describe, expect, it } from 'vitest';
import { approvalSentence } from './order-approval-panel.tsx';

const waiting: OrderApproval = {
  numero: 'CMD-2026-000042',
  statut: 'EN_ATTENTE_VALIDATION',
  statutLibelle: 'En attente de validation',
  montantHtCentimes: 155_400,
  seuilHtCentimes: 100_000,
  demandeur: 'Paul Girard',
  demandeLe: '2026-11-27T09:00:00Z',
  expireLe: '2026-12-04T09:00:00Z',
  decidePar: null,
  decideLe: null,
  motif: null,
  peutDecider: true,
};

describe('what the approval panel says', () => {
  it('the order waiting: who ordered, how much over which threshold, until when (Paris day)', () => {
    expect(approvalSentence(waiting)).toBe(
      'Commande de Paul Girard (1\u202f554,00\u00a0€ HT, au-delà du seuil de 1\u202f000,00\u00a0€ HT) : elle attend la validation d’un autre gestionnaire jusqu’au 04/12/2026.',
    );
  });

  it('the decision, with the reason of a refusal', () => {
    expect(approvalSentence({ ...waiting, statut: 'REFUSEE', decidePar: 'Nadia Benali', decideLe: '2026-11-28T23:30:00Z', motif: 'Hors budget' })).toBe(
      'Refusée par Nadia Benali le 29/11/2026 : Hors budget',
    );
    expect(approvalSentence({ ...waiting, statut: 'EXPIREE' })).toBe('Aucun gestionnaire ne l’a validée dans les 7 jours : elle est annulée.');
  });
});
