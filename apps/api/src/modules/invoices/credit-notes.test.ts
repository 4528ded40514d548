import { and, asc, eq, gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminComplaintSchema, billingAccountListSchema, creditNoteListSchema, errorMessage, invoiceComplaintResponseSchema, VAT_RATE_BP, vatCentimes } from '@ecare/shared';
import { creditNotes, emailOutbox, invoiceComplaints, invoicePayments, invoices } from '../../db/schema.ts';
import { releasedTogether, statusTally } from '../../test/concurrent.ts';
import { parseCsv } from '../../test/csv-reader.ts';
import { unzip } from '../../test/support/unzip.ts';
import { en16931Violations, validateFacturXSchema } from '../../test/en16931.ts';
import { bodyOf, expectError, useTestContext, type TestContext } from '../../test/harness.ts';
import { adminFixture, auditOf, expectAdministratorsOnly, lastAuditId } from '../../test/support/admin.ts';
import { attachedFiles, ciiFigures, pdfA3Problems, ublFigures } from '../../test/support/factur-x.ts';

/** The demo people, and the bakery's account and invoices (newest first). */
async function creditNotesFixture(t: TestContext) {
  const people = await adminFixture(t);
  const [account] = bodyOf(await t.get('/api/comptes_facturation', people.gestionnaire), billingAccountListSchema);
  if (!account) throw new Error('no demo account');
  const bills = await t.db.select().from(invoices).where(eq(invoices.idClientBscs, account.idClientBscs)).orderBy(asc(invoices.dateFacture));
  return { ...people, account, bills: bills.reverse() };
}

const { t, f } = useTestContext(creditNotesFixture);

const money = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const euros = (centimes: number) => money.format(centimes / 100);

let filed = 0;
/** A complaint of the bakery's manager about another of its invoices each time; with `unpaid`, one with its whole amount still due. */
async function complaint(options: { paid?: boolean } = {}) {
  // A user files at most 5 complaints an hour.
  t.clock.advance(13 * 60_000);
  const fresh = await t.db.select().from(invoices).where(eq(invoices.idClientBscs, f.account.idClientBscs));
  const open = new Set((await t.db.select().from(invoiceComplaints).where(eq(invoiceComplaints.statut, 'EN_COURS'))).map((row) => row.invoiceId));
  const candidates = f.bills.slice(filed).filter((bill) => {
    if (open.has(bill.id)) return false;
    const now = fresh.find((row) => row.id === bill.id);
    return options.paid === undefined || (options.paid ? now?.resteAPayerCentimes === 0 : now?.resteAPayerCentimes === now?.montantTtcCentimes);
  });
  const invoice = candidates[0];
  if (!invoice) throw new Error('no invoice left to complain about');
  filed = f.bills.indexOf(invoice) + 1;
  const response = await t.send('POST', `/api/facture/${f.account.idClientBscs}/${invoice.referenceNumber}/reclamation`, {
    token: f.gestionnaire,
    json: { motif: 'MONTANT_ERRONE', message: 'Les options de la ligne ont été facturées deux fois.' },
  });
  expect(response.statusCode, response.body).toBe(200);
  const [row] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
  if (!row) throw new Error('invoice gone');
  return { reference: bodyOf(response, invoiceComplaintResponseSchema).reference, invoice: row };
}

const lastMailId = async () => Math.max(0, ...(await t.db.select({ id: emailOutbox.id }).from(emailOutbox)).map((row) => row.id));
const mailsAfter = (id: number) => t.db.select().from(emailOutbox).where(gt(emailOutbox.id, id)).orderBy(asc(emailOutbox.id));

const decide = (reference: string, json: unknown, token = f.admin) => t.send('POST', `/api/admin/reclamations/${reference}/decision`, { token, json });
const listOf = async (token = f.gestionnaire) => bodyOf(await t.get(`/api/facture/${f.account.idClientBscs}/avoirs`, token), creditNoteListSchema).avoirs;

