import { describe, expect, it } from 'vitest';
import { approvalDecisionSchema, fleetPolicyFormSchema, fleetPolicyFormValues, needsApproval } from './fleet-policy.ts';

describe('the fleet policy rules', () => {
  it('holds an order strictly above the threshold, never without one', () => {
    expect(needsApproval(150_001, 150_000)).toBe(true);
    expect(needsApproval(150_000, 150_000)).toBe(false);
    expect(needsApproval(9_999_999, null)).toBe(false);
  });

  it('reads the threshold typed in euros, and writes it back alike', () => {
    expect(fleetPolicyFormSchema.parse({ centreObligatoire: true, seuil: '1 500,50 €' })).toEqual({ centreObligatoire: true, seuil: 150_050 });
    expect(fleetPolicyFormSchema.parse({ centreObligatoire: false, seuil: '' }).seuil).toBeNull();
    for (const bad of ['0', '-5', '12,345', 'mille', '1000000,01']) expect(fleetPolicyFormSchema.safeParse({ centreObligatoire: false, seuil: bad }).success).toBe(false);
    expect(fleetPolicyFormValues({ centreObligatoire: true, seuilValidationHtCentimes: 150_050 })).toEqual({ centreObligatoire: true, seuil: '1500,50' });
  });

  it('asks a reason for a refusal only', () => {
    expect(approvalDecisionSchema.safeParse({ decision: 'APPROUVEE' }).success).toBe(true);
    expect(approvalDecisionSchema.safeParse({ decision: 'REFUSEE', motif: '  ' }).success).toBe(false);
    expect(approvalDecisionSchema.safeParse({ decision: 'REFUSEE', motif: 'Hors budget' }).success).toBe(true);
  });
});
