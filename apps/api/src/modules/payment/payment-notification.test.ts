import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentLinkSchema, paymentNotificationAnswerSchema, paymentTransactionSchema } from '@ecare/shared';
import { invoicePayments, invoices, paymentNotifications } from '../../db/schema.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, expectError, useTestContext } from '../../test/harness.ts';
import { SIGNATURE_HEADER, signNotification, TIMESTAMP_HEADER } from '../../platform/payment-sandbox/index.ts';
import {
  auditOfAccount,
  dayFrom,
  eventBody,
  insertInvoice,
  invoiceRow,
  newEventId,
  notificationsOf,
  PAYMENT_ENV,
  PAYMENT_SECRET,
  paymentsOf,
  postNotification,
  transactionRow,
  type EventFields,
} from '../../test/support/payment.ts';
import { REJECTED_NOTIFICATION_QUOTA } from './payment.service.ts';

const { t, f } = useTestContext(demoFixture, { env: PAYMENT_ENV });

/** A payment started by the bakery's manager on new invoices of these amounts (cents). */
async function pendingPayment(amounts: number[] = [123_456, 7_891]) {
  const rows: Awaited<ReturnType<typeof insertInvoice>>[] = [];
  for (const [index, amount] of amounts.entries()) {
    rows.push(await insertInvoice(t, f.account, { montantTtcCentimes: amount, dateEcheance: dayFrom(t, index - 5) }));
  }
  const response = await t.send('POST', '/api/paiement/lien', {
    token: f.manager,
    json: { idClientBscs: f.account, referenceNumbers: rows.map((row) => row.referenceNumber) },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { transactionReference } = bodyOf(response, paymentLinkSchema);
  return { transactionReference, invoices: rows, montant: amounts.reduce((sum, amount) => sum + amount, 0) };
}

const notify = (fields: EventFields, options: Partial<Parameters<typeof postNotification>[2]> = {}) =>
  postNotification(t.app, eventBody(fields, t.clock.now()), { now: t.clock.now(), ...options });

const resultOf = (response: Awaited<ReturnType<typeof notify>>) => {
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf(response, paymentNotificationAnswerSchema).resultat;
};

/** Nothing of the payment was applied: still waiting, balances whole, no money recorded. */
async function expectUntouched(payment: Awaited<ReturnType<typeof pendingPayment>>) {
  expect((await transactionRow(t, payment.transactionReference)).statut).toBe('EN_ATTENTE');
  for (const invoice of payment.invoices) expect((await invoiceRow(t, invoice.referenceNumber)).resteAPayerCentimes).toBe(invoice.montantTtcCentimes);
  expect(await paymentsOf(t, payment.transactionReference)).toEqual([]);
}

describe('POST /api/paiement/notification: an accepted payment', () => {
  it('settles the transaction, pays each invoice to the cent once, audits, and e-mails a receipt, in one go', async () => {
    const payment = await pendingPayment();
    const outboxBefore = (await t.outbox()).length;
    const eventId = newEventId();
    expect(resultOf(await notify({ id: eventId, reference: payment.transactionReference, montant: payment.montant }))).toBe('APPLIQUEE');

    const stored = await transactionRow(t, payment.transactionReference);
    expect(stored).toMatchObject({ statut: 'ACCEPTEE', settledAt: t.clock.now() });
    const [late, recent] = payment.invoices;
    expect(await paymentsOf(t, payment.transactionReference)).toEqual([
      expect.objectContaining({ invoiceId: late?.id, montantCentimes: 123_456, moyen: 'CARTE', paidAt: t.clock.now() }),
      expect.objectContaining({ invoiceId: recent?.id, montantCentimes: 7_891, moyen: 'CARTE' }),
    ]);
    for (const invoice of payment.invoices) expect((await invoiceRow(t, invoice.referenceNumber)).resteAPayerCentimes).toBe(0);
    expect(await notificationsOf(t, payment.transactionReference)).toEqual([
      expect.objectContaining({ eventId, resultat: 'APPLIQUEE', sourceAddress: '203.0.113.50' }),
    ]);
    expect((await auditOfAccount(t, 'PAIEMENT_CARTE', f.account)).length).toBeGreaterThan(0);

    const outbox = await t.outbox();
    expect(outbox.length).toBe(outboxBefore + 1);
    const [receipt] = outbox;
    expect(receipt?.recipient).toBe(DEMO_USERS.gestionnaire.email);
    const amount = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(1313.47);
    expect(receipt?.subject).toContain(amount);
    expect(receipt?.textBody).toContain(payment.transactionReference);
    for (const invoice of payment.invoices) expect(receipt?.textBody).toContain(invoice.referenceNumber);

    const read = await t.get(`/api/paiement/transaction/${payment.transactionReference}`, f.manager);
    expect(bodyOf(read, paymentTransactionSchema)).toMatchObject({ statut: 'ACCEPTEE', montant: 1313.47 });
  });

  it('never takes a balance below zero: what was paid meanwhile is not paid twice', async () => {
    const payment = await pendingPayment([5_000, 3_000]);
    const [first, second] = payment.invoices;
    if (!first || !second) throw new Error('two invoices expected');
    // The first invoice was partly paid by transfer after the card payment started.
    await t.db.update(invoices).set({ resteAPayerCentimes: 1_000 }).where(eq(invoices.id, first.id));
    expect(resultOf(await notify({ reference: payment.transactionReference, montant: payment.montant }))).toBe('APPLIQUEE');
    expect((await invoiceRow(t, first.referenceNumber)).resteAPayerCentimes).toBe(0);
    expect((await invoiceRow(t, second.referenceNumber)).resteAPayerCentimes).toBe(0);
    expect((await paymentsOf(t, payment.transactionReference)).map((row) => row.montantCentimes)).toEqual([1_000, 3_000]);
  });

  it('records a refusal and a cancellation without touching the invoices', async () => {
    const refused = await pendingPayment([2_500]);
    expect(resultOf(await notify({ type: 'paiement.refuse', reference: refused.transactionReference, montant: refused.montant }))).toBe('APPLIQUEE');
    expect((await transactionRow(t, refused.transactionReference)).statut).toBe('REFUSEE');
    const cancelled = await pendingPayment([2_600]);
    expect(resultOf(await notify({ type: 'paiement.annule', reference: cancelled.transactionReference, montant: cancelled.montant }))).toBe('APPLIQUEE');
    expect((await transactionRow(t, cancelled.transactionReference)).statut).toBe('ANNULEE');
    for (const payment of [refused, cancelled]) {
      expect(await paymentsOf(t, payment.transactionReference)).toEqual([]);
      for (const invoice of payment.invoices) expect((await invoiceRow(t, invoice.referenceNumber)).resteAPayerCentimes).toBe(invoice.montantTtcCentimes);
    }
  });
});

describe('POST /api/paiement/notification: what changes nothing', () => {
  it('refuses a forged signature, a tampered body and missing headers (401), and records them', async () => {
    const payment = await pendingPayment([1_000]);
    const body = eventBody({ reference: payment.transactionReference, montant: payment.montant }, t.clock.now());
    const forged = await postNotification(t.app, body, { now: t.clock.now(), secret: 'another-secret-of-at-least-32-characters!' });
    expectError(forged, 401, 'PAYMENT_NOTIFICATION_SIGNATURE');
    const signedHeaders = signNotification(PAYMENT_SECRET, body, t.clock.now());
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/paiement/notification',
      headers: signedHeaders,
      payload: body.replace(`"montant":${payment.montant}`, `"montant":${payment.montant + 1}`),
    });
    expectError(tampered, 401, 'PAYMENT_NOTIFICATION_SIGNATURE');
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/paiement/notification', headers: { 'content-type': 'application/json' }, payload: body });
    expectError(unsigned, 401, 'PAYMENT_NOTIFICATION_SIGNATURE');
    const timestampless = await postNotification(t.app, body, { now: t.clock.now(), headers: { [TIMESTAMP_HEADER]: '' } });
    expectError(timestampless, 401, 'PAYMENT_NOTIFICATION_SIGNATURE');
    const otherTimestamp = await postNotification(t.app, body, { now: t.clock.now(), headers: { [TIMESTAMP_HEADER]: String(Math.floor(t.clock.now().getTime() / 1000) - 1) } });
    expectError(otherTimestamp, 401, 'PAYMENT_NOTIFICATION_SIGNATURE');
    const badHeader = await postNotification(t.app, body, { now: t.clock.now(), headers: { [SIGNATURE_HEADER]: 'sha256=zz' } });
    expectError(badHeader, 401, 'PAYMENT_NOTIFICATION_SIGNATURE');
    await expectUntouched(payment);
    const recorded = await notificationsOf(t, payment.transactionReference);
    expect(recorded.length).toBe(6);
    expect(recorded.every((row) => row.resultat === 'SIGNATURE_INVALIDE')).toBe(true);
  });

  it('refuses a notification signed more than 5 minutes away from the clock (400), either way', async () => {
    const payment = await pendingPayment([1_100]);
    const body = eventBody({ reference: payment.transactionReference, montant: payment.montant }, t.clock.now());
    const sixMinutes = 6 * 60_000;
    const stale = await postNotification(t.app, body, { now: t.clock.now(), signedAt: new Date(t.clock.now().getTime() - sixMinutes) });
    expectError(stale, 400, 'PAYMENT_NOTIFICATION_STALE');
    const future = await postNotification(t.app, body, { now: t.clock.now(), signedAt: new Date(t.clock.now().getTime() + sixMinutes) });
    expectError(future, 400, 'PAYMENT_NOTIFICATION_STALE');
    // Signed now, received late: the clock moved on.
    const signedAt = t.clock.now();
    t.clock.advance(5 * 60_000 + 1_000);
    expectError(await postNotification(t.app, body, { now: t.clock.now(), signedAt }), 400, 'PAYMENT_NOTIFICATION_STALE');
    await expectUntouched(payment);
    expect((await notificationsOf(t, payment.transactionReference)).map((row) => row.resultat)).toEqual(['PERIMEE', 'PERIMEE', 'PERIMEE']);
    // Within the tolerance it is taken.
    expect(resultOf(await postNotification(t.app, body, { now: t.clock.now(), signedAt: new Date(t.clock.now().getTime() - 4 * 60_000) }))).toBe('APPLIQUEE');
  });

  it('acknowledges a replayed event and a duplicate for a settled transaction without applying them again', async () => {
    const payment = await pendingPayment([2_000, 3_000]);
    const body = eventBody({ reference: payment.transactionReference, montant: payment.montant }, t.clock.now());
    expect(resultOf(await postNotification(t.app, body, { now: t.clock.now() }))).toBe('APPLIQUEE');
    expect(resultOf(await postNotification(t.app, body, { now: t.clock.now() }))).toBe('REJOUEE');
    expect(resultOf(await notify({ reference: payment.transactionReference, montant: payment.montant }))).toBe('DEJA_REGLEE');
    expect(resultOf(await notify({ type: 'paiement.refuse', reference: payment.transactionReference, montant: payment.montant }))).toBe('DEJA_REGLEE');
    expect((await transactionRow(t, payment.transactionReference)).statut).toBe('ACCEPTEE');
    expect(await paymentsOf(t, payment.transactionReference)).toHaveLength(2);
    expect((await notificationsOf(t, payment.transactionReference)).map((row) => row.resultat)).toEqual(['APPLIQUEE', 'REJOUEE', 'DEJA_REGLEE', 'DEJA_REGLEE']);
  });

  it('acknowledges an unknown transaction, refuses another amount and an unreadable event, and changes nothing', async () => {
    const unknown = 'PAI-ZZZZZZZZZZZZZZZZ';
    expect(resultOf(await notify({ reference: unknown, montant: 100 }))).toBe('TRANSACTION_INCONNUE');
    expect((await notificationsOf(t, unknown)).map((row) => row.resultat)).toEqual(['TRANSACTION_INCONNUE']);

    const payment = await pendingPayment([4_000]);
    expectError(await notify({ reference: payment.transactionReference, montant: payment.montant - 1 }), 400, 'PAYMENT_NOTIFICATION_UNREADABLE');
    const unreadable = JSON.stringify({ id: newEventId(), type: 'paiement.rembourse', transaction: { reference: payment.transactionReference } });
    expectError(await postNotification(t.app, unreadable, { now: t.clock.now() }), 400, 'PAYMENT_NOTIFICATION_UNREADABLE');
    expectError(await postNotification(t.app, '{"id":', { now: t.clock.now() }), 400, 'PAYMENT_NOTIFICATION_UNREADABLE');
    await expectUntouched(payment);
    expect((await notificationsOf(t, payment.transactionReference)).map((row) => row.resultat)).toEqual(['ILLISIBLE', 'ILLISIBLE']);
  });

  it('takes only JSON, and no more than a notification’s size', async () => {
    const form = await t.app.inject({ method: 'POST', url: '/api/paiement/notification', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' });
    expectError(form, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const big = await postNotification(t.app, JSON.stringify({ pad: 'x'.repeat(70_000) }), { now: t.clock.now() });
    expectError(big, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('stops recording refused notifications from an address that sends too many', async () => {
    const before = await t.db.$count(paymentNotifications);
    const ip = '203.0.113.99';
    const body = eventBody({ reference: 'PAI-YYYYYYYYYYYYYYYY', montant: 1 }, t.clock.now());
    for (let i = 0; i < REJECTED_NOTIFICATION_QUOTA.max; i++) {
      expectError(await postNotification(t.app, body, { now: t.clock.now(), ip, secret: 'x'.repeat(40) }), 401, 'PAYMENT_NOTIFICATION_SIGNATURE');
    }
    expectError(await postNotification(t.app, body, { now: t.clock.now(), ip, secret: 'x'.repeat(40) }), 429, 'TOO_MANY_REQUESTS');
    expect(await t.db.$count(paymentNotifications)).toBe(before + REJECTED_NOTIFICATION_QUOTA.max);
  });
});

describe('POST /api/paiement/notification: notifications racing', () => {
  it('applies the same event sent several times at once exactly once', async () => {
    const payment = await pendingPayment([10_000, 20_000]);
    const outboxBefore = (await t.outbox()).length;
    const body = eventBody({ reference: payment.transactionReference, montant: payment.montant }, t.clock.now());
    const answers = await Promise.all(Array.from({ length: 6 }, () => postNotification(t.app, body, { now: t.clock.now() })));
    const results = answers.map(resultOf);
    expect(results.filter((result) => result === 'APPLIQUEE')).toHaveLength(1);
    expect(results.filter((result) => result === 'REJOUEE')).toHaveLength(5);
    expect(await paymentsOf(t, payment.transactionReference)).toHaveLength(2);
    for (const invoice of payment.invoices) expect((await invoiceRow(t, invoice.referenceNumber)).resteAPayerCentimes).toBe(0);
    expect((await t.outbox()).length).toBe(outboxBefore + 1);
  });

  it('lets one of several different decisions for one transaction win, the others change nothing', async () => {
    const payment = await pendingPayment([9_999]);
    const types = ['paiement.accepte', 'paiement.refuse', 'paiement.accepte', 'paiement.annule', 'paiement.accepte'] as const;
    const answers = await Promise.all(types.map((type) => notify({ type, reference: payment.transactionReference, montant: payment.montant })));
    const results = answers.map(resultOf);
    expect(results.filter((result) => result === 'APPLIQUEE')).toHaveLength(1);
    expect(results.filter((result) => result === 'DEJA_REGLEE')).toHaveLength(4);
    const { statut } = await transactionRow(t, payment.transactionReference);
    const rows = await t.db.select().from(invoicePayments).where(eq(invoicePayments.transactionReference, payment.transactionReference));
    const [invoice] = payment.invoices;
    if (statut === 'ACCEPTEE') {
      expect(rows).toHaveLength(1);
      expect((await invoiceRow(t, invoice?.referenceNumber ?? '')).resteAPayerCentimes).toBe(0);
    } else {
      expect(['REFUSEE', 'ANNULEE']).toContain(statut);
      expect(rows).toHaveLength(0);
    }
  });
});
