import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentConnectResponseSchema, hashConfidentialCode, validateScResponseSchema } from '@ecare/shared';
import { agents, auditLog, terminations } from '../../db/schema.ts';
import { DEMO_AGENTS } from '../../db/seed/demo-agents.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { demoFixture, userIdOf } from '../../test/demo-fixture.ts';
import { bodyOf, useTestContext } from '../../test/harness.ts';
import { daysOf, submitted } from '../../test/support/termination.ts';

const { t, f } = useTestContext(demoFixture);
const MOTIF = 'Appel du gestionnaire : résiliation d’une ligne';

/** A remote customer-service agent connected to the bakery for its manager, with a reason. */
async function agentForBakery(): Promise<{ customer: string; agentId: number }> {
  const agent = DEMO_AGENTS.distance;
  const validated = await t.send('POST', '/api/validate_sc', {
    json: { username: agent.identifiant, password: await hashConfidentialCode(agent.identifiant, agent.password) },
  });
  const token = bodyOf(validated, validateScResponseSchema).access_token;
  const connected = await t.send('POST', '/api/service-client/connexion', {
    token,
    json: { idClientBscs: f.account, email: DEMO_USERS.gestionnaire.email, motif: MOTIF },
  });
  expect(connected.statusCode, connected.body).toBe(200);
  const [row] = await t.db.select({ id: agents.id }).from(agents).where(eq(agents.identifiant, agent.identifiant));
  if (!row) throw new Error('no demo agent');
  return { customer: bodyOf(connected, agentConnectResponseSchema).access_token, agentId: row.id };
}

describe('termination in agent mode', () => {
  it('records the agent on the request and in the audit log, with the reason of the connection', async () => {
    const { customer, agentId } = await agentForBakery();
    const line = f.colleague(5).idContrat;
    const status = await submitted(t, customer, { idContrat: line, idMotif: 104, idSousMotif: 1043, dateEffet: daysOf(t).min });
    const [row] = await t.db.select().from(terminations).where(eq(terminations.idResiliation, status.idResiliation));
    const manager = await userIdOf(t, DEMO_USERS.gestionnaire.email);
    expect(row).toMatchObject({ demandePar: manager, agentId });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.idContrat, line), eq(auditLog.action, 'DEMANDE_RESILIATION')));
    expect(entry).toMatchObject({ userId: agentId, onBehalfOf: manager, idClientBscs: f.account, details: expect.objectContaining({ motif: MOTIF }) });
    // The confirmation goes to the customer, not to the agent.
    expect((await t.outbox())[0]?.recipient).toBe(DEMO_USERS.gestionnaire.email);
  });
});
