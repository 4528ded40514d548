import { thresholdsAnswerSchema } from '@ecare/shared/usage-alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Whose thresholds: a billing account's, or one line's (its own, or those it follows). */
export type ThresholdsOwner = { kind: 'account'; idClientBscs: number } | { kind: 'line'; idContrat: number };

export const thresholdsPath = (owner: ThresholdsOwner) => (owner.kind === 'account' ? `/api/clients/${owner.idClientBscs}/seuils` : `/api/lignes/${owner.idContrat}/seuils`);
export const THRESHOLDS_KEY = ['usage-thresholds'] as const;

export const thresholdsQueryOptions = (owner: ThresholdsOwner) =>
  queryOptions({
    queryKey: [...THRESHOLDS_KEY, owner],
    queryFn: ({ signal }) => apiRequest(thresholdsPath(owner), { schema: thresholdsAnswerSchema, signal }),
    staleTime: 60_000,
  });

/** GET /api/clients/{idClientBscs}/seuils or /api/lignes/{idContrat}/seuils. */
export function useThresholds(owner: ThresholdsOwner) {
  return useQuery(thresholdsQueryOptions(owner));
}
