import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ACCOUNT_NUMBER } from '@ecare/shared';
import { billingAccounts, companies, contracts } from '../schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { mobileNumber } from './builders.ts';
import { isLuhnValid } from './random.ts';
import { seedScale } from './scale.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('seed', () => {
  it('builds valid identifiers: SIREN/SIRET check digits, account numbers, mobile numbers', async () => {
    await seedScale(t.db, 50);
    const accounts = await t.db.select().from(billingAccounts);
    const firms = await t.db.select().from(companies);
    expect(accounts.length).toBeGreaterThan(50);
    expect(firms.length).toBeGreaterThan(0);
    for (const firm of firms) expect(isLuhnValid(firm.siren), firm.siren).toBe(true);
    for (const account of accounts) {
      expect(account.sirenSiret).toMatch(/^\d{14}$/);
      expect(isLuhnValid(account.sirenSiret), account.sirenSiret).toBe(true);
      expect(account.codeClientBscs).toMatch(CLIENT_ACCOUNT_NUMBER);
    }
    const lines = await t.db.select({ numero: contracts.numeroLigne }).from(contracts);
    expect(lines.length).toBeGreaterThan(accounts.length);
    for (const { numero } of lines) expect(numero).toMatch(/^0[67]\d{8}$/);
    expect(new Set(lines.map((l) => l.numero)).size).toBe(lines.length);
  });

  it('gives distinct mobile numbers to distinct sequence numbers', () => {
    const numbers = new Set(Array.from({ length: 20_000 }, (_, i) => mobileNumber(5_000_001 + i)));
    expect(numbers.size).toBe(20_000);
  });
});
