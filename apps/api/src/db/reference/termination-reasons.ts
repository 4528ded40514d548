import type { terminationReasons } from '../schema.ts';

type ReasonRow = typeof terminationReasons.$inferInsert;

const KBIS_LIQUIDATION = 'extrait Kbis de moins de 3 mois mentionnant la liquidation judiciaire, ou jugement d’ouverture de la procédure';
const PROOF_ABROAD = 'justificatif du transfert de l’entreprise à l’étranger (extrait Kbis ou attestation d’immatriculation à l’étranger)';
const DEATH_CERTIFICATE = 'acte de décès du titulaire de la ligne';

/**
 * Termination reasons every installation starts with (spec §7 "Termination"; decision 031).
 * General reasons (`/api/resiliation/motifs`) and business reasons (`/motifs-pro/{idContrat}`)
 * are top-level rows; a sub-reason names its parent and has the id parent × 10 + rank. A reason
 * that waives the fees says which proof it needs; a sub-reason adds its own flags to its parent's.
 */
export const TERMINATION_REASONS: readonly ReasonRow[] = [
  { idMotif: 1, idMotifParent: null, libelle: 'Décès du titulaire de la ligne', pro: false, exonerationFrais: true, justificatif: DEATH_CERTIFICATE, portabilite: false, ordre: 1 },
  { idMotif: 2, idMotifParent: null, libelle: 'Autre motif', pro: false, exonerationFrais: false, justificatif: null, portabilite: false, ordre: 2 },
  { idMotif: 21, idMotifParent: 2, libelle: 'Offre d’un autre opérateur, sans garder le numéro', pro: false, exonerationFrais: false, justificatif: null, portabilite: false, ordre: 1 },
  { idMotif: 22, idMotifParent: 2, libelle: 'Je ne souhaite pas préciser', pro: false, exonerationFrais: false, justificatif: null, portabilite: false, ordre: 2 },

  { idMotif: 101, idMotifParent: null, libelle: 'Cessation d’activité de l’entreprise', pro: true, exonerationFrais: false, justificatif: null, portabilite: false, ordre: 1 },
  { idMotif: 1011, idMotifParent: 101, libelle: 'Liquidation judiciaire', pro: true, exonerationFrais: true, justificatif: KBIS_LIQUIDATION, portabilite: false, ordre: 1 },
  { idMotif: 1012, idMotifParent: 101, libelle: 'Dissolution amiable', pro: true, exonerationFrais: false, justificatif: null, portabilite: false, ordre: 2 },
  { idMotif: 1013, idMotifParent: 101, libelle: 'Départ à la retraite du dirigeant', pro: true, exonerationFrais: false, justificatif: null, portabilite: false, ordre: 3 },
  { idMotif: 102, idMotifParent: null, libelle: 'Déménagement de l’entreprise à l’étranger', pro: true, exonerationFrais: true, justificatif: PROOF_ABROAD, portabilite: false, ordre: 2 },
  { idMotif: 103, idMotifParent: null, libelle: 'Changement d’opérateur avec portabilité du numéro', pro: true, exonerationFrais: false, justificatif: null, portabilite: true, ordre: 3 },
  { idMotif: 104, idMotifParent: null, libelle: 'Ligne plus utilisée', pro: true, exonerationFrais: false, justificatif: null, portabilite: false, ordre: 4 },
  { idMotif: 1041, idMotifParent: 104, libelle: 'Départ du collaborateur qui l’utilisait', pro: true, exonerationFrais: false, justificatif: null, portabilite: false, ordre: 1 },
  { idMotif: 1042, idMotifParent: 104, libelle: 'Ligne en double', pro: true, exonerationFrais: false, justificatif: null, portabilite: false, ordre: 2 },
  { idMotif: 1043, idMotifParent: 104, libelle: 'Réduction de la flotte', pro: true, exonerationFrais: false, justificatif: null, portabilite: false, ordre: 3 },
  { idMotif: 105, idMotifParent: null, libelle: 'Insatisfaction', pro: true, exonerationFrais: false, justificatif: null, portabilite: false, ordre: 5 },
  { idMotif: 1051, idMotifParent: 105, libelle: 'Couverture ou qualité du réseau', pro: true, exonerationFrais: false, justificatif: null, portabilite: false, ordre: 1 },
  { idMotif: 1052, idMotifParent: 105, libelle: 'Prix de l’offre', pro: true, exonerationFrais: false, justificatif: null, portabilite: false, ordre: 2 },
  { idMotif: 1053, idMotifParent: 105, libelle: 'Service client', pro: true, exonerationFrais: false, justificatif: null, portabilite: false, ordre: 3 },
];
