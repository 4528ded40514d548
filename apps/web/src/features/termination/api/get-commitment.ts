import { terminationCommitmentSchema, type TerminationCommitment } from '@ecare/shared/termination';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/resiliation/engagement/{idContrat}: commitment, effective dates, obstacles, right to submit. */
export function fetchCommitment(idContrat: number, signal?: AbortSignal): Promise<TerminationCommitment> {
  return apiRequest(`/api/resiliation/engagement/${idContrat}`, { schema: terminationCommitmentSchema, signal });
}

export const commitmentQueryOptions = (idContrat: number) =>
  queryOptions({ queryKey: ['termination', 'commitment', idContrat], queryFn: ({ signal }) => fetchCommitment(idContrat, signal), staleTime: 30_000 });

export function useCommitment(idContrat: number) {
  return useQuery(commitmentQueryOptions(idContrat));
}
