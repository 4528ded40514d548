import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { LineAction } from '@ecare/shared';
import type { Database } from '../db/client.ts';
import { contracts, userBillingAccounts, users } from '../db/schema.ts';
import type { Transaction } from '../db/transaction.ts';
import { fail } from '../lib/errors.ts';
import { actingAgent } from './acting-agent.ts';
import { roleMayDo, type LineRole } from './line-actions.ts';

export { lineActions, stateAllows, type LineRole } from './line-actions.ts';
export { actingAgent, assertNotAgent, type ActingAgent } from './acting-agent.ts';
export { assertAdministration, type AdministrationCaller } from './administration.ts';
export { assertMayTerminate, assertProofOfAccount } from './termination.ts';
export { assertMayChangeTariff } from './tariff-change.ts';
export { assertMayOrderNewPhone } from './new-phone.ts';

/** A contract as the caller reaches it. */
export interface ContractAccess {
  idClientBscs: number;
  role: LineRole;
}

/**
 * An agent's customer session reaches only the billing account it was opened for (decision 032),
 * whatever else the customer manages: FORBIDDEN_ACCOUNT for any other. No-op outside agent mode.
 */
export function assertAgentScope(idClientBscs: number): void {
  const agent = actingAgent();
  if (agent && agent.idClientBscs !== idClientBscs) throw fail('FORBIDDEN_ACCOUNT');
}

/**
 * The access policy: who may touch what (spec §6). A billing account only through a managing
 * link (isGestionnaire); a contract through a managed account or as its own line user. Unknown
 * ids answer like foreign ones, so ids cannot be probed.
 *
 * Services call these before reading or writing; routes never query access themselves. A feature
 * whose records hang off an account or a contract (an invoice, an order, a file) writes its rule
 * next to its own code, as a check that loads the record's owner and then calls
 * `assertAccount` or `assertContract` here.
 */
