import type { FastifyBaseLogger } from 'fastify';
import { FLOW_STEP, ORDER_STATUS } from '@ecare/shared';
import type { Transaction } from '../../db/transaction.ts';
import { fail } from '../../lib/errors.ts';
import type { OrderPayments, OrderSettlement, PayableOrder } from '../payment/index.ts';
import type { recordOrderEvent } from './order-writes.repository.ts';

/** The stored order's columns a card payment reads. */
export interface CardOrder {
  id: number;
  numero: string;
  idClientBscs: number;
  statut: number;
  referenceTransaction: string | null;
}

/**
 * One kind of order paid by card (new lines, new phone): how its orders are found and what its
 * payment changes besides the order's timeline. Every reader answers undefined for an order of
 * another kind, so that the payment module, which asks each kind in turn, finds the right one.
 */
export interface CardOrderKind<Order extends CardOrder> {
  /** Names the kind in the logs (`order of new lines`). */
  name: string;
  /** The kind's order by its number; locked until `tx` ends when one is given. */
  byNumber(numero: string, tx?: Transaction): Promise<Order | undefined>;
  /** The kind's order whose last card transaction this is; locked until `tx` ends when one is given. */
  byTransaction(transactionReference: string, tx?: Transaction): Promise<Order | undefined>;
  /** The order as it is now in `tx`. */
  byId(id: number, tx: Transaction): Promise<Order | undefined>;
  /** Records the transaction started for the order, answering the order after the change. */
  setTransaction(id: number, transactionReference: string, now: Date, tx: Transaction): Promise<Order | undefined>;
  /** Whether the order waits for a card payment (sent for one, not yet paid). */
  awaitsCard(order: Order): boolean;
  /** What is due now by card (cents), from the stored order. */
  amountDue(order: Order): number;
  /** What an accepted payment does (timeline to confirmed, what the order makes, the e-mail). */
  accepted(order: Order, settlement: OrderSettlement, tx: Transaction): Promise<void>;
  /** What else moves when a new try starts after a refusal, beyond the order's timeline. */
  retried?(order: Order, now: Date, tx: Transaction): Promise<void>;
  /** What else moves when a payment is refused or abandoned, beyond the order's timeline. */
  refused?(order: Order, settlement: OrderSettlement, tx: Transaction): Promise<void>;
}

/**
 * The payment module's view (OrderPayments) of a kind of order paid by card (decisions 038,
 * 039): only an order waiting for its card payment is payable, for what its stored order says is
 * due; a decision moves the order once, and only for its current transaction; a refused or
 * abandoned payment leaves it to pay again. `record` moves the order (the orders' announced write).
 */
export function cardOrderPayments<Order extends CardOrder>(kind: CardOrderKind<Order>, log: FastifyBaseLogger, record: typeof recordOrderEvent): OrderPayments {
  const payable = (order: Order): PayableOrder => {
    const { id, numero, idClientBscs, referenceTransaction } = order;
    return { id, numero, idClientBscs, referenceTransaction, montantCentimes: kind.amountDue(order) };
  };

  return {
    async accountOf(numero) {
      return (await kind.byNumber(numero))?.idClientBscs;
    },

    async lockForPayment(numero, tx) {
      const order = await kind.byNumber(numero, tx);
      if (!order) throw fail('PAYMENT_ORDER_FORBIDDEN');
      // Held for a second manager's approval (decision 051): payable once approved.
      if (order.statut === ORDER_STATUS.EnAttenteValidation) throw fail('PAYMENT_ORDER_AWAITING_APPROVAL', { values: { numero } });
      if (!kind.awaitsCard(order) || kind.amountDue(order) <= 0) throw fail('PAYMENT_ORDER_NOT_PAYABLE', { values: { numero } });
      return payable(order);
    },

    async paymentStarted(order, transactionReference, now, tx) {
      const row = await kind.setTransaction(order.id, transactionReference, now, tx);
      // A try after a refusal: the order is back to the payment under way.
      if (row?.statut === ORDER_STATUS.CbOfficeServerRefusee) {
        await record(tx, order.id, { statut: ORDER_STATUS.Validee, etape: FLOW_STEP.PaiementEnCours, libelle: 'Nouveau paiement par carte' }, now);
        await kind.retried?.(row, now, tx);
      }
    },

    async lockByTransaction(transactionReference, tx) {
      const order = await kind.byTransaction(transactionReference, tx);
      return order ? payable(order) : undefined;
    },

    async numeroOf(transactionReference) {
      return (await kind.byTransaction(transactionReference))?.numero;
    },

    async settle(order, settlement, tx) {
      const row = await kind.byId(order.id, tx);
      // Only the order's current payment, while it waits for one, moves it (once: the transaction left EN_ATTENTE with this call).
      if (!row || !kind.awaitsCard(row) || row.referenceTransaction !== settlement.transactionReference) {
        const context = { numero: order.numero, transactionReference: settlement.transactionReference, statut: row?.statut };
        if (settlement.outcome === 'ACCEPTED') log.error(context, `card payment accepted for an ${kind.name} no longer waiting for it: the money is to refund`);
        else log.warn(context, `card payment decision for an ${kind.name} no longer waiting for it`);
        return false;
      }
      if (settlement.outcome === 'ACCEPTED') {
        await kind.accepted(row, settlement, tx);
        return true;
      }
      const libelle = settlement.outcome === 'REFUSED' ? 'Paiement par carte refusé' : 'Paiement par carte abandonné';
      await record(tx, row.id, { statut: ORDER_STATUS.CbOfficeServerRefusee, etape: FLOW_STEP.PaiementAnnulee, libelle }, settlement.now);
      await kind.refused?.(row, settlement, tx);
      return true;
    },
  };
}
