import { setTimeout as sleep } from 'node:timers/promises';
import type { LightMyRequestResponse } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentLinkSchema } from '@ecare/shared';
import { invoicePayments, paymentTransactions } from '../../db/schema.ts';
import { releasedTogether } from '../../test/concurrent.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, useTestContext } from '../../test/harness.ts';
import { insertInvoice, invoiceRow, PAYMENT_ENV, routeSandboxToApp, transactionRow, type SentNotification } from '../../test/support/payment.ts';
import { PAYMENT_LINK_QUOTA } from './payment.service.ts';

/*
 * Payments started and paid at once on one invoice (decision 027, "one lock order" and "a page
 * that took a card"): on PostgreSQL each request has its own connection and they really overlap.
 */

const PUBLIC_URL = 'https://espace-client.test';
const ACCEPTED = '4111 1111 1111 1111';
const { t, f } = useTestContext(demoFixture, { env: PAYMENT_ENV });

let sent: SentNotification[];
beforeEach(() => {
  sent = routeSandboxToApp(t.app, PUBLIC_URL);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

let manager: string;
let addressCounter = 0;
const nextAddress = () => `198.19.${Math.floor(++addressCounter / 200)}.${(addressCounter % 200) + 1}`;

/** A new round: past the hour's quota of payments started, in a new session. */
async function nextRound(): Promise<void> {
  t.clock.advance(PAYMENT_LINK_QUOTA.windowMs);
  manager = await t.loginAs('gestionnaire');
}

const startLink = (referenceNumber: string) =>
  t.send('POST', '/api/paiement/lien', { token: manager, json: { idClientBscs: f.account, referenceNumbers: [referenceNumber] } });

/** The accepted test card typed on the provider's page of a link. */
function pay(link: LightMyRequestResponse): Promise<LightMyRequestResponse> {
  const expiration = `12/${String(t.clock.now().getUTCFullYear() + 2).slice(2)}`;
  return t.app.inject({
    method: 'POST',
    url: new URL(bodyOf(link, paymentLinkSchema).url).pathname,
    remoteAddress: nextAddress(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ numero: ACCEPTED, expiration, cryptogramme: '123' }).toString(),
  });
}

/** Cards the sandbox accepted for these transactions (what the card holders were charged), and what the portal applied. */
async function chargedAndApplied(references: readonly string[]) {
  const charged = sent
    .map((notification) => JSON.parse(notification.body) as { type: string; transaction: { reference: string; montant: number } })
    .filter((event) => event.type === 'paiement.accepte' && references.includes(event.transaction.reference))
    .reduce((sum, event) => sum + event.transaction.montant, 0);
  const rows = references.length === 0 ? [] : await t.db.select().from(invoicePayments).where(inArray(invoicePayments.transactionReference, [...references]));
  return { charged, applied: rows.reduce((sum, row) => sum + row.montantCentimes, 0) };
}

const codeOf = (response: LightMyRequestResponse) => (response.json() as { code?: string }).code;

describe('a payment started again while the previous one is being confirmed', () => {
  it('answers 409 (already paid, or a payment in progress) once the card is typed, never a deadlock, and the card pays the invoice once', async () => {
    // The second link 0 to 10 ms after the card: before, during and after the notification's transaction.
    const answers: string[] = [];
    for (const delayMs of [0, 0, 1, 1, 2, 2, 3, 4, 5, 6, 8, 10]) {
      await nextRound();
      const invoice = await insertInvoice(t, f.account, { montantTtcCentimes: 4_200 + delayMs });
      const first = await startLink(invoice.referenceNumber);
      expect(first.statusCode, first.body).toBe(200);
      const { transactionReference } = bodyOf(first, paymentLinkSchema);
      const [paid, again] = await releasedTogether(2, async (index) => (index === 0 ? pay(first) : sleep(delayMs).then(() => startLink(invoice.referenceNumber))));
      if (!paid || !again) throw new Error('two answers expected');
      // Whatever the second link answered, the card paid the invoice, once.
      const statut = (await transactionRow(t, transactionReference)).statut;
      const balance = (await invoiceRow(t, invoice.referenceNumber)).resteAPayerCentimes;
      const { charged, applied } = await chargedAndApplied([transactionReference]);
      answers.push(`${delayMs} ms: ${again.statusCode} ${codeOf(again) ?? ''}, card ${paid.statusCode} ${statut}, charged ${charged} applied ${applied} left ${balance}`);
    }
    // Either the card came first: the second link is refused and the card pays; or the second link
    // came first: it stopped the first page before a card was taken (the page sends the browser
    // back, or says the payment is no longer waited for), and nobody was charged.
    const right = [
      /: 409 (PAYMENT_INVOICE_ALREADY_PAID|PAYMENT_IN_PROGRESS), card 303 ACCEPTEE, charged (\d+) applied \2 left 0$/,
      /: 200 , card (303|409) ANNULEE, charged 0 applied 0 left [1-9]\d*$/,
    ];
    expect(answers.filter((answer) => !right.some((pattern) => pattern.test(answer)))).toEqual([]);
  });
});

describe('a burst of "link then pay" on one invoice', () => {
  it('charges the card holders exactly what the portal applies: no card is taken on a payment given up', async () => {
    for (let round = 0; round < 4; round++) {
      await nextRound();
      const invoice = await insertInvoice(t, f.account, { montantTtcCentimes: 9_900 + round });
      const flows = await releasedTogether(3, async () => {
        const link = await startLink(invoice.referenceNumber);
        return { link, paid: link.statusCode === 200 ? await pay(link) : undefined };
      });
      for (const { link, paid } of flows) {
        // A link refused because another flow's card is being confirmed, or already paid the invoice.
        if (link.statusCode !== 200) expect(['PAYMENT_INVOICE_ALREADY_PAID', 'PAYMENT_IN_PROGRESS'], link.body).toContain(codeOf(link));
        if (paid) expect([303, 409], paid.body).toContain(paid.statusCode);
      }
      const references = (await t.db.select().from(paymentTransactions).where(eq(paymentTransactions.idClientBscs, f.account)))
        .filter((row) => row.referenceNumbers.includes(invoice.referenceNumber))
        .map((row) => row.transactionReference);
      const { charged, applied } = await chargedAndApplied(references);
      expect({ round, charged }).toEqual({ round, charged: applied });
      expect(applied).toBe(invoice.montantTtcCentimes);
      expect((await invoiceRow(t, invoice.referenceNumber)).resteAPayerCentimes).toBe(0);
    }
  });
});
