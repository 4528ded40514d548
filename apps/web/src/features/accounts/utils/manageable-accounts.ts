import type { BillingAccount } from '@ecare/shared/accounts';

/** Only accounts the user manages are offered (spec §4, §6: isGestionnaire). */
export function manageableAccounts(accounts: readonly BillingAccount[]): BillingAccount[] {
  return accounts.filter((account) => account.isGestionnaire);
}
