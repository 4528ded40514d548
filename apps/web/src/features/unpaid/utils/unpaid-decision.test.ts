import { describe, expect, it } from 'vitest';
import { unpaidCheckRequest, unpaidGateOutcome } from './unpaid-decision.ts';

const ACCOUNT = { idClientBscs: 1_000_001, sirenSiret: '73282932000014' };

describe('unpaidGateOutcome (spec §4 “Unpaid-balance gating”)', () => {
  it.each([
    // A stopped journey always shows the modal (all 8 combinations of the other facts).
    [{ arretParcours: true, administration: false, estBdp: false, serviceClient: false }, 'modal'],
    [{ arretParcours: true, administration: false, estBdp: false, serviceClient: true }, 'modal'],
    [{ arretParcours: true, administration: false, estBdp: true, serviceClient: false }, 'modal'],
    [{ arretParcours: true, administration: false, estBdp: true, serviceClient: true }, 'modal'],
    [{ arretParcours: true, administration: true, estBdp: false, serviceClient: false }, 'modal'],
    [{ arretParcours: true, administration: true, estBdp: false, serviceClient: true }, 'modal'],
    [{ arretParcours: true, administration: true, estBdp: true, serviceClient: false }, 'modal'],
    [{ arretParcours: true, administration: true, estBdp: true, serviceClient: true }, 'modal'],
    // Not stopped, not an administration user: go on, whatever the mode or the agent flag.
    [{ arretParcours: false, administration: false, estBdp: false, serviceClient: false }, 'navigate'],
    [{ arretParcours: false, administration: false, estBdp: true, serviceClient: false }, 'navigate'],
    [{ arretParcours: false, administration: false, estBdp: false, serviceClient: true }, 'navigate'],
    [{ arretParcours: false, administration: false, estBdp: true, serviceClient: true }, 'navigate'],
    // An administration user goes on only as a customer-service agent outside pro-less mode.
    [{ arretParcours: false, administration: true, estBdp: false, serviceClient: true }, 'navigate'],
    [{ arretParcours: false, administration: true, estBdp: true, serviceClient: true }, 'modal'],
    [{ arretParcours: false, administration: true, estBdp: false, serviceClient: false }, 'modal'],
    [{ arretParcours: false, administration: true, estBdp: true, serviceClient: false }, 'modal'],
  ] as const)('%o → %s', (facts, expected) => {
    expect(unpaidGateOutcome(facts)).toBe(expected);
  });
});

describe('unpaidCheckRequest', () => {
  const line = { id_offre_engagement: 102, codeStatut: 'ACTIF' };

  it('names the chosen line’s plan for a new phone or a plan change', () => {
    expect(unpaidCheckRequest('RM', ACCOUNT, line)).toEqual({ idOffreEngagement: 102, idClientBscs: 1_000_001, sirenSiret: '73282932000014', action: 'RM' });
    expect(unpaidCheckRequest('PU', ACCOUNT, line).idOffreEngagement).toBe(102);
  });

  it('names no plan for an added line, without a chosen line, or for a terminated one', () => {
    expect(unpaidCheckRequest('AJL', ACCOUNT, line).idOffreEngagement).toBe(0);
    expect(unpaidCheckRequest('PU', ACCOUNT, null).idOffreEngagement).toBe(0);
    expect(unpaidCheckRequest('RM', ACCOUNT, { ...line, codeStatut: 'RESILIE' }).idOffreEngagement).toBe(0);
  });
});
