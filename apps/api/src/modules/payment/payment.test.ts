import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorMessage, invoicesDueSchema, paymentLinkSchema, paymentTransactionSchema, TRANSACTION_REFERENCE_PATTERN } from '@ecare/shared';
import { paymentTransactions } from '../../db/schema.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { demoFixture, userIdOf } from '../../test/demo-fixture.ts';
import { bodyOf, errorOf, expectError, useTestContext } from '../../test/harness.ts';
import { auditOfAccount, dayFrom, insertInvoice, PAYMENT_ENV, transactionRow } from '../../test/support/payment.ts';
import { PAYMENT_LINK_QUOTA } from './payment.service.ts';

const { t, f } = useTestContext(demoFixture, { env: PAYMENT_ENV });

const due = (idClientBscs: number | string, token?: string) => t.get(`/api/factures_a_payer/${idClientBscs}`, token);
const link = (json: unknown, token: string | null = f.manager) => t.send('POST', '/api/paiement/lien', { token: token ?? undefined, json });
const status = (reference: string, token: string | null = f.manager) => t.get(`/api/paiement/transaction/${reference}`, token ?? undefined);

async function startPayment(referenceNumbers: string[], token = f.manager) {
  const response = await link({ idClientBscs: f.account, referenceNumbers }, token);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf(response, paymentLinkSchema);
}

describe('GET /api/factures_a_payer/{idClientBscs}', () => {
  it('lists the account’s unpaid invoices, oldest due date first, amounts to the cent, with their status', async () => {
    const late = await insertInvoice(t, f.account, { montantTtcCentimes: 123_456, dateEcheance: dayFrom(t, -5) });
    const partial = await insertInvoice(t, f.account, { montantTtcCentimes: 10_001, resteAPayerCentimes: 1, dateEcheance: dayFrom(t, 3) });
    const debit = await insertInvoice(t, f.account, { montantTtcCentimes: 4_999, prelevement: true, dateEcheance: dayFrom(t, 20) });
    const paid = await insertInvoice(t, f.account, { resteAPayerCentimes: 0 });
    const answer = bodyOf(await due(f.account, f.manager), invoicesDueSchema);
    const mine = answer.factures.filter((invoice) => [late, partial, debit, paid].some((row) => row.referenceNumber === invoice.referenceNumber));
    expect(mine).toEqual([
      {
        referenceNumber: late.referenceNumber,
        dateFacture: late.dateFacture,
        dateEcheance: late.dateEcheance,
        montantTTC: 1234.56,
        resteAPayer: 1234.56,
        statut: 'EN_RETARD',
        payableParCarte: true,
        paiementEnCours: false,
      },
      expect.objectContaining({ referenceNumber: partial.referenceNumber, montantTTC: 100.01, resteAPayer: 0.01, statut: 'A_PAYER', payableParCarte: true }),
      expect.objectContaining({ referenceNumber: debit.referenceNumber, resteAPayer: 49.99, statut: 'PRELEVEMENT_A_VENIR', payableParCarte: false }),
    ]);
    const dates = answer.factures.map((invoice) => invoice.dateEcheance);
    expect(dates).toEqual([...dates].sort());
    // The total is the sum of the balances, exact to the cent.
    const cents = answer.factures.reduce((sum, invoice) => sum + Math.round(invoice.resteAPayer * 100), 0);
    expect(Math.round(answer.total * 100)).toBe(cents);
    expect(answer.factures.every((invoice) => invoice.resteAPayer > 0)).toBe(true);
  });

  it('refuses another customer, a line user, a mandataire who does not manage the account, anyone anonymous and malformed ids', async () => {
    expectError(await due(f.account, f.stranger), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await due(f.account, f.lineUser), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await due(f.notManaged, f.mandataire), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await due(999_999_999, f.manager), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await due(f.account), 401, 'UNAUTHENTICATED');
    for (const id of ['abc', '0', '-1', '1.5']) expectError(await due(id, f.manager), 400, 'VALIDATION');
  });
});

