import { alertSchema, type Alert, type AlertUpdate } from '@ecare/shared/usage-alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ALERTS_KEY } from './get-alerts.ts';

/** PUT /api/alertes/{idAlerte}: seen or resolved. */
export function updateAlert(idAlerte: number, update: AlertUpdate): Promise<Alert> {
  return apiRequest(`/api/alertes/${idAlerte}`, { method: 'PUT', json: update, schema: alertSchema });
}

export function useUpdateAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ idAlerte, statut }: { idAlerte: number; statut: AlertUpdate['statut'] }) => updateAlert(idAlerte, { statut }),
    onSuccess: () => client.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
}
