import { describe, expect, it } from 'vitest';
import { eurosFromText } from '@ecare/shared/euros-text';
import { decisionFormSchema, decisionOf } from './complaint-decision-form.ts';

describe('complaint decision form', () => {
  it('reads euros as typed in France, or with a point', () => {
    expect(eurosFromText('12,50')).toBe(12.5);
    expect(eurosFromText('1 234,56 €')).toBe(1234.56);
    expect(eurosFromText('1\u202f234.5')).toBe(1234.5);
    expect(eurosFromText('douze')).toBeNaN();
    expect(eurosFromText('1.234,56')).toBeNaN();
  });

  it('asks for an amount only with a credit note, held to the invoice’s amount excluding VAT', () => {
    const schema = decisionFormSchema(770.74);
    const messages = (values: { decision: 'REFUSEE' | 'ACCEPTEE' | 'ACCEPTEE_AVEC_AVOIR' | null; montantHT: string; motif: string }) =>
      schema.safeParse(values).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];
    expect(messages({ decision: 'REFUSEE', montantHT: 'ignoré', motif: 'Facture conforme.' })).toEqual([]);
    expect(messages({ decision: null, montantHT: '', motif: '' })).toEqual([
      'decision: Veuillez choisir une décision.',
      'motif: Indiquez le motif de la décision, de 3 à 500 caractères.',
    ]);
    expect(messages({ decision: 'ACCEPTEE_AVEC_AVOIR', montantHT: ' ', motif: '' })).toContain('montantHT: Indiquez le montant HT de l’avoir.');
    expect(messages({ decision: 'ACCEPTEE_AVEC_AVOIR', montantHT: '0', motif: 'Geste.' })).toEqual(['montantHT: Le montant HT de l’avoir doit être supérieur à 0.']);
    expect(messages({ decision: 'ACCEPTEE_AVEC_AVOIR', montantHT: '12,345', motif: 'Geste.' })).toEqual([
      'montantHT: Le montant HT de l’avoir s’indique en euros, avec deux décimales au plus.',
    ]);
    expect(messages({ decision: 'ACCEPTEE_AVEC_AVOIR', montantHT: '770,75', motif: 'Geste.' })).toEqual([
      'montantHT: Le montant HT de l’avoir ne peut dépasser celui de la facture\u00a0: 770,74\u00a0€ HT.',
    ]);
    expect(messages({ decision: 'ACCEPTEE_AVEC_AVOIR', montantHT: '770,74', motif: 'Geste.' })).toEqual([]);
  });

  it('sends the amount in euros with a credit note only', () => {
    expect(decisionOf({ decision: 'ACCEPTEE_AVEC_AVOIR', montantHT: '0,10', motif: 'Geste.' })).toEqual({ decision: 'ACCEPTEE_AVEC_AVOIR', montantHT: 0.1, motif: 'Geste.' });
    expect(decisionOf({ decision: 'ACCEPTEE', montantHT: '12', motif: 'Geste.' })).toEqual({ decision: 'ACCEPTEE', motif: 'Geste.' });
  });
});