describe('POST /api/paiement/lien', () => {
  it('computes the amount from the invoices’ balances, whatever the browser sends, and answers the provider’s page', async () => {
    const first = await insertInvoice(t, f.account, { montantTtcCentimes: 123_456, dateEcheance: dayFrom(t, -2) });
    const second = await insertInvoice(t, f.account, { montantTtcCentimes: 20_000, resteAPayerCentimes: 7_891 });
    const response = await link({ idClientBscs: f.account, referenceNumbers: [second.referenceNumber, first.referenceNumber], montant: 0.01 });
    expect(response.statusCode, response.body).toBe(200);
    const answer = bodyOf(response, paymentLinkSchema);
    expect(answer.transactionReference).toMatch(TRANSACTION_REFERENCE_PATTERN);
    expect(answer.url).toMatch(/^https:\/\/espace-client\.test\/sandbox-paiement\/[A-Za-z0-9_-]+$/);
    const stored = await transactionRow(t, answer.transactionReference);
    expect(stored).toMatchObject({
      idClientBscs: f.account,
      userId: await userIdOf(t, DEMO_USERS.gestionnaire.email),
      montantCentimes: 123_456 + 7_891,
      referenceNumbers: [first.referenceNumber, second.referenceNumber],
      statut: 'EN_ATTENTE',
      fournisseur: 'sandbox',
      settledAt: null,
    });
    expect(bodyOf(await status(answer.transactionReference), paymentTransactionSchema)).toEqual({
      statut: 'EN_ATTENTE',
      montant: 1313.47,
      referenceNumbers: [first.referenceNumber, second.referenceNumber],
    });
    const audit = await auditOfAccount(t, 'DEMANDE_PAIEMENT_CARTE', f.account);
    expect(audit.length).toBeGreaterThan(0);
    // Nothing is paid before the bank says so.
    const listed = bodyOf(await due(f.account, f.manager), invoicesDueSchema).factures.find((invoice) => invoice.referenceNumber === first.referenceNumber);
    expect(listed).toMatchObject({ resteAPayer: 1234.56, paiementEnCours: true });
  });

  it('gives up a waiting payment of the same invoice for the new one', async () => {
    const invoice = await insertInvoice(t, f.account);
    const other = await insertInvoice(t, f.account);
    const older = await startPayment([invoice.referenceNumber, other.referenceNumber]);
    const unrelated = await startPayment([(await insertInvoice(t, f.account)).referenceNumber]);
    const newer = await startPayment([invoice.referenceNumber]);
    expect(await transactionRow(t, older.transactionReference)).toMatchObject({ statut: 'ANNULEE', settledAt: t.clock.now() });
    expect((await transactionRow(t, unrelated.transactionReference)).statut).toBe('EN_ATTENTE');
    expect((await transactionRow(t, newer.transactionReference)).statut).toBe('EN_ATTENTE');
    expect(bodyOf(await status(older.transactionReference), paymentTransactionSchema).statut).toBe('ANNULEE');
  });

  it('refuses paid invoices, invoices the direct debit will settle, unknown ones and another account’s', async () => {
    const open = await insertInvoice(t, f.account);
    const paid = await insertInvoice(t, f.account, { resteAPayerCentimes: 0 });
    const debit = await insertInvoice(t, f.account, { prelevement: true });
    const lateDebit = await insertInvoice(t, f.account, { prelevement: true, dateEcheance: dayFrom(t, -3) });
    const foreign = await insertInvoice(t, f.strangerAccount);
    const before = await t.db.$count(paymentTransactions);
    const refusal = async (referenceNumbers: string[]) => {
      const response = await link({ idClientBscs: f.account, referenceNumbers });
      return { status: response.statusCode, ...errorOf(response) };
    };
    expect(await refusal([open.referenceNumber, paid.referenceNumber])).toEqual({
      status: 409,
      code: 'PAYMENT_INVOICE_ALREADY_PAID',
      exceptionMessage: errorMessage('PAYMENT_INVOICE_ALREADY_PAID', { referenceNumber: paid.referenceNumber }),
    });
    expect(await refusal([debit.referenceNumber])).toEqual({
      status: 409,
      code: 'PAYMENT_INVOICE_DIRECT_DEBIT',
      exceptionMessage: errorMessage('PAYMENT_INVOICE_DIRECT_DEBIT', { referenceNumber: debit.referenceNumber }),
    });
    expectError(await link({ idClientBscs: f.account, referenceNumbers: [open.referenceNumber, foreign.referenceNumber] }), 403, 'PAYMENT_INVOICE_FORBIDDEN');
    expectError(await link({ idClientBscs: f.account, referenceNumbers: ['F000000-UNKNOWN'] }), 403, 'PAYMENT_INVOICE_FORBIDDEN');
    expect(await t.db.$count(paymentTransactions)).toBe(before);
    // A direct debit that did not go through leaves the invoice late: it may be paid by card.
    expect((await link({ idClientBscs: f.account, referenceNumbers: [lateDebit.referenceNumber] })).statusCode).toBe(200);
  });

  it('refuses duplicates, an empty or malformed selection, and amounts of its own', async () => {
    const invoice = await insertInvoice(t, f.account);
    expectError(await link({ idClientBscs: f.account, referenceNumbers: [invoice.referenceNumber, invoice.referenceNumber] }), 400, 'VALIDATION');
    expectError(await link({ idClientBscs: f.account, referenceNumbers: [] }), 400, 'VALIDATION');
    expectError(await link({ idClientBscs: f.account, referenceNumbers: ['<script>'] }), 400, 'VALIDATION');
    expectError(await link({ idClientBscs: f.account }), 400, 'VALIDATION');
    expectError(await link({ idClientBscs: 'abc', referenceNumbers: [invoice.referenceNumber] }), 400, 'VALIDATION');
  });

  it('refuses another customer, a line user, anyone anonymous and a request without the XSRF pair', async () => {
    const invoice = await insertInvoice(t, f.account);
    const body = { idClientBscs: f.account, referenceNumbers: [invoice.referenceNumber] };
    expectError(await link(body, f.stranger), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await link(body, f.lineUser), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await link({ idClientBscs: f.notManaged, referenceNumbers: [invoice.referenceNumber] }, f.mandataire), 403, 'FORBIDDEN_ACCOUNT');
    // The stranger paying the bakery's invoice from their own account: not their invoice.
    expectError(await link({ idClientBscs: f.strangerAccount, referenceNumbers: [invoice.referenceNumber] }, f.stranger), 403, 'PAYMENT_INVOICE_FORBIDDEN');
    expectError(await link(body, null), 401, 'UNAUTHENTICATED');
    const withoutXsrf = await t.app.inject({ method: 'POST', url: '/api/paiement/lien', headers: { authorization: `Bearer ${f.manager}` }, payload: body });
    expectError(withoutXsrf, 403, 'XSRF');
    expect((await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.idClientBscs, f.strangerAccount))).length).toBe(0);
  });
});

