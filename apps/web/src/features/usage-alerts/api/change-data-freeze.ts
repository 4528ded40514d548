import { dataFreezeSchema, type DataFreeze } from '@ecare/shared/usage-alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ALERTS_KEY } from './get-alerts.ts';
import { dataFreezePath, dataFreezeQueryOptions } from './get-data-freeze.ts';

/** POST (freeze) or DELETE (lift) /api/lignes/{idContrat}/blocage-data. */
export function useChangeDataFreeze(idContrat: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (freeze: boolean): Promise<DataFreeze> => apiRequest(dataFreezePath(idContrat), { method: freeze ? 'POST' : 'DELETE', schema: dataFreezeSchema }),
    onSuccess: (state) => {
      client.setQueryData(dataFreezeQueryOptions(idContrat).queryKey, state);
      return client.invalidateQueries({ queryKey: ALERTS_KEY });
    },
  });
}
