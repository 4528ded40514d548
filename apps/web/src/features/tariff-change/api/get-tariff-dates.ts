import { tariffChangeDatesSchema, type TariffChangeDates } from '@ecare/shared/tariff-change';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tariffChangeKey } from './tariff-change-cache.ts';

/** GET /api/chgmttarif/dates-effet/{idContrat}?idOffreCible=: the dates and DR14 choices for a target. */
export function fetchTariffDates(idContrat: number, idOffreCible: number, signal?: AbortSignal): Promise<TariffChangeDates> {
  return apiRequest(`/api/chgmttarif/dates-effet/${idContrat}?idOffreCible=${idOffreCible}`, { schema: tariffChangeDatesSchema, signal });
}

export function useTariffDates(idContrat: number, idOffreCible: number | null) {
  return useQuery({
    queryKey: [...tariffChangeKey('dates', idContrat), idOffreCible],
    queryFn: ({ signal }) => fetchTariffDates(idContrat, idOffreCible ?? 0, signal),
    enabled: idOffreCible !== null,
    staleTime: 60_000,
  });
}
