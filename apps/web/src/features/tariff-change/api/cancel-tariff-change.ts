import { tariffChangeSchema, type TariffChangeAnswer } from '@ecare/shared/tariff-change';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tariffChangeChanged } from './tariff-change-cache.ts';

/** POST /api/chgmttarif/annuler. */
export function cancelTariffChange(idChangement: number): Promise<TariffChangeAnswer> {
  return apiRequest('/api/chgmttarif/annuler', { method: 'POST', json: { idChangement }, schema: tariffChangeSchema });
}

export function useCancelTariffChange() {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelTariffChange, onSuccess: (change) => tariffChangeChanged(client, change) });
}
