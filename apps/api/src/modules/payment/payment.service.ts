import { randomInt } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import {
  COUNTER_PAYMENT_MEANS_LABELS,
  euros,
  invoiceDay,
  invoiceStatus,
  type ApiErrorCode,
  type CounterPayment,
  type CounterPaymentRequest,
  type DueInvoiceStatus,
  type InvoicesDue,
  type OrderPaymentLinkRequest,
  type PaymentLink,
  type PaymentLinkRequest,
  type PaymentNotificationAnswer,
  type PaymentTransaction,
} from '@ecare/shared';
import type { Audit } from '../../core/audit.ts';
import type { Transact, Transaction } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fail } from '../../lib/errors.ts';
import type { Limits } from '../../lib/limits.ts';
import type { AccessPolicy } from '../../policy/access-policy.ts';
import type { ActingAgent } from '../../policy/acting-agent.ts';
import type { MailService } from '../../platform/mail/index.ts';
import type { Metrics } from '../../platform/observability/index.ts';
import type { WebhooksModule } from '../webhooks/index.ts';
import type { OrderPayments, PayableOrder } from './order-payments.ts';
import type { NotificationRejection, PaymentEvent, PaymentProvider, ProviderCancellation } from './payment-provider.ts';
import { paymentReceiptMail } from './payment.mails.ts';
import type { PayableInvoiceRow, PaymentRepository, TransactionRow } from './payment.repository.ts';

export interface PaymentDeps {
  repo: PaymentRepository;
  policy: AccessPolicy;
  audit: Audit;
  transaction: Transact;
  mail: MailService;
  clock: Clock;
  limits: Limits;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  brandName: string;
  publicUrl: string;
  /** The orders payable by card, of every module that gave its own (decisions 038, 039); undefined while none has. */
  orders: () => OrderPayments | undefined;
  /** Tells the account's webhooks of money received (`paiement.recu`). */
  webhooks: Pick<WebhooksModule, 'emit'>;
  /** Times each notification that settles a payment, from the payment's start (decision 063). */
  metrics: Pick<Metrics, 'paymentNotificationProcessed'>;
}

/** Who acts, and from where (for the audit log). */
export interface Actor {
  userId: number;
  sourceAddress: string;
}

const MINUTE = 60_000;

/** Card payments a user may start in an hour: a few tries and changes of mind, not a card-testing run. */
export const PAYMENT_LINK_QUOTA = { max: 20, windowMs: 60 * MINUTE } as const;

/**
 * Refused notifications recorded per source address and minute; past it they are refused
 * without a row (nobody fills the table with forged calls).
 */
export const REJECTED_NOTIFICATION_QUOTA = { max: 30, windowMs: MINUTE } as const;

/** A waiting payment is said to be in progress for this long after it started (then taken for abandoned). */
export const PENDING_SHOWN_MS = 60 * MINUTE;

const REJECTION_CODES: Record<NotificationRejection, ApiErrorCode> = {
  SIGNATURE_INVALIDE: 'PAYMENT_NOTIFICATION_SIGNATURE',
  PERIMEE: 'PAYMENT_NOTIFICATION_STALE',
  ILLISIBLE: 'PAYMENT_NOTIFICATION_UNREADABLE',
};

const SETTLED_STATUS = { ACCEPTED: 'ACCEPTEE', REFUSED: 'REFUSEE', CANCELLED: 'ANNULEE' } as const;

const REFERENCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** `PAI-` and 16 random letters and digits (about 82 bits): a reference nobody guesses. */
export function newTransactionReference(): string {
  let suffix = '';
  for (let index = 0; index < 16; index++) suffix += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `PAI-${suffix}`;
}

/** The status of an invoice with a balance left, as the invoice list says it. */
function dueStatus(invoice: PayableInvoiceRow, today: string): DueInvoiceStatus {
  const status = invoiceStatus(invoice, today);
  // Only a paid invoice is PAYEE, and a payment starts only on invoices with a balance left.
  return status === 'PAYEE' ? 'A_PAYER' : status;
}

const byDueDate = (a: PayableInvoiceRow, b: PayableInvoiceRow) =>
  a.dateEcheance.localeCompare(b.dateEcheance) || a.referenceNumber.localeCompare(b.referenceNumber);

