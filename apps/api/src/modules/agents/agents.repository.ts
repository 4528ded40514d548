import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { agentSessions, agents, auditLog, billingAccounts, sessions, userBillingAccounts, users } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';

const accountColumns = {
  idClientBscs: billingAccounts.idClientBscs,
  codeClientBscs: billingAccounts.codeClientBscs,
  raisonSociale: billingAccounts.raisonSociale,
  sirenSiret: billingAccounts.sirenSiret,
  statut: billingAccounts.statut,
  ville: billingAccounts.adresseVille,
  email: users.email,
  nom: users.nom,
  prenom: users.prenom,
};

/** How many entries the customer's page of agent actions shows at most. */
export const AGENT_ACTIONS_SHOWN = 200;

export function createAgentsRepository(db: Database) {
  return {
    async findByIdentifiant(identifiant: string) {
      const [row] = await db.select().from(agents).where(eq(agents.identifiant, identifiant)).limit(1);
      return row;
    },

    async findById(id: number) {
      const [row] = await db.select().from(agents).where(eq(agents.id, id)).limit(1);
      return row;
    },

    async findByRegate(codeRegate: string) {
      const [row] = await db.select().from(agents).where(eq(agents.codeRegate, codeRegate)).limit(1);
      return row;
    },

    async createSession(session: typeof agentSessions.$inferInsert) {
      await db.insert(agentSessions).values(session);
    },

    async findSession(tokenHash: string) {
      const [row] = await db
        .select({
          tokenHash: agentSessions.tokenHash,
          lastSeenAt: agentSessions.lastSeenAt,
          expiresAt: agentSessions.expiresAt,
          revokedAt: agentSessions.revokedAt,
          agentId: agents.id,
          identifiant: agents.identifiant,
          loginSc: agents.loginSc,
          nomSc: agents.nomSc,
          profil: agents.profil,
          actif: agents.actif,
        })
        .from(agentSessions)
        .innerJoin(agents, eq(agents.id, agentSessions.agentId))
        .where(eq(agentSessions.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    /** The latest end of the agent's live sessions, if any. */
    async liveSessionEnd(agentId: number, now: Date, idleMs: number): Promise<Date | undefined> {
      const [row] = await db
        .select({ expiresAt: agentSessions.expiresAt })
        .from(agentSessions)
        .where(
          and(
            eq(agentSessions.agentId, agentId),
            isNull(agentSessions.revokedAt),
            gt(agentSessions.expiresAt, now),
            gt(agentSessions.lastSeenAt, new Date(now.getTime() - idleMs)),
          ),
        )
        .orderBy(desc(agentSessions.expiresAt))
        .limit(1);
      return row?.expiresAt;
    },

    async touchSession(tokenHash: string, at: Date) {
      await db.update(agentSessions).set({ lastSeenAt: at }).where(eq(agentSessions.tokenHash, tokenHash));
    },

    async revokeSession(tokenHash: string, at: Date) {
      await db
        .update(agentSessions)
        .set({ revokedAt: at })
        .where(and(eq(agentSessions.tokenHash, tokenHash), isNull(agentSessions.revokedAt)));
    },

    /** Ends every customer session the agent opened. */
    async revokeCustomerSessions(agentId: number, at: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.agentId, agentId), isNull(sessions.revokedAt)));
    },

    async findUser(email: string) {
      const [row] = await db
        .select({ id: users.id, gestionnaire: users.gestionnaire, mandataire: users.mandataire, idClientBscs: users.idClientBscs })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      return row;
    },

    /** The accounts a user manages, with the user as the one to connect as. */
    async accountsManagedBy(userId: number) {
      return db
        .select(accountColumns)
        .from(userBillingAccounts)
        .innerJoin(billingAccounts, eq(billingAccounts.idClientBscs, userBillingAccounts.idClientBscs))
        .innerJoin(users, eq(users.id, userBillingAccounts.userId))
        .where(and(eq(userBillingAccounts.userId, userId), eq(userBillingAccounts.isGestionnaire, true)))
        .orderBy(billingAccounts.raisonSociale, billingAccounts.idClientBscs);
    },

    /** An account by its number, once per manager (each a way to connect). */
    async managersOfAccount(codeClientBscs: string) {
      return db
        .select(accountColumns)
        .from(billingAccounts)
        .innerJoin(userBillingAccounts, and(eq(userBillingAccounts.idClientBscs, billingAccounts.idClientBscs), eq(userBillingAccounts.isGestionnaire, true)))
        .innerJoin(users, eq(users.id, userBillingAccounts.userId))
        .where(eq(billingAccounts.codeClientBscs, codeClientBscs))
        .orderBy(users.email);
    },

    async accountCode(idClientBscs: number): Promise<string | undefined> {
      const [row] = await db
        .select({ code: billingAccounts.codeClientBscs })
        .from(billingAccounts)
        .where(eq(billingAccounts.idClientBscs, idClientBscs))
        .limit(1);
      return row?.code;
    },

    /** The manager's link to the account: who to connect as, and what the connection shows and tells. */
    async managerLink(email: string, idClientBscs: number) {
      const [row] = await db
        .select({
          userId: users.id,
          raisonSociale: billingAccounts.raisonSociale,
          codeClientBscs: billingAccounts.codeClientBscs,
          alerte: billingAccounts.alerteConnexionAgent,
        })
        .from(userBillingAccounts)
        .innerJoin(users, eq(users.id, userBillingAccounts.userId))
        .innerJoin(billingAccounts, eq(billingAccounts.idClientBscs, userBillingAccounts.idClientBscs))
        .where(
          and(
            eq(users.email, email),
            eq(userBillingAccounts.idClientBscs, idClientBscs),
            eq(userBillingAccounts.isGestionnaire, true),
          ),
        )
        .limit(1);
      return row;
    },

    async createCustomerSession(session: typeof sessions.$inferInsert, tx: Transaction) {
      await tx.db.insert(sessions).values(session);
    },

    /** What agents did on the account, newest first: entries recorded on behalf of a customer. */
    async agentActions(idClientBscs: number) {
      return db
        .select({
          at: auditLog.at,
          action: auditLog.action,
          idContrat: auditLog.idContrat,
          motif: sql<string | null>`${auditLog.details} ->> 'motif'`,
          prenom: users.prenom,
          nom: users.nom,
          agentNom: agents.nomSc,
          agentLogin: agents.loginSc,
        })
        .from(auditLog)
        .innerJoin(agents, eq(agents.id, auditLog.userId))
        .leftJoin(users, eq(users.id, auditLog.onBehalfOf))
        .where(and(eq(auditLog.idClientBscs, idClientBscs), isNotNull(auditLog.onBehalfOf)))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(AGENT_ACTIONS_SHOWN);
    },
  };
}
export type AgentsRepository = ReturnType<typeof createAgentsRepository>;