describe('GET /api/paiement/transaction/{transactionReference}', () => {
  it('answers the account’s managers only; an unknown reference like a foreign one', async () => {
    const payment = await startPayment([(await insertInvoice(t, f.account)).referenceNumber]);
    expect((await status(payment.transactionReference, f.manager)).statusCode).toBe(200);
    expectError(await status(payment.transactionReference, f.stranger), 403, 'PAYMENT_TRANSACTION_FORBIDDEN');
    expectError(await status(payment.transactionReference, f.lineUser), 403, 'PAYMENT_TRANSACTION_FORBIDDEN');
    expectError(await status(payment.transactionReference, f.mandataire), 403, 'PAYMENT_TRANSACTION_FORBIDDEN');
    expectError(await status('PAI-AAAAAAAAAAAAAAAA', f.manager), 403, 'PAYMENT_TRANSACTION_FORBIDDEN');
    expectError(await status(payment.transactionReference, null), 401, 'UNAUTHENTICATED');
    for (const reference of ['abc', 'PAI-short', 'pai-aaaaaaaaaaaaaaaa']) expectError(await status(reference), 400, 'VALIDATION');
  });
});

describe('payment link quota', () => {
  it('refuses more than the hourly number of payments a user may start, with Retry-After', async () => {
    const invoice = await insertInvoice(t, f.account);
    let refused;
    for (let i = 0; i <= PAYMENT_LINK_QUOTA.max && !refused; i++) {
      const response = await link({ idClientBscs: f.account, referenceNumbers: [invoice.referenceNumber] });
      if (response.statusCode === 429) refused = response;
    }
    expect(refused).toBeDefined();
    if (!refused) return;
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe('PAYMENT_LINK_LIMIT');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(PAYMENT_LINK_QUOTA.windowMs);
    // The session ended meanwhile (30 minutes idle): a new one.
    const manager = await t.loginAs('gestionnaire');
    expect((await link({ idClientBscs: f.account, referenceNumbers: [invoice.referenceNumber] }, manager)).statusCode).toBe(200);
  });
});
