/**
 * The shop's enumerations (spec §3), shared by the catalogue, the add-line flow, orders,
 * subscriptions and tariff changes, with the French labels the pages show.
 */

/** Order type. */
export const ORDER_TYPE = { ExtensionParc: 1, Souscription: 2, ChangementSim: 3, RM: 4, Swap: 5 } as const;
export type OrderType = (typeof ORDER_TYPE)[keyof typeof ORDER_TYPE];
export const ORDER_TYPE_LABELS: Record<OrderType, string> = {
  1: 'Ajout de lignes',
  2: 'Souscription',
  3: 'Changement de carte SIM',
  4: 'Nouveau téléphone',
  5: 'Échange de téléphone',
};

/** Equipment type of a cart line. */
export const EQUIPMENT_TYPE = { Mobile: 'MOBILE', SimSeule: 'SIM', ESim: 'ESIM' } as const;

/** Subscription status. */
export const SUBSCRIPTION_STATUS = { Ok: 1, Incomplet: 2, EnCoursValidation: 3, EnAttentePaiement: 4 } as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUS)[keyof typeof SUBSCRIPTION_STATUS];
export const SUBSCRIPTION_STATUS_NAMES: Record<SubscriptionStatus, keyof typeof SUBSCRIPTION_STATUS> = {
  1: 'Ok',
  2: 'Incomplet',
  3: 'EnCoursValidation',
  4: 'EnAttentePaiement',
};
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  1: 'Validée',
  2: 'Incomplète (pièces justificatives attendues)',
  3: 'En cours de validation',
  4: 'En attente de paiement',
};

/** Order status. */
export const ORDER_STATUS = {
  Choisie: 1,
  AssuranceAccessoires: 2,
  Validee: 3,
  PaiementSurFactureAttenteValidation: 5,
  PaiementCbClientRisque: 7,
  CbAtosAcceptee: 8,
  CbAtosRefusee: 9,
  PaiementSurFactureConfirmee: 11,
  CbOfficeServerAcceptee: 12,
  CbOfficeServerRefusee: 13,
  /** Above the account's approval threshold, waiting for a second manager (decision 051). */
  EnAttenteValidation: 14,
  ValidationRefusee: 15,
  ValidationExpiree: 16,
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  1: 'Panier en cours',
  2: 'Assurance et accessoires choisis',
  3: 'Commande validée',
  5: 'Paiement par virement en attente',
  7: 'Paiement par carte à vérifier',
  8: 'Paiement par carte accepté',
  9: 'Paiement par carte refusé',
  11: 'Paiement par virement reçu',
  12: 'Paiement par carte accepté',
  13: 'Paiement par carte refusé',
  14: 'En attente de validation',
  15: 'Refusée par un gestionnaire',
  16: 'Annulée faute de validation',
};

/** Order-flow step. */
export const FLOW_STEP = {
  ChoixDesOptions: 1,
  RecapitulatifDesLignes: 2,
  Coordoonees: 3,
  RécapitulatifDeLaCommande: 4,
  PaiementEnCours: 5,
  PaiementEffectue: 6,
  PaiementAnnulee: 7,
  TermineeConfirmation: 9,
  AdministrationTermineeConfirmation: 21,
} as const;
export type FlowStep = (typeof FLOW_STEP)[keyof typeof FLOW_STEP];

/** The steps that close an order (payment cancelled, confirmed, confirmed by the back office): any other step is an order in progress. */
export const ORDER_CLOSED_STEPS: readonly FlowStep[] = [FLOW_STEP.PaiementAnnulee, FLOW_STEP.TermineeConfirmation, FLOW_STEP.AdministrationTermineeConfirmation];
export const FLOW_STEP_LABELS: Record<FlowStep, string> = {
  1: 'Choix des options',
  2: 'Récapitulatif des lignes',
  3: 'Coordonnées',
  4: 'Récapitulatif de la commande',
  5: 'Paiement en cours',
  6: 'Paiement effectué',
  7: 'Paiement annulé',
  9: 'Commande confirmée',
  21: 'Commande confirmée par le service client',
};

/**
 * The label of an order's step, read with its status: a flow ended on its confirmation page while
 * the transfer is still awaited has recorded the order, not confirmed it (the back office confirms
 * it when the transfer arrives).
 */
export function orderStepLabel(etape: number, statut: number): string {
  if (etape === FLOW_STEP.TermineeConfirmation && statut === ORDER_STATUS.PaiementSurFactureAttenteValidation) {
    return 'Commande enregistrée, en attente du virement';
  }
  if (statut === ORDER_STATUS.EnAttenteValidation) return 'En attente de validation par un gestionnaire';
  if (etape === FLOW_STEP.PaiementAnnulee && (statut === ORDER_STATUS.ValidationRefusee || statut === ORDER_STATUS.ValidationExpiree)) return 'Commande annulée';
  return FLOW_STEP_LABELS[etape as FlowStep] ?? String(etape);
}

/** Payment mode of an order. */
export const ORDER_PAYMENT_MODE = { CarteBleue: 3, Virement: 6 } as const;
export type OrderPaymentMode = (typeof ORDER_PAYMENT_MODE)[keyof typeof ORDER_PAYMENT_MODE];
export const ORDER_PAYMENT_MODE_LABELS: Record<OrderPaymentMode, string> = { 3: 'Carte bancaire', 6: 'Virement bancaire' };

/** Address type. */
export const ADDRESS_TYPE = { INSTALLATION: 1, ELIGIBILITE: 2, LIVRAISON: 3 } as const;
export type AddressTypeName = keyof typeof ADDRESS_TYPE;

/** Risk/validation level. */
export const RISK_LEVEL = { NONE: 0, ORIGINE: 1, REGATE: 2, REGATE_SERVEUR: 3, RH: 4, VALIDE: 5 } as const;
export type RiskLevel = (typeof RISK_LEVEL)[keyof typeof RISK_LEVEL];

/** Tariff-change action (the DR14 choice). */
export const TARIFF_CHANGE_ACTION = { Application_de_DR14: 1, Renonciation_de_DR14: 2 } as const;
export type TariffChangeAction = (typeof TARIFF_CHANGE_ACTION)[keyof typeof TARIFF_CHANGE_ACTION];

/** Kinds of supporting documents (pieces). */
export const PIECE_TYPES = ['KBIS', 'PIECE_IDENTITE', 'RIB', 'MANDAT', 'JUSTIFICATIF_DOMICILE', 'AUTRE'] as const;
export type PieceType = (typeof PIECE_TYPES)[number];
export const PIECE_TYPE_LABELS: Record<PieceType, string> = {
  KBIS: 'Extrait Kbis',
  PIECE_IDENTITE: "Pièce d’identité",
  RIB: "Relevé d’identité bancaire",
  MANDAT: 'Mandat',
  JUSTIFICATIF_DOMICILE: 'Justificatif de domicile',
  AUTRE: 'Autre document',
};

/** Catalogue id ranges: phones, accessories, options, insurances, promotions. */
export const CATALOG_ID_RANGES = {
  phones: [1001, 1999],
  accessories: [2001, 2999],
  options: [3001, 3999],
  insurances: [4001, 4999],
  promotions: [5001, 5999],
} as const;
