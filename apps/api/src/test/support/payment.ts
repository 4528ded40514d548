import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import { auditLog, invoicePayments, invoices, paymentNotifications, paymentTransactions } from '../../db/schema.ts';
import { TEST_INVOICE_CUSTOMER } from '../invoice-snapshot.ts';
import type { TestContext } from '../harness.ts';
import { signNotification } from '../../platform/payment-sandbox/index.ts';

/** The secret the payment tests configure, shared by the sandbox and the portal. */
export const PAYMENT_SECRET = 'payment-test-secret-0123456789abcdef-xyz';
export const PAYMENT_ENV = { PAYMENT_PROVIDER_SECRET: PAYMENT_SECRET };

let sequence = 0;

/** `YYYY-MM-DD`, `days` from the context's clock. */
export function dayFrom(t: TestContext, days: number): string {
  return new Date(t.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * An invoice of the account, unpaid by default (its balance is its amount), due in 10 days.
 * Numbers are unlike the demo's (`TP…`), so tests find their own among the seeded ones.
 */
export async function insertInvoice(t: TestContext, idClientBscs: number, overrides: Partial<typeof invoices.$inferInsert> = {}) {
  sequence += 1;
  const ttc = overrides.montantTtcCentimes ?? 12_000 + sequence;
  const ht = Math.round(ttc / 1.2);
  const [row] = await t.db
    .insert(invoices)
    .values({
      idClientBscs,
      referenceNumber: `TP${randomBytes(4).toString('hex').toUpperCase()}-${sequence}`,
      dateFacture: dayFrom(t, -20),
      dateEcheance: dayFrom(t, 10),
      periodeDebut: dayFrom(t, -50),
      periodeFin: dayFrom(t, -21),
      montantHtCentimes: ht,
      montantTvaCentimes: ttc - ht,
      montantTtcCentimes: ttc,
      resteAPayerCentimes: ttc,
      client: TEST_INVOICE_CUSTOMER,
      modePaiement: overrides.prelevement ? 'PRELEVEMENT' : 'VIREMENT',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('invoice not inserted');
  return row;
}

export async function invoiceRow(t: TestContext, referenceNumber: string) {
  const [row] = await t.db.select().from(invoices).where(eq(invoices.referenceNumber, referenceNumber));
  if (!row) throw new Error(`no invoice ${referenceNumber}`);
  return row;
}

export async function transactionRow(t: TestContext, transactionReference: string) {
  const [row] = await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.transactionReference, transactionReference));
  if (!row) throw new Error(`no transaction ${transactionReference}`);
  return row;
}

export const paymentsOf = (t: TestContext, transactionReference: string) =>
  t.db.select().from(invoicePayments).where(eq(invoicePayments.transactionReference, transactionReference)).orderBy(asc(invoicePayments.id));

export const notificationsOf = (t: TestContext, transactionReference: string) =>
  t.db.select().from(paymentNotifications).where(eq(paymentNotifications.transactionReference, transactionReference)).orderBy(asc(paymentNotifications.id));

export const auditOfAccount = (t: TestContext, action: 'DEMANDE_PAIEMENT_CARTE' | 'PAIEMENT_CARTE' | 'PAIEMENT_COMPTOIR', idClientBscs: number) =>
  t.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.idClientBscs, idClientBscs))).orderBy(asc(auditLog.id));

export interface EventFields {
  id?: string;
  type?: 'paiement.accepte' | 'paiement.refuse' | 'paiement.annule';
  reference: string;
  montant: number;
}

export const newEventId = () => `evt_${randomBytes(12).toString('hex')}`;

/** A notification body as the sandbox writes it. */
export function eventBody(fields: EventFields, now: Date): string {
  return JSON.stringify({
    id: fields.id ?? newEventId(),
    type: fields.type ?? 'paiement.accepte',
    cree: Math.floor(now.getTime() / 1000),
    transaction: { reference: fields.reference, montant: fields.montant, devise: 'EUR' },
  });
}

/** POSTs a notification as the provider's servers do: no session, no XSRF pair, signed unless told otherwise. */
export function postNotification(
  app: FastifyInstance,
  body: string,
  options: { headers?: Record<string, string>; secret?: string; signedAt?: Date; now: Date; ip?: string },
) {
  const signed = signNotification(options.secret ?? PAYMENT_SECRET, body, options.signedAt ?? options.now);
  return app.inject({
    method: 'POST',
    url: '/api/paiement/notification',
    remoteAddress: options.ip ?? '203.0.113.50',
    headers: { ...signed, ...options.headers },
    payload: body,
  });
}

/** What the sandbox sent to the portal over "HTTP", captured. */
export interface SentNotification {
  url: string;
  headers: Record<string, string>;
  body: string;
  status: number;
}

/**
 * The sandbox's HTTP client pointed at the app itself: its notifications reach the portal's
 * route through `app.inject`, as they would over the network, and are kept for the test to read.
 */
export function routeSandboxToApp(app: FastifyInstance, publicUrl: string): SentNotification[] {
  const sent: SentNotification[] = [];
  vi.stubGlobal('fetch', async (input: string | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    if (`${url.protocol}//${url.host}` !== publicUrl) throw new TypeError(`fetch failed: ${url.href}`);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const body = typeof init.body === 'string' ? init.body : '';
    const response = await app.inject({ method: 'POST', url: url.pathname, headers, payload: body, remoteAddress: '192.0.2.200' });
    sent.push({ url: url.href, headers, body, status: response.statusCode });
    return new Response(response.body, { status: response.statusCode });
  });
  return sent;
}
