import { offerListSchema, type Offer } from '@ecare/shared/offers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/offres: the plan catalogue (reference data). */
export function fetchOffers(signal?: AbortSignal): Promise<Offer[]> {
  return apiRequest('/api/offres', { schema: offerListSchema, signal });
}

export const offersQueryOptions = () =>
  queryOptions({
    queryKey: ['offers'],
    queryFn: ({ signal }) => fetchOffers(signal),
    // Reference data: it changes with a release, not during a visit.
    staleTime: 30 * 60_000,
  });

export function useOffers() {
  return useQuery(offersQueryOptions());
}
