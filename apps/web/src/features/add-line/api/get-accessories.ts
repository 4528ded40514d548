import { accessoryListSchema } from '@ecare/shared/catalogue';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { addLineKey } from './add-line-cache.ts';

/** `GET /api/accessoires?idArticle=`: the accessories that suit a phone (all of them for a SIM only). */
export function fetchAccessories(idArticle: number | null, signal?: AbortSignal) {
  return apiRequest(`/api/accessoires${idArticle === null ? '' : `?idArticle=${idArticle}`}`, { schema: accessoryListSchema, signal });
}

export const useAccessories = (idArticle: number | null) =>
  useQuery({
    queryKey: [...addLineKey, 'accessoires', idArticle],
    queryFn: ({ signal }) => fetchAccessories(idArticle, signal),
    staleTime: 5 * 60_000,
  });
