import { newPhoneOfferListSchema, type NewPhoneOfferList } from '@ecare/shared/new-phone';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/nouveau-telephone/{idContrat}/mobiles: the phones with this line's price. */
export function fetchPhonesForLine(idContrat: number, signal?: AbortSignal): Promise<NewPhoneOfferList> {
  return apiRequest(`/api/nouveau-telephone/${idContrat}/mobiles`, { schema: newPhoneOfferListSchema, signal });
}

export const phonesQueryOptions = (idContrat: number) =>
  queryOptions({
    queryKey: ['new-phone', 'phones', idContrat],
    queryFn: ({ signal }) => fetchPhonesForLine(idContrat, signal),
    staleTime: 60_000,
  });

export const usePhonesForLine = (idContrat: number, enabled: boolean) => useQuery({ ...phonesQueryOptions(idContrat), enabled });
