import type { IncomingHttpHeaders } from 'node:http';

/**
 * What the portal needs of a card payment provider (decision 027): a hosted payment page for a
 * transaction, and its signed notifications checked and read. The card itself is typed on the
 * provider's page and never reaches the portal (PCI DSS SAQ A). The built-in sandbox
 * (platform/payment-sandbox) is one; a real provider's adapter implements the same interface and
 * is chosen by PAYMENT_PROVIDER.
 */
export interface PaymentProvider {
  /** Stored with each transaction (`fournisseur`). */
  readonly name: string;
  /** The address of the provider's hosted page that takes the payment of this transaction. */
  createPayment(transaction: ProviderTransaction): Promise<string>;
  /**
   * Asked before the portal gives a waiting transaction up (another payment replaces it, or the
   * order is paid another way): its page must no longer take a card. `CANCELLED` when it will take
   * none (stopped now or before, or it ended without taking money); `CARD_TAKEN` when it already
   * took one: the acceptance is on its way and the transaction must not be given up.
   */
  cancelPayment(transactionReference: string): Promise<ProviderCancellation>;
  /** Checks a notification's signature (over the bytes received) and freshness, then reads it; never throws. */
  verifyNotification(rawBody: Buffer, headers: IncomingHttpHeaders, now: Date): NotificationCheck;
}

export type ProviderCancellation = 'CANCELLED' | 'CARD_TAKEN';

export interface ProviderTransaction {
  transactionReference: string;
  montantCentimes: number;
}

/** A decision of the provider on a transaction, as its notification tells it. */
export interface PaymentEvent {
  /** The provider's own id of the notification: the same event sent twice carries the same one. */
  eventId: string;
  transactionReference: string;
  outcome: 'ACCEPTED' | 'REFUSED' | 'CANCELLED';
  /** What the provider says it took (cents). */
  montantCentimes: number;
}

/** Why a notification was refused before being read (the `resultat` recorded). */
export type NotificationRejection = 'SIGNATURE_INVALIDE' | 'PERIMEE' | 'ILLISIBLE';

export type NotificationCheck =
  | { ok: true; event: PaymentEvent }
  | {
      ok: false;
      reason: NotificationRejection;
      /** What the notification claims, when it could be read: kept for the investigation, never trusted. */
      claimed: { eventId: string | null; transactionReference: string | null };
    };
