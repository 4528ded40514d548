import { eq, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentTransactions } from '../../db/schema.ts';
import { paymentSandboxSessions as sessions } from './sandbox.schema.ts';
import { KEPT_AFTER_EXPIRY_MS, type Outcome, type SandboxSessions, type SessionPhase } from './sandbox-sessions.ts';

/**
 * What the sandbox reads of the portal's database: whether a card transaction still waits for its
 * decision (its page is not shown again once decided). A real provider keeps its own records;
 * the sandbox, in the portal's process, reads the portal's.
 */
export function createSandboxRepository(db: Database) {
  return {
    async transactionWaiting(transactionReference: string): Promise<boolean> {
      const [row] = await db
        .select({ statut: paymentTransactions.statut })
        .from(paymentTransactions)
        .where(eq(paymentTransactions.transactionReference, transactionReference));
      return row?.statut === 'EN_ATTENTE';
    },
  };
}

/**
 * The sandbox's sessions in PostgreSQL, shared by every instance (decision 066): a page opened on
 * one, its card typed on another and its 3-D Secure code on a third is one page. Each change is
 * one statement whose condition PostgreSQL checks on the row's latest version, so of two
 * decisions at once, from any instances, one wins. Not on PGlite: the portal stops a page while it
 * holds its transaction (decision 027), and a query beside it would wait for PGlite's only
 * connection forever; one process serves PGlite, which keeps them in memory.
 */
export function createDatabaseSandboxSessions(db: Database): SandboxSessions {
  const fresh = (transactionReference: string, expiresAt: Date) => ({ transactionReference, phase: 'CARTE' as const, outcome: null, cardAttempts: 0, expiresAt });

  /** The decision, unless one was taken: true when this call took it. */
  async function decideOnce(transactionReference: string, outcome: Outcome, expiresAt: Date): Promise<boolean> {
    const taken = await db
      .insert(sessions)
      .values({ ...fresh(transactionReference, expiresAt), phase: 'DECIDEE', outcome })
      .onConflictDoUpdate({ target: sessions.transactionReference, set: { phase: 'DECIDEE', outcome }, setWhere: ne(sessions.phase, 'DECIDEE') })
      .returning({ transactionReference: sessions.transactionReference });
    return taken.length > 0;
  }

  async function phase(transactionReference: string): Promise<SessionPhase> {
    const [row] = await db.select({ phase: sessions.phase, outcome: sessions.outcome }).from(sessions).where(eq(sessions.transactionReference, transactionReference));
    if (row?.phase === 'DECIDEE' && row.outcome) return { phase: 'DECIDEE', outcome: row.outcome };
    return row?.phase === 'CHALLENGE' ? { phase: 'CHALLENGE' } : { phase: 'CARTE' };
  }

  return {
    phase: (transactionReference) => phase(transactionReference),

    async cardAttempt(transactionReference, expiresAt) {
      const [row] = await db
        .insert(sessions)
        .values({ ...fresh(transactionReference, expiresAt), cardAttempts: 1 })
        .onConflictDoUpdate({ target: sessions.transactionReference, set: { cardAttempts: sql`${sessions.cardAttempts} + 1` } })
        .returning({ cardAttempts: sessions.cardAttempts });
      return row?.cardAttempts ?? 1;
    },

    async challenge(transactionReference, expiresAt) {
      const asked = await db
        .insert(sessions)
        .values({ ...fresh(transactionReference, expiresAt), phase: 'CHALLENGE' })
        .onConflictDoUpdate({ target: sessions.transactionReference, set: { phase: 'CHALLENGE' }, setWhere: ne(sessions.phase, 'DECIDEE') })
        .returning({ transactionReference: sessions.transactionReference });
      return asked.length > 0;
    },

    async cancel(transactionReference, expiresAt) {
      if (await decideOnce(transactionReference, 'CANCELLED', expiresAt)) return 'CANCELLED';
      const decided = await phase(transactionReference);
      return decided.phase === 'DECIDEE' && decided.outcome === 'ACCEPTED' ? 'CARD_TAKEN' : 'CANCELLED';
    },

    async decide(transactionReference, outcome, expiresAt, now) {
      // Every page ends in a decision: the rows of pages long over go with the decisions of new ones.
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date(now.getTime() - KEPT_AFTER_EXPIRY_MS)));
      return decideOnce(transactionReference, outcome, expiresAt);
    },
  };
}
