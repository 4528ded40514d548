import type { Transaction } from '../../db/transaction.ts';
import { AppError, fail } from '../../lib/errors.ts';

/**
 * What the payment module needs of the orders that can be paid by card (decisions 038, 039): the
 * module that takes the order (add lines, new phone) knows what is due and what a payment settles;
 * the payment module keeps the transaction, the provider and the notifications, as for invoices.
 * Each such module registers its own with `app.payment.useOrderPayments`, and answers only for its
 * own orders: `accountOf`, `lockByTransaction` and `numeroOf` answer undefined for any other, which
 * is how the payment module finds the one an order belongs to (`orderPaymentsOf`).
 *
 * Lock order: both the payment link and the notification lock the order before the transaction
 * row, so that a new link and a notification of the previous one never wait for each other.
 */
export interface OrderPayments {
  /** The account an order belongs to, for the access check (undefined when unknown). */
  accountOf(numero: string): Promise<number | undefined>;
  /**
   * The order locked until the transaction ends, with what is due now by card (computed from the
   * stored order). Throws when it is not waiting for a card payment (`PAYMENT_ORDER_NOT_PAYABLE`),
   * and `PAYMENT_ORDER_FORBIDDEN` when the number is not one of this module's orders.
   */
  lockForPayment(numero: string, tx: Transaction): Promise<PayableOrder>;
  /** Records that a card payment of the order started (the order is at `PaiementEnCours`). */
  paymentStarted(order: PayableOrder, transactionReference: string, now: Date, tx: Transaction): Promise<void>;
  /** The order a transaction was started for, locked until the transaction ends (undefined: none, or replaced since). */
  lockByTransaction(transactionReference: string, tx: Transaction): Promise<PayableOrder | undefined>;
  /**
   * The number of the order whose last payment this transaction is, for the return page (undefined
   * when the order started another since: `orders.reference_transaction` keeps the last one only).
   */
  numeroOf(transactionReference: string): Promise<string | undefined>;
  /**
   * The provider's decision on the order's current transaction, applied once, in the notification's
   * transaction; false when the order no longer waited for it (nothing done).
   */
  settle(order: PayableOrder, settlement: OrderSettlement, tx: Transaction): Promise<boolean>;
}

export interface PayableOrder {
  id: number;
  numero: string;
  idClientBscs: number;
  /** What is due now by card (cents): the deposit when the risk asked for one, the one-off total TTC otherwise. */
  montantCentimes: number;
  /** The transaction last started for it. */
  referenceTransaction: string | null;
}

export interface OrderSettlement {
  transactionReference: string;
  outcome: 'ACCEPTED' | 'REFUSED' | 'CANCELLED';
  /** What the transaction was for (cents). */
  montantCentimes: number;
  /** Who started the payment: the confirmation goes to them. */
  payerUserId: number;
  now: Date;
  sourceAddress: string;
}

/**
 * The registered modules' orders as one: each call goes to the module whose order it is, found by
 * asking them in turn (an order belongs to one module: each answers only for its own type, and
 * `lockForPayment` refuses another's with `PAYMENT_ORDER_FORBIDDEN`, as an unknown number). The
 * module that locked an order is remembered with it, so that starting its payment and settling it
 * go back to that module.
 */
export function orderPaymentsOf(registered: readonly OrderPayments[]): OrderPayments {
  const owners = new WeakMap<PayableOrder, OrderPayments>();

  function ownerOfOrder(order: PayableOrder): OrderPayments {
    const owner = owners.get(order);
    if (!owner) throw new Error(`order ${order.numero} was not locked through the payment module`);
    return owner;
  }

  const remember = (order: PayableOrder, owner: OrderPayments) => {
    owners.set(order, owner);
    return order;
  };

  return {
    async accountOf(numero) {
      for (const candidate of registered) {
        const idClientBscs = await candidate.accountOf(numero);
        if (idClientBscs !== undefined) return idClientBscs;
      }
      return undefined;
    },
    async lockForPayment(numero, tx) {
      // In the transaction: each module locks only its own orders and refuses any other as unknown.
      for (const candidate of registered) {
        try {
          return remember(await candidate.lockForPayment(numero, tx), candidate);
        } catch (error) {
          if (!(error instanceof AppError && error.code === 'PAYMENT_ORDER_FORBIDDEN')) throw error;
        }
      }
      throw fail('PAYMENT_ORDER_FORBIDDEN');
    },
    paymentStarted(order, transactionReference, now, tx) {
      return ownerOfOrder(order).paymentStarted(order, transactionReference, now, tx);
    },
    async lockByTransaction(transactionReference, tx) {
      for (const candidate of registered) {
        const order = await candidate.lockByTransaction(transactionReference, tx);
        if (order) return remember(order, candidate);
      }
      return undefined;
    },
    async numeroOf(transactionReference) {
      for (const candidate of registered) {
        const numero = await candidate.numeroOf(transactionReference);
        if (numero !== undefined) return numero;
      }
      return undefined;
    },
    settle(order, settlement, tx) {
      return ownerOfOrder(order).settle(order, settlement, tx);
    },
  };
}
