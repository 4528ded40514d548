import { phoneListSchema, type PhoneList } from '@ecare/shared/catalogue';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { phoneListSearch, type PhoneFilters } from '../utils/phone-filters.ts';
import { catalogueKey } from './catalogue-cache.ts';

/** `GET /api/mobiles/{idClientBscs}/{idOffreEngagement}/tous?…`: the phones, priced with a plan (0: alone). */
export function fetchPhones(idClientBscs: number, idOffreEngagement: number, filters: PhoneFilters, signal?: AbortSignal): Promise<PhoneList> {
  const search = phoneListSearch(filters, { forApi: true }).toString();
  return apiRequest(`/api/mobiles/${idClientBscs}/${idOffreEngagement}/tous${search ? `?${search}` : ''}`, { schema: phoneListSchema, signal });
}

export const phonesQueryOptions = (idClientBscs: number, idOffreEngagement: number, filters: PhoneFilters) =>
  queryOptions({
    queryKey: [...catalogueKey, 'mobiles', idClientBscs, idOffreEngagement, filters],
    queryFn: ({ signal }) => fetchPhones(idClientBscs, idOffreEngagement, filters, signal),
    staleTime: 60_000,
  });

/** Keeps the grid in place while other filters load. */
export const usePhones = (idClientBscs: number, idOffreEngagement: number, filters: PhoneFilters) =>
  useQuery({ ...phonesQueryOptions(idClientBscs, idOffreEngagement, filters), placeholderData: keepPreviousData });
