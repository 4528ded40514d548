import { billingAccountListSchema, type BillingAccount } from '@ecare/shared/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { BILLING_ACCOUNTS_PATH } from './paths.ts';

/** GET /api/comptes_facturation: the accounts the user manages (the API leaves out those they are only attached to). */
export function fetchBillingAccounts(signal?: AbortSignal): Promise<BillingAccount[]> {
  return apiRequest(BILLING_ACCOUNTS_PATH, { schema: billingAccountListSchema, signal });
}

export const billingAccountsQueryOptions = () =>
  queryOptions({
    queryKey: ['accounts', 'list'],
    queryFn: ({ signal }) => fetchBillingAccounts(signal),
    staleTime: 5 * 60_000,
  });

export function useBillingAccounts(enabled = true) {
  return useQuery({ ...billingAccountsQueryOptions(), enabled });
}
