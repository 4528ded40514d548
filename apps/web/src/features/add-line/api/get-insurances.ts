import { insuranceListSchema } from '@ecare/shared/catalogue';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { addLineKey } from './add-line-cache.ts';

/** `GET /api/assurances?idArticle=`: the insurances whose ceiling covers the phone's price alone. */
export function fetchInsurances(idArticle: number, signal?: AbortSignal) {
  return apiRequest(`/api/assurances?idArticle=${idArticle}`, { schema: insuranceListSchema, signal });
}

export const useInsurances = (idArticle: number) =>
  useQuery({
    queryKey: [...addLineKey, 'assurances', idArticle],
    queryFn: ({ signal }) => fetchInsurances(idArticle, signal),
    staleTime: 5 * 60_000,
  });
