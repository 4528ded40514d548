import { okResponseSchema } from '@ecare/shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { reportsPath, SCHEDULED_REPORTS_KEY } from './get-scheduled-reports.ts';

/** DELETE …/rapports-programmes/{idRapport}: its sendings stay listed. */
export function useRemoveReport(idClientBscs: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (idRapport: number) => apiRequest(`${reportsPath(idClientBscs)}/${idRapport}`, { method: 'DELETE', schema: okResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: SCHEDULED_REPORTS_KEY }),
  });
}
