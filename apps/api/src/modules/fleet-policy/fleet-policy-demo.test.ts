import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS, orderApprovalSchema } from '@ecare/shared';
import { orderApprovals, orders } from '../../db/schema.ts';
import { DEMO_APPROVER } from '../../db/seed/demo-fleet-policy.ts';
import { bodyOf, expectError, useTestContext } from '../../test/harness.ts';

const { t, f } = useTestContext(async (t) => {
  const [held] = await t.db.select({ numero: orders.numero, idClientBscs: orders.idClientBscs }).from(orderApprovals).innerJoin(orders, eq(orders.id, orderApprovals.orderId));
  if (!held) throw new Error('no demo order waiting for approval');
  return { held, mandataire: await t.loginAs('mandataire'), approver: await t.login(DEMO_APPROVER.email, DEMO_APPROVER.password) };
});

describe('the demo’s fleet policy', () => {
  it('has an order of the transport company waiting, which its requester may not approve and the second manager does', async () => {
    const url = `/api/commandes/${f.held.idClientBscs}/${f.held.numero}/validation`;
    expect(bodyOf(await t.get(url, f.mandataire), orderApprovalSchema)).toMatchObject({ statut: 'EN_ATTENTE_VALIDATION', peutDecider: false });
    expectError(await t.send('POST', url, { token: f.mandataire, json: { decision: 'APPROUVEE' } }), 403, 'APPROVAL_OWN_ORDER');
    const response = await t.send('POST', url, { token: f.approver, json: { decision: 'APPROUVEE' } });
    expect(bodyOf(response, orderApprovalSchema)).toMatchObject({ statut: 'APPROUVEE', decidePar: 'Nadia Benali' });
    const [row] = await t.db.select().from(orders).where(eq(orders.numero, f.held.numero));
    expect(row?.statut).toBe(ORDER_STATUS.PaiementSurFactureAttenteValidation);
  });
});
