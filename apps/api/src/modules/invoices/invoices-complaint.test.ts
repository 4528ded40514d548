import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COMPLAINT_REFERENCE_PATTERN, errorMessage, invoiceComplaintResponseSchema } from '@ecare/shared';
import { formatPhone } from '@ecare/shared/phone';
import { auditLog, invoiceComplaints } from '../../db/schema.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { bodyOf, expectError, useTestContext } from '../../test/harness.ts';
import { INVOICE_COMPLAINT_QUOTA } from './invoices.service.ts';
import { invoiceDetail, invoiceFixture, invoicePage } from '../../test/support/invoices.ts';

const { t, f } = useTestContext(invoiceFixture, { env: { SUPPORT_EMAIL: 'service-client@telora.test' } });

const complaintUrl = (referenceNumber: string, account = f.account) => `/api/facture/${account}/${referenceNumber}/reclamation`;
const MESSAGE = 'Bonjour,\nla ligne de Julien est facturée d’une option Roaming Monde que nous n’avons jamais demandée.\nMerci de la retirer.';

describe('POST /api/facture/{idClientBscs}/{referenceNumber}/reclamation', () => {
  it('files the complaint with a REC reference, acknowledges it by e-mail, records it, and the invoice shows it in progress', async () => {
    const invoice = f.ago(1);
    const response = await t.send('POST', complaintUrl(invoice.referenceNumber), {
      token: f.manager,
      json: { motif: 'OPTION_NON_SOUSCRITE', message: MESSAGE, lignes: [f.own.idContrat, f.own.idContrat] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = bodyOf(response, invoiceComplaintResponseSchema);
    expect(answer.reference).toMatch(COMPLAINT_REFERENCE_PATTERN);
    expect(answer.reference.slice(4, 8)).toBe(String(new Date().getFullYear()));
    expect(answer.email).toBe(DEMO_USERS.gestionnaire.email);

    const [stored] = await t.db.select().from(invoiceComplaints).where(eq(invoiceComplaints.reference, answer.reference));
    expect(stored).toMatchObject({ invoiceId: invoice.id, idClientBscs: f.account, motif: 'OPTION_NON_SOUSCRITE', lignes: [f.own.idContrat], statut: 'EN_COURS' });
    expect(stored?.message).toBe(MESSAGE);

    const mails = await t.outbox();
    const acknowledgement = mails.find((mail) => mail.recipient === DEMO_USERS.gestionnaire.email && mail.subject.includes(answer.reference));
    expect(acknowledgement?.subject).toMatch(new RegExp(`Votre réclamation ${answer.reference} a bien été reçue$`));
    expect(acknowledgement?.textBody).toContain(invoice.referenceNumber);
    expect(acknowledgement?.textBody).toContain('Option ou service non souscrit');
    expect(acknowledgement?.textBody).toContain(formatPhone(f.own.numeroLigne));
    expect(acknowledgement?.textBody).toContain(`/ecare/mon-compte/factures/${invoice.referenceNumber}`);
    const toService = mails.find((mail) => mail.recipient === 'service-client@telora.test' && mail.subject.startsWith(`[${answer.reference}]`));
    expect(toService?.textBody).toContain('la ligne de Julien est facturée');

    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'RECLAMATION_FACTURE'), eq(auditLog.idClientBscs, f.account)));
    expect(audit).toHaveLength(1);

    const listed = (await invoicePage(t, f.account, '?taille=3', f.manager)).factures.find((entry) => entry.referenceNumber === invoice.referenceNumber);
    expect(listed?.reclamationEnCours).toBe(true);
    const detail = await invoiceDetail(t, f.account, invoice.referenceNumber, f.manager);
    expect(detail.facture.reclamationEnCours).toBe(true);
    expect(detail.reclamations).toEqual([{ reference: answer.reference, motif: 'OPTION_NON_SOUSCRITE', statut: 'EN_COURS', dateCreation: expect.any(String) }]);

    // One complaint at a time on an invoice: the second names the first.
    const again = await t.send('POST', complaintUrl(invoice.referenceNumber), { token: f.manager, json: { motif: 'AUTRE', message: 'Et aussi…' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'INVOICE_COMPLAINT_OPEN', exceptionMessage: errorMessage('INVOICE_COMPLAINT_OPEN', { reference: answer.reference }) });
  });

  it('files one of two complaints racing on one invoice', async () => {
    const invoice = f.ago(3);
    const responses = await Promise.all(
      [0, 1].map(() => t.send('POST', complaintUrl(invoice.referenceNumber), { token: f.manager, json: { motif: 'MONTANT_ERRONE', message: 'Montant trop élevé.' } })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await t.db.select().from(invoiceComplaints).where(eq(invoiceComplaints.invoiceId, invoice.id))).toHaveLength(1);
  });

  it('refuses lines that are not on the invoice, a motif off the list, an empty or too long message', async () => {
    const url = complaintUrl(f.ago(4).referenceNumber);
    expectError(await t.send('POST', url, { token: f.manager, json: { motif: 'AUTRE', message: 'x', lignes: [f.unmanagedLine.idContrat] } }), 400, 'INVOICE_COMPLAINT_LINES');
    expectError(await t.send('POST', url, { token: f.manager, json: { motif: 'AUTRE', message: 'x', lignes: [2_147_483_647] } }), 400, 'INVOICE_COMPLAINT_LINES');
    for (const json of [
      { motif: 'INCONNU', message: 'x' },
      { motif: 'AUTRE', message: '   ' },
      { motif: 'AUTRE', message: 'x'.repeat(5_001) },
      { motif: 'AUTRE', message: 'nul\u0000' },
      { motif: 'AUTRE', message: 'x', lignes: [-1] },
      { motif: 'AUTRE', message: 'x', lignes: [2_147_483_648] },
      { motif: 'AUTRE', message: 'x', lignes: Array.from({ length: 51 }, (_, index) => index + 1) },
      { motif: 'AUTRE' },
      {},
    ]) {
      const response = await t.send('POST', url, { token: f.manager, json });
      expect(response.statusCode, JSON.stringify(json).slice(0, 80)).toBe(400);
    }
    expect(await t.db.select().from(invoiceComplaints).where(eq(invoiceComplaints.invoiceId, f.ago(4).id))).toHaveLength(0);
  });

  it('needs the XSRF pair', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: complaintUrl(f.ago(4).referenceNumber),
      headers: { authorization: `Bearer ${f.manager}` },
      payload: { motif: 'AUTRE', message: 'Sans jeton.' },
    });
    expectError(response, 403, 'XSRF');
  });

  it('holds each user to a few complaints an hour: 429 with Retry-After beyond it', async () => {
    const token = await t.loginAs('solo');
    const { factures } = await invoicePage(t, f.strangerAccount, `?taille=${INVOICE_COMPLAINT_QUOTA.max + 1}`, token);
    for (const invoice of factures.slice(0, INVOICE_COMPLAINT_QUOTA.max)) {
      const response = await t.send('POST', complaintUrl(invoice.referenceNumber, f.strangerAccount), { token, json: { motif: 'AUTRE', message: 'Question.' } });
      expect(response.statusCode, response.body).toBe(200);
    }
    const last = factures[INVOICE_COMPLAINT_QUOTA.max];
    if (!last) throw new Error('not enough invoices');
    const refused = await t.send('POST', complaintUrl(last.referenceNumber, f.strangerAccount), { token, json: { motif: 'AUTRE', message: 'Question.' } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'INVOICE_COMPLAINT_TOO_MANY' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
