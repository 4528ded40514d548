import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  adminComplaintPageSchema,
  adminComplaintSchema,
  billingAccountListSchema,
  customerRequestPageSchema,
  invoiceComplaintResponseSchema,
  invoicePageSchema,
  type InvoiceComplaintMotif,
} from '@ecare/shared';
import { formatPhone } from '@ecare/shared/phone';
import { contracts, invoices } from '../../db/schema.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { bodyOf, expectError, useTestContext, type TestContext } from '../../test/harness.ts';
import { adminFixture, auditOf, expectAdministratorsOnly, lastAuditId } from '../../test/support/admin.ts';

/** The demo people, and the bakery's account, invoices (newest first) and first line. */
async function complaintsFixture(t: TestContext) {
  const people = await adminFixture(t);
  const [account] = bodyOf(await t.get('/api/comptes_facturation', people.gestionnaire), billingAccountListSchema);
  if (!account) throw new Error('no demo account');
  const bills = await t.db.select().from(invoices).where(eq(invoices.idClientBscs, account.idClientBscs)).orderBy(asc(invoices.dateFacture));
  const [line] = await t.db.select().from(contracts).where(eq(contracts.idClientBscs, account.idClientBscs)).orderBy(asc(contracts.idContrat)).limit(1);
  if (!line) throw new Error('no demo line');
  return { ...people, account, bills: bills.reverse(), line };
}

const { t, f } = useTestContext(complaintsFixture, { env: { SUPPORT_EMAIL: 'support@telora.test' } });

