import { optionFamilyListSchema } from '@ecare/shared/catalogue';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { addLineKey } from './add-line-cache.ts';

/** `GET /api/options`: the options sold, by family. */
export function fetchOptionFamilies(signal?: AbortSignal) {
  return apiRequest('/api/options', { schema: optionFamilyListSchema, signal });
}

export const optionFamiliesQueryOptions = () =>
  queryOptions({
    queryKey: [...addLineKey, 'options'],
    queryFn: ({ signal }) => fetchOptionFamilies(signal),
    staleTime: 5 * 60_000,
  });
