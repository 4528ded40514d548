import { tariffAccountTargetsSchema, type TariffAccountTargets } from '@ecare/shared/tariff-change';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/clients/{idClientBscs}/chgmttarif/offres: the plans the account's lines may move to (a bulk plan change). */
export function fetchAccountTariffTargets(idClientBscs: number, signal?: AbortSignal): Promise<TariffAccountTargets> {
  return apiRequest(`/api/clients/${idClientBscs}/chgmttarif/offres`, { schema: tariffAccountTargetsSchema, signal });
}

export function useAccountTariffTargets(idClientBscs: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['tariff-change', 'account-targets', idClientBscs],
    queryFn: ({ signal }) => fetchAccountTariffTargets(idClientBscs, signal),
    staleTime: 5 * 60_000,
  });
}
