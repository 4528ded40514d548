import type { BillingAccount } from '@ecare/shared/accounts';
import type { QueryClient } from '@tanstack/react-query';
import { linePageQueryOptions } from '../../features/lines/api/get-line-page.ts';
import { setSelection, type Selection } from '../../lib/selection-store.ts';

/**
 * Makes `account` the current billing account; an account with exactly one mobile line gets
 * that line chosen too (spec §4).
 */
export async function selectAccount(client: QueryClient, account: BillingAccount): Promise<Selection & { accountId: number }> {
  let lineId: number | null = null;
  if (account.nbContratsMobile === 1) {
    const page = await client.fetchQuery(linePageQueryOptions(account.idClientBscs));
    lineId = page.contrats[0]?.idContrat ?? null;
  }
  const selection = { accountId: account.idClientBscs, lineId };
  setSelection(selection);
  return selection;
}
