import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccountListSchema } from '@ecare/shared';
import { billingAccounts, userBillingAccounts, users } from '../../db/schema.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { createBillingAccount } from '../../db/seed/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const list = async (token: string) => billingAccountListSchema.parse((await t.get('/api/comptes_facturation', token)).json());

describe('GET /api/comptes_facturation', () => {
  it('lists each user’s own managed accounts, never another user’s copy', async () => {
    const gestionnaire = await t.loginAs('gestionnaire');
    const mandataire = await t.loginAs('mandataire');
    const first = await list(gestionnaire);
    const second = await list(mandataire);
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(2);
    expect(second.every((a) => a.isGestionnaire)).toBe(true);
    expect(second.map((a) => a.idClientBscs)).not.toContain(first[0]?.idClientBscs);
    expect(first[0]?.nbContratsMobile).toBe(12);
  });

  it('leaves out an account the user is attached to but does not manage, with its company and contact details', async () => {
    const token = await t.loginAs('mandataire');
    const [mandataire] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_USERS.mandataire.email));
    const links = await t.db.select().from(userBillingAccounts).where(eq(userBillingAccounts.userId, mandataire?.id ?? 0));
    const attached = links.filter((link) => !link.isGestionnaire).map((link) => link.idClientBscs);
    expect(attached).toHaveLength(1);
    const [hidden] = await t.db.select().from(billingAccounts).where(inArray(billingAccounts.idClientBscs, attached));
    expect(hidden).toBeDefined();

    const response = await t.get('/api/comptes_facturation', token);
    expect(response.statusCode).toBe(200);
    const ids = billingAccountListSchema.parse(response.json()).map((a) => a.idClientBscs);
    expect(ids).toHaveLength(2);
    expect(ids).not.toContain(hidden?.idClientBscs);
    for (const detail of [hidden?.sirenSiret, hidden?.email, hidden?.telephone, hidden?.codeClientBscs]) {
      expect(detail).toBeTruthy();
      expect(response.body).not.toContain(String(detail));
    }
    expect((await t.get(`/api/comptes_facturation/${hidden?.idClientBscs}`, token)).statusCode).toBe(403);
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
