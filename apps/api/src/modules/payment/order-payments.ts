import type { Transaction } from '../../db/transaction.ts';

/**
 * What the payment module needs of the orders that can be paid by card (decision 038): the module
 * that takes the order (add lines) knows what is due and what a payment settles; the payment
 * module keeps the transaction, the provider and the notifications, as for invoices. The order
 * module registers it with `app.payment.useOrderPayments`.
 *
 * Lock order: both the payment link and the notification lock the order before the transaction
 * row, so that a new link and a notification of the previous one never wait for each other.
 */
export interface OrderPayments {
  /** The account an order belongs to, for the access check (undefined when unknown). */
  accountOf(numero: string): Promise<number | undefined>;
  /**
   * The order locked until the transaction ends, with what is due now by card (computed from the
   * stored order). Throws when it is not waiting for a card payment (`PAYMENT_ORDER_NOT_PAYABLE`).
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
