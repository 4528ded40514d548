import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccountListSchema } from '@ecare/shared';
import { userBillingAccounts, users } from '../../db/schema.ts';
import { createBillingAccount } from '../../db/seed/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const list = async (token: string) => billingAccountListSchema.parse((await t.get('/api/comptes_facturation', token)).json());

describe('GET /api/comptes_facturation', () => {
  it('lists each user’s own accounts, never another user’s copy', async () => {
    const gestionnaire = await t.loginAs('gestionnaire');
    const mandataire = await t.loginAs('mandataire');
    const first = await list(gestionnaire);
    const second = await list(mandataire);
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(3);
    expect(second.filter((a) => a.isGestionnaire)).toHaveLength(2);
    expect(second.map((a) => a.idClientBscs)).not.toContain(first[0]?.idClientBscs);
    expect(first[0]?.nbContratsMobile).toBe(12);
  });

  it('shows a new account within 2 seconds, on this instance and on another one', async () => {
    const token = await t.loginAs('solo');
    const other = await t.anotherInstance();
    const onOther = async () =>
      billingAccountListSchema.parse((await other.inject({ method: 'GET', url: '/api/comptes_facturation', headers: { authorization: `Bearer ${token}` } })).json());
    expect(await list(token)).toHaveLength(1);
    expect(await onOther()).toHaveLength(1);

    const [solo] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'solo@demo.test'));
    const added = await createBillingAccount(t.db);
    await t.db.insert(userBillingAccounts).values({ userId: solo?.id ?? 0, idClientBscs: added.idClientBscs, isGestionnaire: true });

    t.clock.advance(2_000);
    expect(await list(token)).toHaveLength(2);
    expect(await onOther()).toHaveLength(2);
  });
});
