import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Transaction } from '../../db/transaction.ts';
import { agentSessions, agents, contracts, loginUnlockLinks, sessions, users } from '../../db/schema.ts';

/** The user columns every authenticated request needs, read with its session in one query. */
const authUserColumns = {
  id: users.id,
  email: users.email,
  prenom: users.prenom,
  nom: users.nom,
  utilisateur: users.utilisateur,
  mandataire: users.mandataire,
  gestionnaire: users.gestionnaire,
  serviceClient: users.serviceClient,
  administration: users.administration,
  idClientBscs: users.idClientBscs,
  idClientBscsMandataire: users.idClientBscsMandataire,
};


export function createAuthRepository(db: Database) {
  // Runs on every authenticated request: prepared once, planned once per connection.
  const findSession = db
    .select({
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      user: authUserColumns,
      // A session an agent opened for the user (decision 032): the agent, the reason, the one account.
      agentId: sessions.agentId,
      agentMotif: sessions.agentMotif,
      agentIdClientBscs: sessions.agentIdClientBscs,
      agentLoginSc: agents.loginSc,
      agentNomSc: agents.nomSc,
      agentProfil: agents.profil,
      agentActif: agents.actif,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(agents, eq(agents.id, sessions.agentId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('find_session');

  return {
    async findCredentials(email: string) {
      const [row] = await db
        .select({ id: users.id, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      return row;
    },

    async createSession(session: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(session);
    },

    async findSession(tokenHash: string) {
      const [row] = await findSession.execute({ tokenHash });
      return row;
    },

    async touchSession(tokenHash: string, at: Date) {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.tokenHash, tokenHash));
    },

    /**
     * An agent working in a customer session is active: their own live sessions stay so too, so
     * that leaving the customer brings them back to the client search (decision 032).
     */
    async touchAgentSessions(agentId: number, at: Date, idleMs: number) {
      await db
        .update(agentSessions)
        .set({ lastSeenAt: at })
        .where(
          and(
            eq(agentSessions.agentId, agentId),
            isNull(agentSessions.revokedAt),
            gt(agentSessions.expiresAt, at),
            gt(agentSessions.lastSeenAt, new Date(at.getTime() - idleMs)),
          ),
        );
    },

    async revokeSession(tokenHash: string, at: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
    },

    /** Revokes the user's sessions, except `keepTokenHash` when given. */
    async revokeUserSessions(userId: number, now: Date, keepTokenHash?: string) {
      const scope = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(keepTokenHash ? and(scope, ne(sessions.tokenHash, keepTokenHash)) : scope);
    },

    /** Written with its mail, in `tx`. */
    async createUnlockLink(link: typeof loginUnlockLinks.$inferInsert, tx: Transaction) {
      await tx.db.insert(loginUnlockLinks).values(link);
    },

    /** Marks a valid link used, once: the login identifier it unlocks, or undefined. */
    async claimUnlockLink(tokenHash: string, now: Date) {
      const [row] = await db
        .update(loginUnlockLinks)
        .set({ usedAt: now })
        .from(users)
        .where(
          and(
            eq(loginUnlockLinks.tokenHash, tokenHash),
            isNull(loginUnlockLinks.usedAt),
            gt(loginUnlockLinks.expiresAt, now),
            eq(users.id, loginUnlockLinks.userId),
          ),
        )
        .returning({ email: users.email });
      return row?.email;
    },

    async findOwnLine(userId: number) {
      const [row] = await db
        .select({ idContrat: contracts.idContrat })
        .from(contracts)
        .where(eq(contracts.userId, userId))
        .orderBy(contracts.idContrat)
        .limit(1);
      return row?.idContrat ?? null;
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
export type AuthUser = NonNullable<Awaited<ReturnType<AuthRepository['findSession']>>>['user'];
