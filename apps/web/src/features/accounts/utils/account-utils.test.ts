import { describe, expect, it } from 'vitest';
import { createBillingAccount } from '../../../test/factories.ts';
import { formatAddressLines } from './format-address.ts';
import { manageableAccounts } from './manageable-accounts.ts';

describe('formatAddressLines', () => {
  it('joins number and street, then postal code and town, leaving out empty parts', () => {
    expect(formatAddressLines({ numero: '12 ', voie: 'rue des Lilas', codePostal: '75011', ville: 'Paris' })).toEqual([
      '12 rue des Lilas',
      '75011 Paris',
    ]);
    expect(formatAddressLines({ numero: '', voie: 'Zone d’activité Nord', codePostal: '69000', ville: ' ' })).toEqual([
      'Zone d’activité Nord',
      '69000',
    ]);
  });
});

describe('manageableAccounts', () => {
  it('keeps only the accounts the user manages (spec §6 isGestionnaire)', () => {
    const managed = createBillingAccount({ isGestionnaire: true });
    const other = createBillingAccount({ isGestionnaire: false });
    expect(manageableAccounts([managed, other])).toEqual([managed]);
  });
});
