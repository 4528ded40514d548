import { phoneListSchema, phonePriceSchema, planListSchema, type PhoneList, type PhonePrice, type CataloguePlan } from '@ecare/shared/catalogue';
import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { phoneListSearch, type PhoneFilters } from '../utils/phone-filters.ts';

/** Every cached read of the catalogue starts with this key. */
export const catalogueKey = ['catalogue'] as const;

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

/** `GET /api/forfaits/{idClientBscs}/1`: the mobile plans sold. */
export const plansQueryOptions = (idClientBscs: number) =>
  queryOptions({
    queryKey: [...catalogueKey, 'forfaits', idClientBscs],
    queryFn: ({ signal }): Promise<CataloguePlan[]> => apiRequest(`/api/forfaits/${idClientBscs}/1`, { schema: planListSchema, signal }),
    staleTime: 5 * 60_000,
  });

export const usePlans = (idClientBscs: number) => useQuery(plansQueryOptions(idClientBscs));

/** `GET /api/mobiles/prix`: one phone's price alone and with a plan. */
export const phonePriceQueryOptions = (idArticle: number, idOffreEngCible?: number) =>
  queryOptions({
    queryKey: [...catalogueKey, 'prix', idArticle, idOffreEngCible ?? null],
    queryFn: ({ signal }): Promise<PhonePrice> => {
      const search = new URLSearchParams({ IdArticle: String(idArticle) });
      if (idOffreEngCible !== undefined) search.set('IdOffreEngCible', String(idOffreEngCible));
      return apiRequest(`/api/mobiles/prix?${search.toString()}`, { schema: phonePriceSchema, signal });
    },
    staleTime: 60_000,
  });
