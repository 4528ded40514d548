import type { Database } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import type { Transaction } from '../db/transaction.ts';
import type { Clock } from '../lib/clock.ts';
import { actingAgent, noteAgentAudit } from '../policy/acting-agent.ts';

/**
 * What the audit log records, declared by the modules that record it: each lists its actions in
 * `modules/<feature>/<feature>.audit.ts` and adds that list to this interface under its name
 * (`declare module '../../core/audit.ts'`), and hands it to defineModule, so that the app knows
 * them at run time too. An action outside every module's list does not type-check.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules' declarations
export interface AuditActions {}
export type AuditAction = AuditActions[keyof AuditActions][number];

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
