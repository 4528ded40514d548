import type { Database } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import type { Transaction } from '../db/transaction.ts';
import type { Clock } from '../lib/clock.ts';
import { actingAgent, noteAgentAudit } from '../policy/acting-agent.ts';

/**
 * What the audit log records. Writes on a line and reads of what opens a line to fraud (the PUK
 * unlocks a SIM, the RIO moves the number to another operator) are all recorded, and so is every
 * export of the fleet (line users' names and e-mails leaving the portal in a file, decision 017).
 */
export const AUDIT_ACTIONS = [
  // Agent mode (decision 032): an agent connected to the account; a write of theirs no other entry describes.
  'CONNEXION_AGENT', 'ACTION_AGENT', 'MAJ_CONTEXTE_SSO',
  'LECTURE_PUK',
  'LECTURE_RIO',
  'ACTIVATION_SIM',
  'DECLARATION_PERTE_VOL',
  'RETABLISSEMENT_LIGNE',
  'EXPORT_LIGNES',
  // A line's contract downloaded as a PDF (account holder and line user leave the portal in a file).
  'TELECHARGEMENT_CONTRAT',
  'MODIFICATION_OPTINS',
  'INVITATION_UTILISATEUR',
  'CHANGEMENT_ROLE_UTILISATEUR',
  'RETRAIT_UTILISATEUR',
  // eSIM profile: read by a signed-in caller, link e-mailed, link opened (recorded under its sender).
  'LECTURE_ESIM',
  'ENVOI_LIEN_ESIM',
  'OUVERTURE_LIEN_ESIM',
  'MODIFICATION_UTILISATEUR_LIGNE',
  'MODIFICATION_ANNUAIRE',
  // A message of the contact form sent by a signed-in customer (decision 024).
  'DEMANDE_CONTACT',
  // A card payment of invoices started, then accepted by the bank (decision 027).
  'DEMANDE_PAIEMENT_CARTE',
  'PAIEMENT_CARTE',
  // Invoices paid at a point of sale, recorded by the counter agent (decision 027).
  'PAIEMENT_COMPTOIR',
  // Bank details saved (a new SEPA mandate with them) and a mandate's PDF, whole IBAN in it, downloaded (decision 026).
  'MODIFICATION_COORDONNEES_BANCAIRES',
  'TELECHARGEMENT_MANDAT_SEPA',
  // Invoices leaving the portal as files (one PDF, a year's PDFs as a ZIP, their lines as CSV or XLSX) and a complaint about one (decision 025).
  'TELECHARGEMENT_FACTURE',
  'EXPORT_FACTURES',
  'RECLAMATION_FACTURE',
  // Back-office edits, each with the values before and after it (decision 030).
  'ADMIN_PARAMETRES', 'ADMIN_PAGE_LEGALE', 'ADMIN_FAQ_THEME', 'ADMIN_FAQ_ORDRE_THEMES', 'ADMIN_FAQ_QUESTION', 'ADMIN_FAQ_ORDRE_QUESTIONS', 'ADMIN_FAQ_SUPPRESSION_QUESTION',
  'ADMIN_MENU_ENTREE', 'ADMIN_MENU_ORDRE', 'ADMIN_MENU_SUPPRESSION',
  'ADMIN_CONTACT_THEME', 'ADMIN_CONTACT_ORDRE_THEMES', 'ADMIN_CONTACT_SOUS_THEME', 'ADMIN_CONTACT_ORDRE_SOUS_THEMES',
  'ADMIN_DOCUMENT_STATIQUE',
  // A support ticket's or an invoice complaint's status changed in the back office, with the reply e-mailed to its sender (decision 030).
  'ADMIN_DEMANDE_STATUT',
  'ADMIN_RECLAMATION_STATUT',
  // An appointment with an adviser booked, moved or cancelled, with its slot before and after (decision 029).
  'RESERVATION_RDV', 'DEPLACEMENT_RDV', 'ANNULATION_RDV',
  // A line's termination: a proof uploaded or deleted, the request sent, its recap e-mailed again, its cancellation (decision 031).
  'AJOUT_JUSTIFICATIF_RESILIATION', 'SUPPRESSION_JUSTIFICATIF_RESILIATION', 'DEMANDE_RESILIATION', 'ENVOI_RECAPITULATIF_RESILIATION', 'ANNULATION_RESILIATION',
  // A line's tariff change: recorded (applied at once or scheduled), cancelled, applied by the scheduled job (decision 037).
  'DEMANDE_CHANGEMENT_FORFAIT', 'ANNULATION_CHANGEMENT_FORFAIT', 'APPLICATION_CHANGEMENT_FORFAIT',
  // The add-line cart changed (a line, its quantity, options, accessories, promotion, number), with the line before and after (decision 038).
  'MODIFICATION_PANIER',
  // The cart sent as an order of new lines, with its number, payment mode and risk decision (decision 038).
  'COMMANDE_AJOUT_LIGNES',
  // A new phone ordered for a line (order type RM), with its number, phone, price and payment mode (decision 039).
  'COMMANDE_NOUVEAU_TELEPHONE',
  // A recap PDF of the cart opened (pre-contract information, contractual recap): confirming needs both, opened after the cart's last change.
  'LECTURE_RECAPITULATIF_COMMANDE',
  // Orders (decision 036): a subscription's status set, a supporting document uploaded, downloaded or deleted, the orders exported.
  'STATUT_SOUSCRIPTION', 'AJOUT_PIECE', 'TELECHARGEMENT_PIECE', 'SUPPRESSION_PIECE', 'EXPORT_COMMANDES',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  /** The signed-in person who acted. */
  userId: number;
  /** In agent mode, the customer user the agent acts for. */
  onBehalfOf?: number | null;
  action: AuditAction;
  idClientBscs?: number | null;
  idContrat?: number | null;
  /** The client address as the server sees it (request.ip, TRUST_PROXY applied). */
  sourceAddress: string;
  /** For an edit of reference data or parameters: the values before and after it; in agent mode, the agent's reason (`motif`). */
  details?: { avant?: unknown; apres?: unknown; motif?: string; [key: string]: unknown } | null;
}

