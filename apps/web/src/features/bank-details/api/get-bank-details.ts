import { bankDetailsSchema, type BankDetails } from '@ecare/shared/bank-details';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const bankDetailsPath = (idClientBscs: number) => `/api/clients/${idClientBscs}/coordonnees-bancaires`;

/** GET /api/clients/{idClientBscs}/coordonnees-bancaires: mode, holder, masked IBAN, BIC. */
export function fetchBankDetails(idClientBscs: number, signal?: AbortSignal): Promise<BankDetails> {
  return apiRequest(bankDetailsPath(idClientBscs), { schema: bankDetailsSchema, signal });
}

export const bankDetailsQueryOptions = (idClientBscs: number) =>
  queryOptions({
    queryKey: ['bank-details', idClientBscs],
    queryFn: ({ signal }) => fetchBankDetails(idClientBscs, signal),
    staleTime: 60_000,
  });

export function useBankDetails(idClientBscs: number) {
  return useQuery(bankDetailsQueryOptions(idClientBscs));
}
