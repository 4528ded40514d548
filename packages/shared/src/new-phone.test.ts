import { describe, expect, it } from 'vitest';
import { lineBlock, newPhonePriceCentimes, newPhonePricing, renewalDate } from './new-phone.ts';

describe('new phone rules (decision 039)', () => {
  it('offers the renewal price from three months before the commitment ends, after it, and without commitment', () => {
    expect(renewalDate(null)).toBeNull();
    expect(renewalDate('2026-08-31')).toBe('2026-05-31');
    expect(renewalDate('2026-05-31')).toBe('2026-02-28');
    expect(newPhonePricing(null, '2026-01-10')).toBe('RENOUVELLEMENT');
    expect(newPhonePricing('2026-04-10', '2026-01-09')).toBe('MOBILE_SEUL');
    expect(newPhonePricing('2026-04-10', '2026-01-10')).toBe('RENOUVELLEMENT');
    expect(newPhonePricing('2025-12-01', '2026-01-10')).toBe('RENOUVELLEMENT');
  });

  it('prices the phone with a plan (never above the price alone) for a renewal, alone otherwise', () => {
    const phone = { prixNuCentimes: 69_999, prixAvecForfaitCentimes: 19_999 };
    expect(newPhonePriceCentimes(phone, 'RENOUVELLEMENT')).toBe(19_999);
    expect(newPhonePriceCentimes(phone, 'MOBILE_SEUL')).toBe(69_999);
    expect(newPhonePriceCentimes({ prixNuCentimes: 100, prixAvecForfaitCentimes: 200 }, 'RENOUVELLEMENT')).toBe(100);
  });

  it('checks the line in order: active, no termination scheduled, no order waiting for its payment', () => {
    expect(lineBlock({ codeStatut: 'SUSPENDU', terminationScheduled: true, pendingOrder: true })).toBe('LIGNE_INACTIVE');
    expect(lineBlock({ codeStatut: 'ACTIF', terminationScheduled: true, pendingOrder: true })).toBe('RESILIATION_PROGRAMMEE');
    expect(lineBlock({ codeStatut: 'ACTIF', terminationScheduled: false, pendingOrder: true })).toBe('COMMANDE_EN_COURS');
    expect(lineBlock({ codeStatut: 'ACTIF', terminationScheduled: false, pendingOrder: false })).toBeNull();
  });
});
