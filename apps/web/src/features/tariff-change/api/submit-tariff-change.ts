import { tariffChangeSchema, type TariffChangeAnswer, type TariffChangeRequest } from '@ecare/shared/tariff-change';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tariffChangeChanged } from './tariff-change-cache.ts';

/** POST /api/chgmttarif/enregistrer. */
export function submitTariffChange(request: TariffChangeRequest): Promise<TariffChangeAnswer> {
  return apiRequest('/api/chgmttarif/enregistrer', { method: 'POST', json: request, schema: tariffChangeSchema });
}

export function useSubmitTariffChange() {
  const client = useQueryClient();
  return useMutation({ mutationFn: submitTariffChange, onSuccess: (change) => tariffChangeChanged(client, change) });
}
