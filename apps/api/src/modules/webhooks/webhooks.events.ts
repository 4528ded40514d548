import type { AlertStatus, AlertType, AlertUnit, BulkAction, CounterPaymentMeans, LineStatus, WebhookEvent } from '@ecare/shared';

/*
 * What each event says (decision 062): small payloads naming what changed, in the API's own
 * words and units (amounts in euros, as its answers give them); the receiver reads the rest
 * through the API. Every payload also carries `idClientBscs`, added by `emit`.
 */

/** An invoice issued (today: the closing invoice of a termination's fees). */
export interface InvoiceIssued {
  referenceNumber: string;
  dateFacture: string;
  dateEcheance: string;
  montantHT: number;
  montantTVA: number;
  montantTTC: number;
  resteAPayer: number;
}

/** A credit note issued on an invoice (a complaint accepted with a refund). */
export interface CreditNoteIssued {
  reference: string;
  dateAvoir: string;
  factureReference: string;
  montantHT: number;
  montantTVA: number;
  montantTTC: number;
  imputeSurFacture: number;
  rembourse: number;
}

/** Money received: a card payment of invoices or of an order, or invoices paid at a point of sale. */
export interface PaymentReceived {
  moyen: 'CARTE' | 'COMPTOIR';
  /** At a point of sale: cash, cheque or card there. */
  moyenComptoir: CounterPaymentMeans | null;
  montant: number;
  datePaiement: string;
  /** The card transaction, or the receipt given at the counter. */
  reference: string;
  /** The invoices it paid (empty for an order). */
  factures: string[];
  /** The order it paid, if any. */
  numeroCommande: string | null;
}

/** An order moved to another status or step (created, paid, confirmed, refused…). */
export interface OrderMoved {
  numero: string;
  type: number;
  typeLibelle: string;
  statut: number;
  statutLibelle: string;
  etape: number;
  etapeLibelle: string;
  /** Null when the order was just created. */
  statutPrecedent: number | null;
  etapePrecedente: number | null;
}

/** Why a line changed status. */
export type LineStatusCause = 'ACTIVATION_SIM' | 'PERTE_OU_VOL' | 'RETABLISSEMENT' | 'RESILIATION';

/** A line activated, suspended or terminated. */
export interface LineStatusChanged {
  idContrat: number;
  numeroLigne: string;
  statut: LineStatus;
  statutPrecedent: LineStatus;
  cause: LineStatusCause;
}

/** A usage alert raised by the bill-shock guard, as GET /api/clients/{id}/alertes shows it. */
export interface UsageAlertRaised {
  idAlerte: number;
  idContrat: number;
  numeroLigne: string;
  type: AlertType;
  seuil: number;
  valeur: number;
  unite: AlertUnit;
  periode: string;
  declencheeLe: string;
  statut: AlertStatus;
  /** The alert suspended the line's data. */
  blocage: boolean;
}

/** A bulk job done, or its undo. */
export interface BulkJobEnded {
  idTraitement: number;
  action: BulkAction;
  retourArriere: boolean;
  total: number;
  faits: number;
  refuses: number;
}

/** The payload of each event type. */
export interface WebhookPayloads {
  'facture.emise': InvoiceIssued;
  'avoir.emis': CreditNoteIssued;
  'paiement.recu': PaymentReceived;
  'commande.statut': OrderMoved;
  'ligne.statut': LineStatusChanged;
  'alerte.consommation': UsageAlertRaised;
  'traitement.termine': BulkJobEnded;
}

/** Something that happened on an account, for its webhooks. */
export interface WebhookEmission<Type extends WebhookEvent = WebhookEvent> {
  idClientBscs: number;
  type: Type;
  data: WebhookPayloads[Type];
}