export function createPaymentService(deps: PaymentDeps) {
  const { repo, policy, audit, clock, provider, log } = deps;

  async function withinLinkQuota(userId: number): Promise<void> {
    const verdict = await deps.limits.quota(`payment-link:user:${userId}`, PAYMENT_LINK_QUOTA.max, PAYMENT_LINK_QUOTA.windowMs);
    if (!verdict.allowed) {
      const { retryAfterSeconds } = verdict;
      throw fail('PAYMENT_LINK_LIMIT', { values: { minutes: Math.ceil(retryAfterSeconds / 60) }, retryAfterSeconds });
    }
  }

  /** The caller must manage the account; anyone else gets `code` (unknown ids answer the same). */
  async function assertManager(userId: number, idClientBscs: number, code: ApiErrorCode): Promise<void> {
    try {
      await policy.assertAccount(userId, idClientBscs);
    } catch (error) {
      if (error instanceof AppError && error.code === 'FORBIDDEN_ACCOUNT') throw fail(code);
      throw error;
    }
  }

  /** Once the transaction is stored, the provider's page for it is asked for (a network call, no lock held); if it fails the transaction is given up. */
  async function openPage(transactionReference: string, montantCentimes: number): Promise<PaymentLink> {
    try {
      return { transactionReference, url: await provider.createPayment({ transactionReference, montantCentimes }) };
    } catch (error) {
      log.error({ err: error, transactionReference }, 'payment provider: no payment page');
      await repo.cancelPending(transactionReference, clock.now());
      throw fail('PAYMENT_PROVIDER_UNAVAILABLE');
    }
  }

  /**
   * Gives up waiting payments the caller locked, after what they pay (decision 027): the provider
   * stops each page first, and one whose page already took a card is kept, the new payment
   * refused (409 PAYMENT_IN_PROGRESS): its acceptance is on its way, and the card holder must not
   * be charged for a transaction the portal no longer applies. A provider that cannot say is as
   * unavailable (503): nothing is given up on a guess.
   */
  async function giveUp(references: readonly string[], replacedBy: string | null, now: Date, tx: Transaction): Promise<void> {
    for (const transactionReference of references) {
      let stopped: ProviderCancellation;
      try {
        stopped = await provider.cancelPayment(transactionReference);
      } catch (error) {
        log.error({ err: error, transactionReference }, 'payment provider: cancellation not confirmed, the waiting payment is kept');
        throw fail('PAYMENT_PROVIDER_UNAVAILABLE');
      }
      if (stopped === 'CARD_TAKEN') {
        log.info({ transactionReference, replacedBy }, 'waiting card payment kept: its page took a card, its confirmation is on its way');
        throw fail('PAYMENT_IN_PROGRESS');
      }
      await repo.cancelPending(transactionReference, now, tx);
      log.info({ transactionReference, replacedBy }, 'waiting card payment given up');
    }
  }

  /**
   * The decision on an order's payment (decision 038): the order settled by the module that took
   * it, in the notification's transaction; an acceptance audited under the payer. An order that
   * started another payment since is left alone: money accepted then is to refund.
   */
  async function applyToOrder(transaction: TransactionRow, order: PayableOrder | undefined, outcome: PaymentEvent['outcome'], now: Date, sourceAddress: string, tx: Transaction): Promise<void> {
    const { transactionReference } = transaction;
    const orders = deps.orders();
    if (!orders || !order) {
      if (outcome === 'ACCEPTED') log.error({ transactionReference }, 'card payment accepted for no order waiting for it: the money is to refund');
      return;
    }
    const applied = await orders.settle(order, { transactionReference, outcome, montantCentimes: transaction.montantCentimes, payerUserId: transaction.userId, now, sourceAddress }, tx);
    if (applied && outcome === 'ACCEPTED') {
      await audit.record(
        { userId: transaction.userId, action: 'PAIEMENT_CARTE', idClientBscs: transaction.idClientBscs, sourceAddress, details: { numero: order.numero, montantCentimes: transaction.montantCentimes } },
        { tx },
      );
      const data = { moyen: 'CARTE' as const, moyenComptoir: null, montant: euros(transaction.montantCentimes), datePaiement: now.toISOString(), reference: transactionReference, factures: [], numeroCommande: order.numero };
      await deps.webhooks.emit(tx, { idClientBscs: transaction.idClientBscs, type: 'paiement.recu', data });
    }
  }

  /** The chosen invoices, checked: all the account's, none paid, none waiting for its direct debit. */
  function payable(idClientBscs: number, referenceNumbers: readonly string[], locked: PayableInvoiceRow[], today: string): PayableInvoiceRow[] {
    const byReference = new Map(locked.map((row) => [row.referenceNumber, row]));
    const chosen = referenceNumbers.map((referenceNumber) => {
      const row = byReference.get(referenceNumber);
      // Unknown numbers answer like another customer's: nobody probes which exist.
      if (!row || row.idClientBscs !== idClientBscs) throw fail('PAYMENT_INVOICE_FORBIDDEN');
      return row;
    });
    for (const row of chosen) {
      const { referenceNumber } = row;
      if (row.resteAPayerCentimes === 0) throw fail('PAYMENT_INVOICE_ALREADY_PAID', { values: { referenceNumber } });
      if (dueStatus(row, today) === 'PRELEVEMENT_A_VENIR') throw fail('PAYMENT_INVOICE_DIRECT_DEBIT', { values: { referenceNumber } });
    }
    return chosen.sort(byDueDate);
  }

  /**
   * The money of an accepted payment goes to its invoices in due-date order, each at most its
   * balance (it was their balance when the payment started, unless something else paid them
   * since: the rest is then logged for a refund). Receipt and audit entry go in the same
   * transaction. The invoices come locked by the caller, before the transaction row.
   */
  async function applyPayment(transaction: TransactionRow, lockedInvoices: readonly PayableInvoiceRow[], now: Date, sourceAddress: string, tx: Transaction): Promise<void> {
    const locked = lockedInvoices.filter((row) => row.idClientBscs === transaction.idClientBscs).sort(byDueDate);
    let left = transaction.montantCentimes;
    const paid: { invoiceId: number; referenceNumber: string; montantCentimes: number }[] = [];
    for (const invoice of locked) {
      const montantCentimes = Math.min(invoice.resteAPayerCentimes, left);
      if (montantCentimes <= 0) continue;
      await repo.lowerBalance(invoice.id, montantCentimes, tx);
      paid.push({ invoiceId: invoice.id, referenceNumber: invoice.referenceNumber, montantCentimes });
      left -= montantCentimes;
    }
    await repo.insertInvoicePayments(
      paid.map(({ invoiceId, montantCentimes }) => ({
        invoiceId,
        montantCentimes,
        moyen: 'CARTE' as const,
        transactionReference: transaction.transactionReference,
        recordedBy: transaction.userId,
        paidAt: now,
      })),
      tx,
    );
    if (left > 0) {
      log.warn({ transactionReference: transaction.transactionReference, surplusCentimes: left }, 'card payment above the invoices’ balance: the surplus is to refund');
    }
    await audit.record({ userId: transaction.userId, action: 'PAIEMENT_CARTE', idClientBscs: transaction.idClientBscs, sourceAddress }, { tx });
    const factures = paid.map((row) => row.referenceNumber);
    const data = { moyen: 'CARTE' as const, moyenComptoir: null, montant: euros(transaction.montantCentimes), datePaiement: now.toISOString(), reference: transaction.transactionReference, factures, numeroCommande: null };
    await deps.webhooks.emit(tx, { idClientBscs: transaction.idClientBscs, type: 'paiement.recu', data });
    const payer = await repo.payer(transaction.userId, transaction.idClientBscs, tx);
    if (!payer) return;
    const receipt = paymentReceiptMail(
      deps.brandName,
      {
        payer: `${payer.prenom} ${payer.nom}`,
        raisonSociale: payer.raisonSociale,
        transactionReference: transaction.transactionReference,
        paidAt: now,
        montantCentimes: transaction.montantCentimes,
        invoices: paid,
      },
      `${deps.publicUrl}/ecare/mon-compte/factures`,
    );
    await deps.mail.send(payer.email, receipt, { tx });
  }

  type Applied = PaymentNotificationAnswer['resultat'] | 'MONTANT_DIFFERENT';

  /** One notification read, in one transaction: recorded whatever happens, applied at most once. */
  async function apply(event: PaymentEvent, now: Date, sourceAddress: string): Promise<{ resultat: Applied; late?: TransactionRow; startedAt?: Date }> {
    return deps.transaction(async (tx) => {
      const record = (resultat: 'APPLIQUEE' | 'REJOUEE' | 'TRANSACTION_INCONNUE' | 'DEJA_REGLEE' | 'ILLISIBLE') =>
        repo.recordNotification({ eventId: event.eventId, transactionReference: event.transactionReference, resultat, receivedAt: now, sourceAddress }, tx);
      if (await repo.eventApplied(event.eventId, tx)) {
        await record('REJOUEE');
        return { resultat: 'REJOUEE' as const };
      }
      const current = await repo.transaction(event.transactionReference, tx);
      if (!current) {
        await record('TRANSACTION_INCONNUE');
        return { resultat: 'TRANSACTION_INCONNUE' as const };
      }
      if (current.statut !== 'EN_ATTENTE') {
        // Settled by this very event if it committed since the first look: a replay, not a late one.
        if (await repo.eventApplied(event.eventId, tx)) {
          await record('REJOUEE');
          return { resultat: 'REJOUEE' as const };
        }
        await record('DEJA_REGLEE');
        return { resultat: 'DEJA_REGLEE' as const, late: current };
      }
      if (event.outcome === 'ACCEPTED' && event.montantCentimes !== current.montantCentimes) {
        await record('ILLISIBLE');
        return { resultat: 'MONTANT_DIFFERENT' as const, late: current };
      }
      // What the payment is for, the order (an order's payment has no invoices) or the invoices, is
      // locked before the transaction row, as a new link does: one lock order (decision 027).
      const forOrder = current.referenceNumbers.length === 0;
      const order = forOrder ? await deps.orders()?.lockByTransaction(event.transactionReference, tx) : undefined;
      const lockedInvoices = forOrder ? [] : await repo.lockInvoices(current.referenceNumbers, tx);
      const settled = await repo.settle(event.transactionReference, SETTLED_STATUS[event.outcome], now, tx);
      if (!settled) {
        // Another notification settled it meanwhile: the same event sent twice, or another one.
        const resultat = (await repo.eventApplied(event.eventId, tx)) ? ('REJOUEE' as const) : ('DEJA_REGLEE' as const);
        await record(resultat);
        return { resultat };
      }
      if (forOrder) await applyToOrder(settled, order, event.outcome, now, sourceAddress, tx);
      else if (event.outcome === 'ACCEPTED') await applyPayment(settled, lockedInvoices, now, sourceAddress, tx);
      await record('APPLIQUEE');
      return { resultat: 'APPLIQUEE' as const, startedAt: current.createdAt };
    });
  }

  return {
    /**
     * An order's payment still waiting is given up (the order is paid another way), in the
     * caller's transaction after the order was locked; 409 PAYMENT_IN_PROGRESS when its page
     * already took a card.
     */
    async giveUpOrderPayment(transactionReference: string, now: Date, tx: Transaction): Promise<void> {
      await giveUp(await repo.lockPending(transactionReference, tx), null, now, tx);
    },

    /** The account's invoices still to pay (a manager's), with the sum of their balances. */
    async invoicesDue(actor: Actor, idClientBscs: number): Promise<InvoicesDue> {
      await policy.assertAccount(actor.userId, idClientBscs);
      const now = clock.now();
      const today = invoiceDay(now);
      const [rows, pending] = await Promise.all([
        repo.dueInvoices(idClientBscs),
        repo.pendingReferenceNumbers(idClientBscs, new Date(now.getTime() - PENDING_SHOWN_MS)),
      ]);
      const factures = rows.map((row) => {
        const statut = dueStatus(row, today);
        return {
          referenceNumber: row.referenceNumber,
          dateFacture: row.dateFacture,
          dateEcheance: row.dateEcheance,
          montantTTC: euros(row.montantTtcCentimes),
          resteAPayer: euros(row.resteAPayerCentimes),
          statut,
          payableParCarte: statut !== 'PRELEVEMENT_A_VENIR',
          paiementEnCours: pending.has(row.referenceNumber),
        };
      });
      return { factures, total: euros(rows.reduce((sum, row) => sum + row.resteAPayerCentimes, 0)) };
    },

    /**
     * Starts the card payment of invoices of a managed account: the amount is their balance now,
     * read under lock; a payment of any of them still waiting is given up (the newest page is
     * the one that pays). The provider's page address comes once the transaction is stored.
     */
    async createLink(actor: Actor, request: PaymentLinkRequest): Promise<PaymentLink> {
      const { idClientBscs, referenceNumbers } = request;
      await policy.assertAccount(actor.userId, idClientBscs);
      await withinLinkQuota(actor.userId);
      const now = clock.now();
      const transactionReference = newTransactionReference();
      const montantCentimes = await deps.transaction(async (tx) => {
        const chosen = payable(idClientBscs, referenceNumbers, await repo.lockInvoices(referenceNumbers, tx), invoiceDay(now));
        const total = chosen.reduce((sum, row) => sum + row.resteAPayerCentimes, 0);
        await giveUp(await repo.lockPendingOf(idClientBscs, referenceNumbers, tx), transactionReference, now, tx);
        await repo.insertTransaction(
          {
            transactionReference,
            idClientBscs,
            userId: actor.userId,
            montantCentimes: total,
            referenceNumbers: chosen.map((row) => row.referenceNumber),
            statut: 'EN_ATTENTE',
            fournisseur: provider.name,
            createdAt: now,
          },
          tx,
        );
        await audit.record({ ...actor, action: 'DEMANDE_PAIEMENT_CARTE', idClientBscs }, { tx });
        return total;
      });
      return openPage(transactionReference, montantCentimes);
    },

    /**
     * Starts the card payment of an order of a managed account (decision 038): the amount is what
     * the stored order has due now (its deposit, or its one-off total incl. VAT), whatever the
     * browser thinks; the order's previous payment still waiting is given up. Also the next try
     * after a refusal.
     */
    async createOrderLink(actor: Actor, { numero }: OrderPaymentLinkRequest): Promise<PaymentLink> {
      const orders = deps.orders();
      const idClientBscs = orders ? await orders.accountOf(numero) : undefined;
      // Unknown numbers answer like another customer's: nobody probes which exist.
      if (!orders || idClientBscs === undefined) throw fail('PAYMENT_ORDER_FORBIDDEN');
      await assertManager(actor.userId, idClientBscs, 'PAYMENT_ORDER_FORBIDDEN');
      await withinLinkQuota(actor.userId);
      const now = clock.now();
      const transactionReference = newTransactionReference();
      const montantCentimes = await deps.transaction(async (tx) => {
        const order = await orders.lockForPayment(numero, tx);
        if (order.idClientBscs !== idClientBscs) throw fail('PAYMENT_ORDER_FORBIDDEN');
        const previous = order.referenceTransaction;
        if (previous !== null) await giveUp(await repo.lockPending(previous, tx), transactionReference, now, tx);
        await repo.insertTransaction(
          {
            transactionReference,
            idClientBscs,
            userId: actor.userId,
            montantCentimes: order.montantCentimes,
            // No invoices: an order's payment, found from the order (orders.reference_transaction).
            referenceNumbers: [],
            statut: 'EN_ATTENTE',
            fournisseur: provider.name,
            createdAt: now,
          },
          tx,
        );
        await orders.paymentStarted(order, transactionReference, now, tx);
        await audit.record({ ...actor, action: 'DEMANDE_PAIEMENT_CARTE', idClientBscs, details: { numero, montantCentimes: order.montantCentimes } }, { tx });
        return order.montantCentimes;
      });
      return openPage(transactionReference, montantCentimes);
    },

    /**
     * Invoices paid in full at a point of sale (spec §7 `paiement-bdp/payer`), recorded by the
     * counter agent connected to the customer's account, and by nobody else: the balances fall
     * to zero in one transaction with the payments, the audit entry (the agent, the means and
     * the receipt number) and the receipt mailed to the customer the agent acts for.
     */
    async payAtCounter(actor: Actor, agent: ActingAgent | null, request: CounterPaymentRequest): Promise<CounterPayment> {
      if (!agent || agent.profil !== 'BDP') throw fail('PAYMENT_COUNTER_AGENT_ONLY');
      const { idClientBscs, referenceNumbers, moyen, referenceRecu } = request;
      await policy.assertAccount(actor.userId, idClientBscs);
      const now = clock.now();
      return deps.transaction(async (tx) => {
        const chosen = payable(idClientBscs, referenceNumbers, await repo.lockInvoices(referenceNumbers, tx), invoiceDay(now));
        // A card payment of them still waiting is given up, unless its page took a card (409).
        await giveUp(await repo.lockPendingOf(idClientBscs, referenceNumbers, tx), null, now, tx);
        const paid = chosen.map((row) => ({ invoiceId: row.id, referenceNumber: row.referenceNumber, montantCentimes: row.resteAPayerCentimes }));
        const montantCentimes = paid.reduce((sum, row) => sum + row.montantCentimes, 0);
        for (const row of paid) await repo.lowerBalance(row.invoiceId, row.montantCentimes, tx);
        await repo.insertInvoicePayments(
          paid.map(({ invoiceId, montantCentimes: amount }) => ({
            invoiceId,
            montantCentimes: amount,
            moyen: 'BDP' as const,
            transactionReference: null,
            recordedBy: actor.userId,
            paidAt: now,
          })),
          tx,
        );
        await audit.record(
          { ...actor, action: 'PAIEMENT_COMPTOIR', idClientBscs, details: { moyen, referenceRecu, montantCentimes, referenceNumbers: paid.map((row) => row.referenceNumber) } },
          { tx },
        );
        const factures = paid.map((row) => row.referenceNumber);
        const data = { moyen: 'COMPTOIR' as const, moyenComptoir: moyen, montant: euros(montantCentimes), datePaiement: now.toISOString(), reference: referenceRecu, factures, numeroCommande: null };
        await deps.webhooks.emit(tx, { idClientBscs, type: 'paiement.recu', data });
        const payer = await repo.payer(actor.userId, idClientBscs, tx);
        if (payer) {
          const receipt = paymentReceiptMail(
            deps.brandName,
            {
              payer: `${payer.prenom} ${payer.nom}`,
              raisonSociale: payer.raisonSociale,
              transactionReference: referenceRecu,
              paidAt: now,
              montantCentimes,
              invoices: paid,
              means: `${COUNTER_PAYMENT_MEANS_LABELS[moyen]} auprès de ${agent.nomSc}`,
            },
            `${deps.publicUrl}/ecare/mon-compte/factures`,
          );
          await deps.mail.send(payer.email, receipt, { tx });
        }
        return { montant: montantCentimes / 100, referenceNumbers: paid.map((row) => row.referenceNumber), datePaiement: now.toISOString() };
      });
    },

    /**
     * Where a card payment stands, for a manager of its account (anyone else: 403, known or not),
     * with the order it pays when it pays one.
     */
    async transactionStatus(actor: Actor, transactionReference: string): Promise<PaymentTransaction> {
      const row = await repo.transaction(transactionReference);
      if (!row) throw fail('PAYMENT_TRANSACTION_FORBIDDEN');
      await assertManager(actor.userId, row.idClientBscs, 'PAYMENT_TRANSACTION_FORBIDDEN');
      const answer = { statut: row.statut, montant: euros(row.montantCentimes), referenceNumbers: row.referenceNumbers };
      // An order's payment has no invoices: the order it was started for, while it is its last one.
      const numeroCommande = row.referenceNumbers.length === 0 ? await deps.orders()?.numeroOf(transactionReference) : undefined;
      return numeroCommande === undefined ? answer : { ...answer, numeroCommande };
    },

    /**
     * A notification of the provider. Unsigned, stale or unreadable ones change nothing, are
     * logged and recorded, and refused (4xx). A read one is recorded with what was done, and
     * acknowledged (2xx) even when there was nothing to do, so that the provider stops sending it.
     */
    async notification(rawBody: Buffer, headers: IncomingHttpHeaders, sourceAddress: string): Promise<PaymentNotificationAnswer> {
      const now = clock.now();
      const check = provider.verifyNotification(rawBody, headers, now);
      if (!check.ok) {
        log.warn({ resultat: check.reason, ...check.claimed, sourceAddress }, 'payment notification refused');
        const verdict = await deps.limits.quota(`payment-notification-refused:${sourceAddress}`, REJECTED_NOTIFICATION_QUOTA.max, REJECTED_NOTIFICATION_QUOTA.windowMs);
        if (!verdict.allowed) throw fail('TOO_MANY_REQUESTS', { retryAfterSeconds: verdict.retryAfterSeconds });
        await repo.recordNotification({ ...check.claimed, resultat: check.reason, receivedAt: now, sourceAddress });
        throw fail(REJECTION_CODES[check.reason]);
      }
      const { event } = check;
      const { resultat, late, startedAt } = await apply(event, now, sourceAddress);
      const context = { eventId: event.eventId, transactionReference: event.transactionReference, outcome: event.outcome, sourceAddress };
      if (resultat === 'MONTANT_DIFFERENT') {
        log.error({ ...context, montantCentimes: event.montantCentimes, expectedCentimes: late?.montantCentimes }, 'payment notification for another amount than the transaction’s: nothing applied');
        throw fail('PAYMENT_NOTIFICATION_UNREADABLE');
      }
      if (resultat === 'APPLIQUEE') {
        // From the payment's start (the customer sent to the provider) to its settlement here.
        if (startedAt) deps.metrics.paymentNotificationProcessed(event.outcome, (clock.now().getTime() - startedAt.getTime()) / 1000);
        log.info(context, 'payment notification applied');
      }
      else if (late && late.statut !== 'ACCEPTEE' && event.outcome === 'ACCEPTED') {
        log.error({ ...context, statut: late.statut }, 'card payment accepted for a transaction the portal gave up: the money is to refund');
      } else log.warn({ ...context, resultat }, 'payment notification with nothing to apply');
      return { resultat };
    },
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
