import { newPhoneEligibilitySchema, type NewPhoneEligibility } from '@ecare/shared/new-phone';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/nouveau-telephone/{idContrat}/eligibilite: the line, whether it may order, and the price it pays. */
export function fetchEligibility(idContrat: number, signal?: AbortSignal): Promise<NewPhoneEligibility> {
  return apiRequest(`/api/nouveau-telephone/${idContrat}/eligibilite`, { schema: newPhoneEligibilitySchema, signal });
}

export const eligibilityQueryOptions = (idContrat: number) =>
  queryOptions({
    queryKey: ['new-phone', 'eligibility', idContrat],
    queryFn: ({ signal }) => fetchEligibility(idContrat, signal),
    staleTime: 30_000,
  });

export const useEligibility = (idContrat: number) => useQuery(eligibilityQueryOptions(idContrat));
