import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { agents, billingAccounts, mfaChallenges, userBillingAccounts, users } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';
import { agentTotpFactors } from './agent-factors.schema.ts';

/**
 * Who must have a second factor, and the authenticator apps of agents who sign in with a code
 * (decision 057). The user's own app stays in security.repository.ts.
 */
export function createEnrolmentRepository(db: Database) {
  return {
    /** An administration user, or a user attached (user_billing_accounts, or their own account) to an account whose policy requires it. */
    async userMustHaveFactor(userId: number): Promise<boolean> {
      const [row] = await db
        .select({
          required: sql<boolean>`${users.administration} or exists (
            select 1 from ${billingAccounts}
            where ${billingAccounts.mfaObligatoire}
              and (${billingAccounts.idClientBscs} = ${users.idClientBscs}
                or ${billingAccounts.idClientBscs} in (select ${userBillingAccounts.idClientBscs} from ${userBillingAccounts} where ${userBillingAccounts.userId} = ${users.id})))`,
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row?.required === true;
    },

    async findAgent(agentId: number) {
      const [row] = await db
        .select({ id: agents.id, identifiant: agents.identifiant, loginSc: agents.loginSc, actif: agents.actif })
        .from(agents)
        .where(eq(agents.id, agentId))
        .limit(1);
      return row;
    },

    async findAgentFactor(agentId: number) {
      const [row] = await db.select().from(agentTotpFactors).where(eq(agentTotpFactors.agentId, agentId)).limit(1);
      return row;
    },

    /** A new pending enrolment of the agent's app, replacing a pending one; false when a confirmed one stands. */
    async saveAgentPending(agentId: number, secretEncrypted: string, now: Date): Promise<boolean> {
      const rows = await db
        .insert(agentTotpFactors)
        .values({ agentId, secretEncrypted, createdAt: now, confirmedAt: null, lastStep: null })
        .onConflictDoUpdate({
          target: agentTotpFactors.agentId,
          set: { secretEncrypted, createdAt: now, lastStep: null },
          setWhere: isNull(agentTotpFactors.confirmedAt),
        })
        .returning({ agentId: agentTotpFactors.agentId });
      return rows.length === 1;
    },

    /** Confirms the very pending enrolment that was checked. */
    async confirmAgent(agentId: number, secretEncrypted: string, step: number, now: Date, tx: Transaction): Promise<boolean> {
      const rows = await tx.db
        .update(agentTotpFactors)
        .set({ confirmedAt: now, lastStep: step })
        .where(and(eq(agentTotpFactors.agentId, agentId), eq(agentTotpFactors.secretEncrypted, secretEncrypted), isNull(agentTotpFactors.confirmedAt)))
        .returning({ agentId: agentTotpFactors.agentId });
      return rows.length === 1;
    },

    /** Records `step` as the agent's last accepted one, only if later than the recorded one (no replay). */
    async advanceAgentStep(agentId: number, step: number, tx: Transaction): Promise<boolean> {
      const rows = await tx.db
        .update(agentTotpFactors)
        .set({ lastStep: step })
        .where(
          and(
            eq(agentTotpFactors.agentId, agentId),
            isNotNull(agentTotpFactors.confirmedAt),
            or(isNull(agentTotpFactors.lastStep), lt(agentTotpFactors.lastStep, step)),
          ),
        )
        .returning({ agentId: agentTotpFactors.agentId });
      return rows.length === 1;
    },

    /** The back office's reset: the agent's app and their pending second steps go; false when they had none. */
    async removeAgentFactor(agentId: number, tx: Transaction): Promise<boolean> {
      const rows = await tx.db.delete(agentTotpFactors).where(eq(agentTotpFactors.agentId, agentId)).returning({ agentId: agentTotpFactors.agentId });
      await tx.db.delete(mfaChallenges).where(eq(mfaChallenges.agentId, agentId));
      return rows.length === 1;
    },
  };
}
export type EnrolmentRepository = ReturnType<typeof createEnrolmentRepository>;
