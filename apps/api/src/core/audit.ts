import type { Database } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import type { Transaction } from '../db/transaction.ts';
import type { Clock } from '../lib/clock.ts';

/**
 * What the audit log records. Writes on a line and reads of what opens a line to fraud (the PUK
 * unlocks a SIM, the RIO moves the number to another operator) are all recorded, and so is every
 * export of the fleet (line users' names and e-mails leaving the portal in a file, decision 017).
 */
export const AUDIT_ACTIONS = [
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
  /** For an edit of reference data or parameters: the values before and after it. */
  details?: { avant: unknown; apres: unknown } | null;
}

export interface Audit {
  /**
   * Records an entry: in the caller's transaction when given, so that it exists exactly when
   * the write it describes does; on its own otherwise (a read).
   */
  record(entry: AuditEntry, options?: { tx?: Transaction }): Promise<void>;
}

export function createAudit(db: Database, clock: Clock): Audit {
  return {
    async record(entry, { tx } = {}) {
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
