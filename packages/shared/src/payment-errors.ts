import { plural, type CatalogueEntry } from './error-entries.ts';

/**
 * Error codes of the card payment of unpaid invoices and of orders: choosing the invoices or the
 * order, reading a transaction, and the payment provider's notifications (decisions 027, 038).
 */
export const PAYMENT_ERRORS = {
  PAYMENT_INVOICE_FORBIDDEN: {
    status: 403,
    message: 'Désolé, vous n’êtes pas autorisé à régler cette facture.',
  },
  PAYMENT_INVOICE_ALREADY_PAID: {
    status: 409,
    message: ({ referenceNumber }: { referenceNumber: string }) =>
      `La facture ${referenceNumber} est déjà réglée : retirez-la de votre sélection.`,
  },
  PAYMENT_INVOICE_DIRECT_DEBIT: {
    status: 409,
    message: ({ referenceNumber }: { referenceNumber: string }) =>
      `La facture ${referenceNumber} sera réglée par le prélèvement prévu à son échéance : elle ne peut pas être payée par carte.`,
  },
  PAYMENT_IN_PROGRESS: {
    status: 409,
    message:
      'Un paiement par carte est déjà en cours de validation par la banque pour ce règlement. Attendez sa confirmation, qui arrive en général en quelques secondes, avant d’en commencer un autre.',
  },
  PAYMENT_LINK_LIMIT: {
    status: 429,
    message: ({ minutes }: { minutes: number }) =>
      `Trop de paiements ont été commencés ces derniers temps. Veuillez réessayer dans ${plural(minutes, 'minute')}.`,
  },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    status: 503,
    message: 'Le service de paiement par carte est momentanément indisponible. Veuillez réessayer dans quelques minutes.',
  },
  PAYMENT_COUNTER_AGENT_ONLY: {
    status: 403,
    message: 'Seul un conseiller d’un point de vente connecté au compte du client peut enregistrer un paiement au comptoir.',
  },
  PAYMENT_ORDER_FORBIDDEN: {
    status: 403,
    message: 'Désolé, vous n’êtes pas autorisé à régler cette commande.',
  },
  PAYMENT_ORDER_NOT_PAYABLE: {
    status: 409,
    message: ({ numero }: { numero: string }) =>
      `La commande ${numero} n’attend pas de paiement par carte : elle est déjà réglée, se règle par virement ou est annulée.`,
  },
  PAYMENT_ORDER_AWAITING_APPROVAL: {
    status: 409,
    message: ({ numero }: { numero: string }) =>
      `La commande ${numero} attend la validation d’un autre gestionnaire : elle pourra être payée une fois validée.`,
  },
  PAYMENT_TRANSACTION_FORBIDDEN: {
    status: 403,
    message: 'Désolé, vous n’êtes pas autorisé à consulter ce paiement.',
  },
  PAYMENT_NOTIFICATION_SIGNATURE: {
    status: 401,
    message: 'Notification de paiement refusée : signature absente ou invalide.',
  },
  PAYMENT_NOTIFICATION_STALE: {
    status: 400,
    message: 'Notification de paiement refusée : son horodatage est absent ou date de plus de 5 minutes.',
  },
  PAYMENT_NOTIFICATION_UNREADABLE: {
    status: 400,
    message: 'Notification de paiement refusée : son contenu n’est pas un évènement de paiement reconnu.',
  },
} as const satisfies Record<string, CatalogueEntry>;
