import { thresholdsAnswerSchema, type Thresholds, type ThresholdsAnswer } from '@ecare/shared/usage-alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { THRESHOLDS_KEY, thresholdsPath, thresholdsQueryOptions, type ThresholdsOwner } from './get-thresholds.ts';

/** PUT …/seuils (save) or DELETE /api/lignes/{idContrat}/seuils (the line follows its account again). */
export function useSaveThresholds(owner: ThresholdsOwner) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (thresholds: Thresholds | null): Promise<ThresholdsAnswer> =>
      thresholds === null
        ? apiRequest(thresholdsPath(owner), { method: 'DELETE', schema: thresholdsAnswerSchema })
        : apiRequest(thresholdsPath(owner), { method: 'PUT', json: thresholds, schema: thresholdsAnswerSchema }),
    // An account's change moves the lines that follow it: every threshold read is refreshed.
    onSuccess: (saved) => {
      client.setQueryData(thresholdsQueryOptions(owner).queryKey, saved);
      return client.invalidateQueries({ queryKey: THRESHOLDS_KEY });
    },
  });
}