export interface Audit {
  /**
   * Records an entry: in the caller's transaction when given, so that it exists exactly when
   * the write it describes does; on its own otherwise (a read).
   */
  record(entry: AuditEntry, options?: { tx?: Transaction }): Promise<void>;
}

/**
 * In a request made through an agent's customer session (decision 032), an entry a module
 * records for the customer becomes the agent's: `userId` is the agent (agents.id) who acted,
 * `onBehalfOf` the customer user, and the agent's reason goes in `details.motif`. An entry that
 * already names `onBehalfOf` is kept as written, with the reason added.
 */
function asAgent(entry: AuditEntry): AuditEntry {
  const agent = actingAgent();
  if (!agent) return entry;
  noteAgentAudit();
  const details = { ...(entry.details ?? {}), motif: agent.motif };
  // The session reaches one account: whatever the entry names is of that account.
  const idClientBscs = entry.idClientBscs ?? agent.idClientBscs;
  if (entry.onBehalfOf != null) return { ...entry, idClientBscs, details };
  return { ...entry, userId: agent.agentId, onBehalfOf: entry.userId, idClientBscs, details };
}

export function createAudit(db: Database, clock: Clock): Audit {
  return {
    async record(given, { tx } = {}) {
      const entry = asAgent(given);
      await (tx?.db ?? db).insert(auditLog).values({
        userId: entry.userId,
        onBehalfOf: entry.onBehalfOf ?? null,
        action: entry.action,
        idClientBscs: entry.idClientBscs ?? null,
        idContrat: entry.idContrat ?? null,
        at: clock.now(),
        sourceAddress: entry.sourceAddress,
        details: entry.details ?? null,
      });
    },
  };
}
