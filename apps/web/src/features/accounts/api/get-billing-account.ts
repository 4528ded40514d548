import { billingAccountSchema, type BillingAccount } from '@ecare/shared/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/comptes_facturation/{idClientBscs}. */
export function fetchBillingAccount(idClientBscs: number, signal?: AbortSignal): Promise<BillingAccount> {
  return apiRequest(`/api/comptes_facturation/${idClientBscs}`, { schema: billingAccountSchema, signal });
}

export const billingAccountQueryOptions = (idClientBscs: number) =>
  queryOptions({
    queryKey: ['accounts', 'detail', idClientBscs],
    queryFn: ({ signal }) => fetchBillingAccount(idClientBscs, signal),
    staleTime: 60_000,
  });

export function useBillingAccount(idClientBscs: number | null) {
  return useQuery({ ...billingAccountQueryOptions(idClientBscs ?? 0), enabled: idClientBscs !== null });
}
