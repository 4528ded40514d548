import { describe, expect, it } from 'vitest';
import type { SubmittedOrder } from '@ecare/shared/add-line';
import { rememberedOrder, rememberOrder } from './add-line-draft.ts';
import { addLinePath, stepFrom } from './add-line-steps.ts';

const ORDER: SubmittedOrder = {
  numero: 'CMD-2026-000042',
  idSouscription: 77,
  statut: 3,
  etape: 5,
  modePaiement: 3,
  risque: { score: 10, niveau: 5, decision: 'ACCEPTE' },
  aPayerCentimes: 1200,
  acompteCentimes: 0,
  virement: null,
  idContrats: [],
};

describe('the order sent, kept in this tab', () => {
  it('reads back what was stored, and nothing malformed', () => {
    sessionStorage.clear();
    expect(rememberedOrder()).toBeNull();
    rememberOrder(ORDER);
    expect(rememberedOrder()).toEqual(ORDER);
    sessionStorage.setItem('ajout-ligne_commande', '{not json');
    expect(rememberedOrder()).toBeNull();
    sessionStorage.setItem('ajout-ligne_commande', JSON.stringify({ ...ORDER, numero: 42 }));
    expect(rememberedOrder()).toBeNull();
  });
});

describe('the step in the address', () => {
  it('reads a known step, else the first one', () => {
    expect(stepFrom('coordonnees')).toBe('coordonnees');
    expect(stepFrom('paiement')).toBe('options');
    expect(stepFrom(null)).toBe('options');
  });

  it('writes the path of a step and of a line of the cart', () => {
    expect(addLinePath()).toBe('/ajout-ligne/ajouter-une-ligne-mobile');
    expect(addLinePath('options', 42)).toBe('/ajout-ligne/ajouter-une-ligne-mobile?ligne=42');
    expect(addLinePath('recapitulatif')).toBe('/ajout-ligne/ajouter-une-ligne-mobile?etape=recapitulatif');
  });
});
