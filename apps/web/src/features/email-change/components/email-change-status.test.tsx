import { emailManagementSchema, type EmailManagement } from '@ecare/shared/email-change';
import { describe, expect, it } from 'vitest';
import { emailChangeView } from './email-change-status.tsx';

function state(overrides: Partial<EmailManagement>): EmailManagement {
  return emailManagementSchema.parse({
    type: 'confirmation',
    statut: 'EN_ATTENTE',
    ancienEmail: 'ancien@demo.test',
    nouvelEmail: 'nouveau@demo.test',
    ...overrides,
  });
}

describe('emailChangeView', () => {
  it('offers the decision of each link while the change is pending', () => {
    expect(emailChangeView('confirmation', state({}), false).action).toBe('Confirmer ma nouvelle adresse');
    expect(emailChangeView('annulation', state({ type: 'annulation' }), false).action).toBe('Annuler le changement');
  });

  it('treats a link opened on the other page, or unknown, as invalid', () => {
    expect(emailChangeView('confirmation', state({ type: 'annulation' }), false)).toMatchObject({ tone: 'error', action: null });
    expect(emailChangeView('confirmation', state({ type: null, statut: 'INCONNUE' }), false)).toMatchObject({ tone: 'error', action: null });
  });

  it('lets the old address undo a confirmed change until the server refuses it', () => {
    const confirmed = state({ type: 'annulation', statut: 'VALIDEE' });
    expect(emailChangeView('annulation', confirmed, false).action).toBe('Annuler le changement');
    expect(emailChangeView('annulation', confirmed, true)).toMatchObject({ tone: 'error', action: null });
  });

  it('ends on the outcome with nothing left to do', () => {
    expect(emailChangeView('confirmation', state({ statut: 'VALIDEE' }), true)).toMatchObject({ tone: 'success', action: null });
    expect(emailChangeView('annulation', state({ type: 'annulation', statut: 'ANNULEE' }), true)).toMatchObject({ tone: 'success', action: null });
    expect(emailChangeView('confirmation', state({ statut: 'EXPIREE' }), false)).toMatchObject({ tone: 'error', action: null });
  });
});
