import { phonePriceSchema, type PhonePrice } from '@ecare/shared/catalogue';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { catalogueKey } from './catalogue-cache.ts';

/** `GET /api/mobiles/prix`: one phone's price alone and with a plan. */
export function fetchPhonePrice(idArticle: number, idOffreEngCible: number | undefined, signal?: AbortSignal): Promise<PhonePrice> {
  const search = new URLSearchParams({ IdArticle: String(idArticle) });
  if (idOffreEngCible !== undefined) search.set('IdOffreEngCible', String(idOffreEngCible));
  return apiRequest(`/api/mobiles/prix?${search.toString()}`, { schema: phonePriceSchema, signal });
}

export const phonePriceQueryOptions = (idArticle: number, idOffreEngCible?: number) =>
  queryOptions({
    queryKey: [...catalogueKey, 'prix', idArticle, idOffreEngCible ?? null],
    queryFn: ({ signal }) => fetchPhonePrice(idArticle, idOffreEngCible, signal),
    staleTime: 60_000,
  });
