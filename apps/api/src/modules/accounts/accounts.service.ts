import type { BillingAccount } from '@ecare/shared';
import type { Clock } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { actingAgent, assertAgentScope } from '../../policy/access-policy.ts';
import type { AccountsRepository } from './accounts.repository.ts';

export function createAccountsService(repo: AccountsRepository, options: { clock: Clock; cacheMs: number }) {
  // The account list is read on every page of a session and changes rarely: an instance may
  // reuse it for cacheMs (decision 011); whoever changes accounts or lines calls forget().
  const recent = new TtlCache<BillingAccount[]>(options.clock, options.cacheMs, 10_000);
  return {
    async list(userId: number): Promise<BillingAccount[]> {
      let accounts = recent.get(String(userId));
      if (!accounts) {
        accounts = await repo.listForUser(userId);
        recent.set(String(userId), accounts);
      }
      // An agent's customer session shows only the account it was opened for (decision 032).
      const bound = actingAgent()?.idClientBscs;
      return bound === undefined ? accounts : accounts.filter((account) => account.idClientBscs === bound);
    },

    /** Drops this instance's copy of a user's account list, or of every list. */
    forget(userId?: number): void {
      if (userId === undefined) recent.deleteWhere(() => true);
      else recent.delete(String(userId));
    },

    /** The account with the caller's link to it, in one query: a link that does not manage it is refused like no link. */
    async get(userId: number, idClientBscs: number): Promise<BillingAccount> {
      assertAgentScope(idClientBscs);
      const account = await repo.findForUser(userId, idClientBscs);
      if (!account?.isGestionnaire) throw fail('FORBIDDEN_ACCOUNT');
      return account;
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
