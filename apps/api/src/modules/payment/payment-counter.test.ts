import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentConnectResponseSchema, counterPaymentSchema, hashConfidentialCode, validateScResponseSchema } from '@ecare/shared';
import { agents, invoicePayments } from '../../db/schema.ts';
import { DEMO_AGENTS } from '../../db/seed/demo-agents.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { demoFixture, userIdOf } from '../../test/demo-fixture.ts';
import { bodyOf, errorOf, expectError, useTestContext } from '../../test/harness.ts';
import { auditOfAccount, insertInvoice, invoiceRow, PAYMENT_ENV } from '../../test/support/payment.ts';

const { t, f } = useTestContext(demoFixture, { env: PAYMENT_ENV });

const MOTIF = 'Client au comptoir : règlement de factures';

/** The customer session an agent gets by connecting to the bakery's account for a reason. */
async function agentAtBakery(agent: (typeof DEMO_AGENTS)['bdp' | 'distance']): Promise<string> {
  const login = await t.send('POST', '/api/validate_sc', {
    json: { username: agent.identifiant, password: await hashConfidentialCode(agent.identifiant, agent.password) },
  });
  expect(login.statusCode, login.body).toBe(200);
  const connected = await t.send('POST', '/api/service-client/connexion', {
    token: bodyOf(login, validateScResponseSchema).access_token,
    json: { idClientBscs: f.account, email: DEMO_USERS.gestionnaire.email, motif: MOTIF },
  });
  expect(connected.statusCode, connected.body).toBe(200);
  return bodyOf(connected, agentConnectResponseSchema).access_token;
}

const pay = (token: string, json: unknown) => t.send('POST', '/api/paiement-bdp/payer', { token, json });

describe('POST /api/paiement-bdp/payer (payment at a point of sale)', () => {
  it('settles the invoices in full for the counter agent, once, audited with the agent and mailed to the customer', async () => {
    const counter = await agentAtBakery(DEMO_AGENTS.bdp);
    const first = await insertInvoice(t, f.account, { montantTtcCentimes: 4_321 });
    const second = await insertInvoice(t, f.account, { montantTtcCentimes: 10_000, resteAPayerCentimes: 2_550 });
    const request = { idClientBscs: f.account, referenceNumbers: [first.referenceNumber, second.referenceNumber], moyen: 'CHEQUE', referenceRecu: 'CHQ 0012345' };

    const response = await pay(counter, { ...request, montant: 1 });
    expect(response.statusCode, response.body).toBe(200);
    const body = bodyOf(response, counterPaymentSchema);
    // The amount is the balances', whatever the browser says.
    expect(body.montant).toBe(68.71);
    expect(body.referenceNumbers.sort()).toEqual([first.referenceNumber, second.referenceNumber].sort());
    for (const invoice of [first, second]) expect((await invoiceRow(t, invoice.referenceNumber)).resteAPayerCentimes).toBe(0);
    const payments = await t.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, second.id));
    expect(payments).toEqual([expect.objectContaining({ montantCentimes: 2_550, moyen: 'BDP', transactionReference: null })]);

    const [agent] = await t.db.select({ id: agents.id }).from(agents).where(eq(agents.identifiant, DEMO_AGENTS.bdp.identifiant));
    const [entry] = await auditOfAccount(t, 'PAIEMENT_COMPTOIR', f.account);
    expect(entry).toMatchObject({ userId: agent?.id, onBehalfOf: await userIdOf(t, DEMO_USERS.gestionnaire.email) });
    expect(entry?.details).toMatchObject({ moyen: 'CHEQUE', referenceRecu: 'CHQ 0012345', montantCentimes: 6_871, motif: MOTIF });

    const receipt = (await t.outbox()).find((mail) => mail.recipient === DEMO_USERS.gestionnaire.email && mail.textBody.includes('CHQ 0012345'));
    expect(receipt?.textBody).toContain('par chèque auprès de Camille Martin');
    expect(receipt?.textBody).toContain('68,71');

    // A second recording of the same invoices changes nothing.
    const again = await pay(counter, request);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('PAYMENT_INVOICE_ALREADY_PAID');
    expect(await t.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, second.id))).toHaveLength(1);
  });

  it('is refused to the customer, to a remote agent, and outside the account the agent is connected to', async () => {
    const invoice = await insertInvoice(t, f.account);
    const request = { idClientBscs: f.account, referenceNumbers: [invoice.referenceNumber], moyen: 'ESPECES', referenceRecu: 'R-77' };
    expectError(await pay(f.manager, request), 403, 'PAYMENT_COUNTER_AGENT_ONLY');
    expectError(await pay(await agentAtBakery(DEMO_AGENTS.distance), request), 403, 'PAYMENT_COUNTER_AGENT_ONLY');

    const counter = await agentAtBakery(DEMO_AGENTS.bdp);
    const foreign = await insertInvoice(t, f.strangerAccount);
    expectError(await pay(counter, { ...request, idClientBscs: f.strangerAccount, referenceNumbers: [foreign.referenceNumber] }), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await pay(counter, { ...request, referenceNumbers: [foreign.referenceNumber] }), 403, 'PAYMENT_INVOICE_FORBIDDEN');
    expect((await invoiceRow(t, foreign.referenceNumber)).resteAPayerCentimes).toBe(foreign.montantTtcCentimes);
    expect((await invoiceRow(t, invoice.referenceNumber)).resteAPayerCentimes).toBe(invoice.montantTtcCentimes);
  });

  it('refuses an unknown means, a receipt number with other characters, and anyone anonymous', async () => {
    const counter = await agentAtBakery(DEMO_AGENTS.bdp);
    const invoice = await insertInvoice(t, f.account);
    const request = { idClientBscs: f.account, referenceNumbers: [invoice.referenceNumber], moyen: 'ESPECES', referenceRecu: 'R-78' };
    expectError(await pay(counter, { ...request, moyen: 'VIREMENT' }), 400, 'VALIDATION');
    expectError(await pay(counter, { ...request, referenceRecu: 'R<script>' }), 400, 'VALIDATION');
    expectError(await pay(counter, { ...request, referenceRecu: 'R\u000078' }), 400, 'VALIDATION');
    expect((await t.send('POST', '/api/paiement-bdp/payer', { json: request })).statusCode).toBe(401);
    expect((await invoiceRow(t, invoice.referenceNumber)).resteAPayerCentimes).toBe(invoice.montantTtcCentimes);
  });
});