describe('POST /api/admin/reclamations/{reference}/decision', () => {
  it('is for administrators only', async () => {
    const { reference } = await complaint();
    await expectAdministratorsOnly(t, f, [['POST', `/api/admin/reclamations/${reference}/decision`, { decision: 'REFUSEE', motif: 'Montant conforme au contrat.' }]]);
  });

  it('accepted with a credit note on an invoice still due: an AV- Factur-X credit note, set against the invoice, listed, mailed, audited', async () => {
    const { reference, invoice } = await complaint({ paid: false });
    const auditFrom = await lastAuditId(t);
    const mailsFrom = await lastMailId();
    const response = await decide(reference, { decision: 'ACCEPTEE_AVEC_AVOIR', montantHT: 12.5, motif: 'Option facturée deux fois en mars.' });
    expect(response.statusCode, response.body).toBe(200);
    const decided = bodyOf(response, adminComplaintSchema);
    expect(decided).toMatchObject({ statut: 'TRAITEE', decision: 'ACCEPTEE_AVEC_AVOIR', motifDecision: 'Option facturée deux fois en mars.' });
    expect(decided.avoir).toMatch(/^AV-\d{4}-\d{6}$/);
    const avoir = decided.avoir ?? '';

    const tva = vatCentimes(1250, VAT_RATE_BP);
    const [note] = await t.db.select().from(creditNotes).where(eq(creditNotes.reference, avoir));
    expect(note).toMatchObject({ montantHtCentimes: 1250, montantTvaCentimes: tva, montantTtcCentimes: 1250 + tva, imputeCentimes: 1250 + tva, rembourseCentimes: 0, moyenRemboursement: null });
    const [after] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(after?.resteAPayerCentimes).toBe(invoice.resteAPayerCentimes - 1250 - tva);
    // The invoice itself is the same: its amounts, and its PDF's figures.
    expect(after?.montantTtcCentimes).toBe(invoice.montantTtcCentimes);
    const payments = await t.db.select().from(invoicePayments).where(and(eq(invoicePayments.invoiceId, invoice.id), eq(invoicePayments.moyen, 'AVOIR')));
    expect(payments.map((payment) => payment.montantCentimes)).toEqual([1250 + tva]);

    expect((await listOf())[0]).toMatchObject({
      reference: avoir,
      factureReference: invoice.referenceNumber,
      reclamationReference: reference,
      montantHT: 12.5,
      imputeSurFacture: (1250 + tva) / 100,
      rembourse: 0,
    });
    const [entry] = await auditOf(t, 'ADMIN_RECLAMATION_DECISION', auditFrom);
    expect(entry?.details).toMatchObject({ apres: { reference, decision: 'ACCEPTEE_AVEC_AVOIR', montantHT: 12.5, avoir } });
    const mails = await mailsAfter(mailsFrom);
    expect(mails.map((mail) => mail.subject), JSON.stringify(mails.map((mail) => [mail.recipient, mail.subject]))).toContainEqual(expect.stringContaining(`Avoir ${avoir}`));
    expect(mails.some((mail) => mail.subject.includes(reference) || mail.htmlBody.includes(reference))).toBe(true);

    // The credit note downloads as an invoice does: a PDF/A-3 Factur-X of type 381 referring to the invoice.
    const pdf = await t.get(`/api/facture/${f.account.idClientBscs}/${avoir}/pdf`, f.gestionnaire);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="avoir-${avoir}.pdf"`);
    expect(await pdfA3Problems(pdf.rawPayload)).toEqual([]);
    const [file] = await attachedFiles(pdf.rawPayload);
    const xml = new TextDecoder().decode(file?.bytes);
    expect(en16931Violations(xml)).toEqual([]);
    expect(await validateFacturXSchema(xml)).toEqual([]);
    const figures = ciiFigures(xml);
    expect(figures).toMatchObject({ number: avoir, typeCode: '381', taxExclusiveCentimes: 1250, vatCentimes: tva, dueCentimes: 1250 + tva });
    expect(xml).toContain(`<ram:IssuerAssignedID>${invoice.referenceNumber}</ram:IssuerAssignedID>`);
    const cii = await t.get(`/api/facture/${f.account.idClientBscs}/${avoir}/cii`, f.gestionnaire);
    expect(cii.body).toBe(xml);
    const ubl = await t.get(`/api/facture/${f.account.idClientBscs}/${avoir}/ubl`, f.gestionnaire);
    expect(ubl.body).toContain('<CreditNote');
    expect(ublFigures(ubl.body)).toEqual(figures);

    // The year's archive holds it beside the invoices, its index naming the invoice it credits.
    const year = avoir.slice(3, 7);
    const zip = await t.get(`/api/facture/${f.account.idClientBscs}/zip?annee=${year}`, f.gestionnaire);
    expect(zip.statusCode, zip.body).toBe(200);
    const archive = await unzip(zip.rawPayload);
    try {
      expect(archive.names).toContain(`avoir-${avoir}.pdf`);
      const index = parseCsv((await archive.read('index.csv')).toString('utf8').replace(/^\uFEFF/, ''));
      expect(index.find((row) => row[1] === avoir)?.slice(0, 4)).toEqual(['Avoir', avoir, expect.any(String), invoice.referenceNumber]);
    } finally {
      await archive.remove();
    }
  });

  it('accepted with a credit note on a paid invoice: refunded by the account’s payment means, the invoice untouched', async () => {
    const { reference, invoice } = await complaint({ paid: true });
    const response = await decide(reference, { decision: 'ACCEPTEE_AVEC_AVOIR', montantHT: 5, motif: 'Geste commercial sur le hors forfait.' });
    expect(response.statusCode, response.body).toBe(200);
    const avoir = bodyOf(response, adminComplaintSchema).avoir ?? '';
    const [note] = await t.db.select().from(creditNotes).where(eq(creditNotes.reference, avoir));
    expect(note).toMatchObject({ imputeCentimes: 0, rembourseCentimes: 500 + vatCentimes(500, VAT_RATE_BP) });
    expect(note?.moyenRemboursement).not.toBeNull();
    const [after] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(after?.resteAPayerCentimes).toBe(0);
  });

  it('never credits more than is left on the invoice, and decides once, even asked ten times at once', async () => {
    const { reference, invoice } = await complaint();
    const tooHigh = await decide(reference, { decision: 'ACCEPTEE_AVEC_AVOIR', montantHT: invoice.montantHtCentimes / 100 + 0.01, motif: 'Trop.' });
    expect(tooHigh.statusCode).toBe(409);
    expect(tooHigh.json()).toMatchObject({ code: 'CREDIT_NOTE_TOO_HIGH', exceptionMessage: errorMessage('CREDIT_NOTE_TOO_HIGH', { reste: euros(invoice.montantHtCentimes) }) });
    expect(await t.db.select().from(creditNotes).where(eq(creditNotes.invoiceId, invoice.id))).toEqual([]);

    const answers = await releasedTogether(10, () => decide(reference, { decision: 'ACCEPTEE_AVEC_AVOIR', montantHT: invoice.montantHtCentimes / 100, motif: 'Facture entière annulée.' }));
    expect(statusTally(answers)).toEqual({ 200: 1, 409: 9 });
    expect(await t.db.select().from(creditNotes).where(eq(creditNotes.invoiceId, invoice.id))).toHaveLength(1);
    const twice = await decide(reference, { decision: 'REFUSEE', motif: 'Changement d’avis.' });
    expect(twice.json()).toMatchObject({ code: 'COMPLAINT_ALREADY_DECIDED', exceptionMessage: errorMessage('COMPLAINT_ALREADY_DECIDED', { decision: 'Acceptée avec avoir' }) });

    // Nothing is left to credit on that invoice: another complaint about it cannot get more.
    t.clock.advance(13 * 60_000);
    const again = await t.send('POST', `/api/facture/${f.account.idClientBscs}/${invoice.referenceNumber}/reclamation`, {
      token: f.gestionnaire,
      json: { motif: 'AUTRE', message: 'Encore une question sur cette facture.' },
    });
    const second = bodyOf(again, invoiceComplaintResponseSchema).reference;
    const nothingLeft = await decide(second, { decision: 'ACCEPTEE_AVEC_AVOIR', montantHT: 0.01, motif: 'Encore un peu.' });
    expect(nothingLeft.json()).toMatchObject({ code: 'CREDIT_NOTE_TOO_HIGH', exceptionMessage: errorMessage('CREDIT_NOTE_TOO_HIGH', { reste: euros(0) }) });
    expect((await decide(second, { decision: 'REFUSEE', motif: 'Facture déjà entièrement créditée.' })).statusCode).toBe(200);
  });

  it('refused or accepted without a credit note: the complaint is treated and its author told, no credit note', async () => {
    const { reference } = await complaint();
    const mailsFrom = await lastMailId();
    const response = await decide(reference, { decision: 'REFUSEE', motif: 'Les options figurent au contrat signé.' });
    expect(bodyOf(response, adminComplaintSchema)).toMatchObject({ statut: 'TRAITEE', decision: 'REFUSEE', avoir: null });
    const mails = await mailsAfter(mailsFrom);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.htmlBody).toContain('Les options figurent au contrat signé.');
    const other = await complaint();
    expect(bodyOf(await decide(other.reference, { decision: 'ACCEPTEE', motif: 'Erreur corrigée sur la prochaine facture.' }), adminComplaintSchema).avoir).toBeNull();
  });

  it('refuses bad input with a French message and a 400, never a server error', async () => {
    const { reference } = await complaint();
    const bad = [
      { decision: 'ACCEPTEE_AVEC_AVOIR', motif: 'Sans montant.' },
      { decision: 'REFUSEE', montantHT: 10, motif: 'Montant de trop.' },
      { decision: 'ACCEPTEE_AVEC_AVOIR', montantHT: 10.001, motif: 'Trois décimales.' },
      { decision: 'ACCEPTEE_AVEC_AVOIR', montantHT: -5, motif: 'Négatif.' },
      { decision: 'ACCEPTEE_AVEC_AVOIR', montantHT: 1e12, motif: 'Énorme.' },
      { decision: 'ACCEPTEE_AVEC_AVOIR', montantHT: '10', motif: 'Texte.' },
      { decision: 'ACCEPTEE', motif: 'Ligne\nbrisée' },
      { decision: 'ACCEPTEE', motif: 'x' },
      { decision: 'PEUT_ETRE', motif: 'Décision inconnue.' },
      { decision: 'ACCEPTEE', motif: 'Champ en trop.', extra: true },
    ];
    for (const json of bad) {
      const response = await decide(reference, json);
      expect(response.statusCode, JSON.stringify(json)).toBe(400);
      expect(response.json()).toHaveProperty('exceptionMessage');
    }
    expectError(await decide('REC-2000-999999', { decision: 'REFUSEE', motif: 'Inconnue.' }), 404, 'ADMIN_TICKET_NOT_FOUND');
  });
});

describe('credit notes for the customer', () => {
  it('are listed to the account’s managers only, and another account’s credit note answers as unknown', async () => {
    const solo = await t.loginAs('solo');
    expectError(await t.get(`/api/facture/${f.account.idClientBscs}/avoirs`, solo), 403, 'FORBIDDEN_ACCOUNT');
    expect((await t.get(`/api/facture/${f.account.idClientBscs}/avoirs`)).statusCode).toBe(401);
    const [note] = await t.db.select().from(creditNotes).where(gt(creditNotes.id, 0)).limit(1);
    if (!note) throw new Error('a credit note is issued by the tests above');
    const [soloAccount] = bodyOf(await t.get('/api/comptes_facturation', solo), billingAccountListSchema);
    for (const format of ['pdf', 'cii', 'ubl']) {
      expectError(await t.get(`/api/facture/${soloAccount?.idClientBscs}/${note.reference}/${format}`, solo), 404, 'INVOICE_NOT_FOUND');
    }
  });
});
