import type { BillingAccount } from '@ecare/shared';
import type { Access } from '../../access/access.repository.ts';
import type { Clock } from '../../lib/clock.ts';
import { errors } from '../../lib/errors.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { AccountsRepository } from './accounts.repository.ts';

export function createAccountsService(repo: AccountsRepository, access: Access, options: { clock: Clock; cacheMs: number }) {
  // The account list is read on every page of a session and changes rarely: an instance may
  // reuse it for cacheMs (decision 011); whoever changes accounts or lines calls forget().
  const recent = new TtlCache<BillingAccount[]>(options.clock, options.cacheMs, 10_000);
  return {
    async list(userId: number): Promise<BillingAccount[]> {
      const cached = recent.get(String(userId));
      if (cached) return cached;
      const accounts = await repo.listForUser(userId);
      recent.set(String(userId), accounts);
      return accounts;
    },

    /** Drops this instance's copy of a user's account list, or of every list. */
    forget(userId?: number): void {
      if (userId === undefined) recent.deleteWhere(() => true);
      else recent.delete(String(userId));
    },

    async get(userId: number, idClientBscs: number): Promise<BillingAccount> {
      await access.assertAccount(userId, idClientBscs);
      const account = await repo.findForUser(userId, idClientBscs);
      if (!account) throw errors.forbiddenAccount();
      return account;
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
