import type { BillingAccount } from '@ecare/shared';
import type { Access } from '../../access/access.repository.ts';
import { errors } from '../../lib/errors.ts';
import type { AccountsRepository } from './accounts.repository.ts';

export function createAccountsService(repo: AccountsRepository, access: Access) {
  return {
    list: (userId: number): Promise<BillingAccount[]> => repo.listForUser(userId),

    async get(userId: number, idClientBscs: number): Promise<BillingAccount> {
      await access.assertAccount(userId, idClientBscs);
      const account = await repo.findForUser(userId, idClientBscs);
      if (!account) throw errors.forbiddenAccount();
      return account;
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