let filed = 0;
/** A complaint of the bakery's manager about another of its invoices each time. */
async function complaint(motif: InvoiceComplaintMotif = 'MONTANT_ERRONE') {
  const invoice = f.bills[filed++];
  if (!invoice) throw new Error('no invoice left to complain about');
  const response = await t.send('POST', `/api/facture/${f.account.idClientBscs}/${invoice.referenceNumber}/reclamation`, {
    token: f.gestionnaire,
    json: { motif, message: 'Le montant ne correspond pas à notre forfait.', lignes: [f.line.idContrat] },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { reference: bodyOf(response, invoiceComplaintResponseSchema).reference, invoice };
}

const changeStatus = (reference: string, statut: string, reponse?: string, token = f.admin) =>
  t.send('PUT', `/api/admin/reclamations/${reference}/statut`, { token, json: { statut, ...(reponse === undefined ? {} : { reponse }) } });

describe('invoice complaints in the back office', () => {
  it('are refused without a session, to customers and to a customer-service agent', async () => {
    const { reference } = await complaint();
    await expectAdministratorsOnly(t, f, [
      ['GET', '/api/admin/reclamations', undefined],
      ['PUT', `/api/admin/reclamations/${reference}/statut`, { statut: 'TRAITEE' }],
    ]);
  });

  it('lists complaints newest first, with the invoice, the account, the lines named and the sender, filtered by status and reference', async () => {
    const first = await complaint('HORS_FORFAIT');
    t.clock.advance(60_000);
    const second = await complaint('DOUBLE_FACTURATION');
    const page = bodyOf(await t.get('/api/admin/reclamations?taille=2', f.admin), adminComplaintPageSchema);
    expect(page.reclamations.map((row) => row.reference)).toEqual([second.reference, first.reference]);
    expect(page.reclamations[1]).toMatchObject({
      motif: 'HORS_FORFAIT',
      statut: 'EN_COURS',
      message: 'Le montant ne correspond pas à notre forfait.',
      facture: { referenceNumber: first.invoice.referenceNumber, dateFacture: first.invoice.dateFacture, montantTTC: first.invoice.montantTtcCentimes / 100 },
      compte: { idClientBscs: f.account.idClientBscs, codeClientBscs: f.account.codeClientBscs, raisonSociale: f.account.raisonSociale },
      lignes: [f.line.numeroLigne],
      expediteur: { email: DEMO_USERS.gestionnaire.email },
    });
    const found = bodyOf(await t.get(`/api/admin/reclamations?reference=${first.reference.toLowerCase()}`, f.admin), adminComplaintPageSchema);
    expect(found.reclamations.map((row) => row.reference)).toEqual([first.reference]);
    // Treated ones: the demo's, none of those just filed.
    const treated = bodyOf(await t.get('/api/admin/reclamations?statut=TRAITEE&taille=50', f.admin), adminComplaintPageSchema).reclamations;
    expect(treated.every((row) => row.statut === 'TRAITEE')).toBe(true);
    for (const filed of [first, second]) expect(treated.map((row) => row.reference)).not.toContain(filed.reference);
    for (const query of ['?statut=RESOLUE', '?reference=REC_1', '?taille=51']) expectError(await t.get(`/api/admin/reclamations${query}`, f.admin), 400, 'VALIDATION');
  });

  it('treats a complaint with a reply: audited, e-mailed to its sender, shown to the customer, the invoice no longer under complaint', async () => {
    const { reference, invoice } = await complaint();
    const since = await lastAuditId(t);
    const changed = await changeStatus(reference, 'TRAITEE', '  Un avoir de 12,00 € figurera sur votre prochaine facture.  ');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(bodyOf(changed, adminComplaintSchema)).toMatchObject({ reference, statut: 'TRAITEE' });

    const [entry] = await auditOf(t, 'ADMIN_RECLAMATION_STATUT', since);
    expect(entry).toMatchObject({ userId: f.adminId, idClientBscs: f.account.idClientBscs });
    expect(entry?.details).toEqual({
      avant: { reference, statut: 'EN_COURS' },
      apres: { reference, statut: 'TRAITEE', reponse: 'Un avoir de 12,00 € figurera sur votre prochaine facture.' },
    });

    const mail = (await t.outbox()).find((row) => row.recipient === DEMO_USERS.gestionnaire.email && row.subject.includes(`${reference} : réclamation traitée`));
    expect(mail, 'status mail').toBeDefined();
    expect(mail?.textBody).toContain('Un avoir de 12,00 € figurera sur votre prochaine facture.');
    expect(mail?.textBody).toContain(`/ecare/mon-compte/factures/${invoice.referenceNumber}`);
    expect(mail?.textBody).toContain(formatPhone(f.line.numeroLigne));

    const mine = bodyOf(await t.get('/api/mes-demandes?type=RECLAMATION&taille=50', f.gestionnaire), customerRequestPageSchema).demandes;
    expect(mine.find((row) => row.reference === reference)).toMatchObject({ statut: 'TRAITEE', statutLibelle: 'Réclamation traitée', enCours: false });
    const listed = bodyOf(await t.get(`/api/facture/${f.account.idClientBscs}`, f.gestionnaire), invoicePageSchema).factures.find((row) => row.referenceNumber === invoice.referenceNumber);
    expect(listed?.reclamationEnCours).toBe(false);
  });

  it('allows only the other status (409 otherwise), reopens a treated complaint, and answers 404 and 400', async () => {
    const { reference } = await complaint();
    expectError(await changeStatus(reference, 'EN_COURS'), 409, 'ADMIN_TICKET_TRANSITION');
    expect((await changeStatus(reference, 'TRAITEE')).statusCode).toBe(200);
    expectError(await changeStatus(reference, 'TRAITEE'), 409, 'ADMIN_TICKET_TRANSITION');
    const reopened = await changeStatus(reference, 'EN_COURS', 'Nous reprenons l’examen de votre réclamation.');
    expect(reopened.statusCode, reopened.body).toBe(200);
    const mail = (await t.outbox()).find((row) => row.subject.includes(`${reference} : réclamation en cours`));
    expect(mail?.textBody).toContain('Nous reprenons l’examen de votre réclamation.');
    expectError(await changeStatus('REC-1999-999999', 'TRAITEE'), 404, 'ADMIN_TICKET_NOT_FOUND');
    expectError(await changeStatus('SUP-2026-000001', 'TRAITEE'), 400, 'VALIDATION');
    expectError(await changeStatus(reference, 'RESOLUE'), 400, 'VALIDATION');
  });
});
