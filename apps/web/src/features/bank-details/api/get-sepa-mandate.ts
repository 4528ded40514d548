import { sepaMandateSchema, type SepaMandate } from '@ecare/shared/bank-details';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { hasErrorCode } from '../../../lib/api-error.ts';

export const sepaMandatePdfPath = (idClientBscs: number) => `/api/clients/${idClientBscs}/mandat-sepa/pdf`;

/** GET /api/clients/{idClientBscs}/mandat-sepa: the mandate in force, or null when the account has none. */
export async function fetchSepaMandate(idClientBscs: number, signal?: AbortSignal): Promise<SepaMandate | null> {
  try {
    return await apiRequest(`/api/clients/${idClientBscs}/mandat-sepa`, { schema: sepaMandateSchema, signal });
  } catch (error) {
    if (hasErrorCode(error, 'SEPA_MANDATE_NOT_FOUND')) return null;
    throw error;
  }
}

export const sepaMandateQueryOptions = (idClientBscs: number) =>
  queryOptions({
    queryKey: ['bank-details', idClientBscs, 'mandate'],
    queryFn: ({ signal }) => fetchSepaMandate(idClientBscs, signal),
    staleTime: 60_000,
  });

export function useSepaMandate(idClientBscs: number) {
  return useQuery(sepaMandateQueryOptions(idClientBscs));
}