export function createAccessPolicy(db: Database) {
  /**
   * Those of `idContrats` the caller reaches, with their standing on each (see contractAccess);
   * ids the caller does not reach, or that do not exist, are missing from the map.
   */
  async function reachedContracts(userId: number, idContrats: readonly number[]): Promise<Map<number, ContractAccess>> {
    const rows = await db
      .select({ idContrat: contracts.idContrat, idClientBscs: contracts.idClientBscs, manager: userBillingAccounts.userId })
      .from(contracts)
      .leftJoin(
        userBillingAccounts,
        and(
          eq(userBillingAccounts.idClientBscs, contracts.idClientBscs),
          eq(userBillingAccounts.userId, userId),
          eq(userBillingAccounts.isGestionnaire, true),
        ),
      )
      .where(
        and(
          inArray(contracts.idContrat, [...idContrats]),
          or(eq(contracts.userId, userId), eq(userBillingAccounts.userId, userId)),
        ),
      );
    const reached = new Map<number, ContractAccess>();
    // An agent's customer session reaches one billing account only (decision 032).
    const bound = actingAgent()?.idClientBscs;
    for (const row of rows) {
      if (bound !== undefined && row.idClientBscs !== bound) continue;
      reached.set(row.idContrat, { idClientBscs: row.idClientBscs, role: row.manager === null ? 'UTILISATEUR' : 'GESTIONNAIRE' });
    }
    return reached;
  }

  const policy = {
    async assertAccount(userId: number, idClientBscs: number): Promise<void> {
      assertAgentScope(idClientBscs);
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(userBillingAccounts)
        .where(
          and(
            eq(userBillingAccounts.userId, userId),
            eq(userBillingAccounts.idClientBscs, idClientBscs),
            eq(userBillingAccounts.isGestionnaire, true),
          ),
        )
        .limit(1);
      if (!row) throw fail('FORBIDDEN_ACCOUNT');
    },

    /**
     * A managed account and contracts named on it at once (a selection of lines): FORBIDDEN_ACCOUNT
     * when the caller does not manage the account, FORBIDDEN_CONTRACT when any contract is not
     * one of its own (unknown ids alike).
     */
    async assertAccountContracts(userId: number, idClientBscs: number, idContrats: readonly number[]): Promise<void> {
      await policy.assertAccount(userId, idClientBscs);
      const distinct = [...new Set(idContrats)];
      if (distinct.length === 0) return;
      const [row] = await db
        .select({ found: count() })
        .from(contracts)
        .where(and(eq(contracts.idClientBscs, idClientBscs), inArray(contracts.idContrat, distinct)));
      if ((row?.found ?? 0) !== distinct.length) throw fail('FORBIDDEN_CONTRACT');
    },

    /**
     * The shop's catalogue is for managers: the caller manages at least one billing account (in an
     * agent's customer session, the one it was opened for); CATALOGUE_NO_MANAGED_ACCOUNT otherwise.
     */
    async assertManagesAnAccount(userId: number): Promise<void> {
      const bound = actingAgent()?.idClientBscs;
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(userBillingAccounts)
        .where(
          and(
            eq(userBillingAccounts.userId, userId),
            eq(userBillingAccounts.isGestionnaire, true),
            bound === undefined ? undefined : eq(userBillingAccounts.idClientBscs, bound),
          ),
        )
        .limit(1);
      if (!row) throw fail('CATALOGUE_NO_MANAGED_ACCOUNT');
    },

    /** Returns the billing account the contract belongs to. */
    async assertContract(userId: number, idContrat: number): Promise<{ idClientBscs: number }> {
      const { idClientBscs } = await policy.contractAccess(userId, idContrat);
      return { idClientBscs };
    },

    /**
     * The caller's standing on a contract: GESTIONNAIRE through a managed account (even when
     * also its line user), UTILISATEUR as its own line user; FORBIDDEN_CONTRACT otherwise.
     */
    async contractAccess(userId: number, idContrat: number): Promise<ContractAccess> {
      const access = (await reachedContracts(userId, [idContrat])).get(idContrat);
      if (!access) throw fail('FORBIDDEN_CONTRACT');
      return access;
    },

    /**
     * Several contracts named at once (a page of the fleet list): the caller must reach every
     * one of them, as in `contractAccess`, else FORBIDDEN_CONTRACT for the whole request, so
     * that no answer tells which of the ids are someone else's.
     */
    async assertContracts(userId: number, idContrats: readonly number[]): Promise<Map<number, ContractAccess>> {
      const distinct = [...new Set(idContrats)];
      if (distinct.length === 0) return new Map();
      const reached = await reachedContracts(userId, distinct);
      if (reached.size !== distinct.length) throw fail('FORBIDDEN_CONTRACT');
      return reached;
    },

    /**
     * A contract the caller reaches and may take `action` on: FORBIDDEN_CONTRACT when they do
     * not reach it (or it is not of `idClientBscs`, when the request names an account too),
     * FORBIDDEN_LINE_ACTION when their role does not allow the action.
     */
    async assertLineAction(
      userId: number,
      idContrat: number,
      action: LineAction,
      idClientBscs?: number,
    ): Promise<ContractAccess> {
      const access = await policy.contractAccess(userId, idContrat);
      if (idClientBscs !== undefined && access.idClientBscs !== idClientBscs) throw fail('FORBIDDEN_CONTRACT');
      if (!roleMayDo(access.role, action)) throw fail('FORBIDDEN_LINE_ACTION');
      return access;
    },

    /** The e-mail addresses of the users who manage the account, in the caller's transaction when given: whom its news is mailed to. */
    async managerEmails(idClientBscs: number, tx?: Transaction): Promise<string[]> {
      const rows = await (tx?.db ?? db)
        .select({ email: users.email })
        .from(userBillingAccounts)
        .innerJoin(users, eq(users.id, userBillingAccounts.userId))
        .where(and(eq(userBillingAccounts.idClientBscs, idClientBscs), eq(userBillingAccounts.isGestionnaire, true)))
        .orderBy(users.id);
      return rows.map((row) => row.email);
    },
  };
  return policy;
}
export type AccessPolicy = ReturnType<typeof createAccessPolicy>;
