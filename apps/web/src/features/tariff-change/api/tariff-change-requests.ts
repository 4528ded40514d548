import {
  tariffChangeBlockSchema,
  tariffChangeDatesSchema,
  tariffChangeInProgressSchema,
  tariffChangeSchema,
  tariffTargetsSchema,
  type TariffChangeAnswer,
  type TariffChangeRequest,
} from '@ecare/shared/tariff-change';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/chgmttarif/offres/{idContrat}: the current plan and the plans the line may move to. */
export const targetsQueryOptions = (idContrat: number) =>
  queryOptions({
    queryKey: ['tariff-change', 'targets', idContrat],
    queryFn: ({ signal }) => apiRequest(`/api/chgmttarif/offres/${idContrat}`, { schema: tariffTargetsSchema, signal }),
    staleTime: 60_000,
  });

/** GET /api/chgmttarif/blocage/{idContrat}: what stops a change now (unpaid balance first), and whether it may apply today. */
export const blockQueryOptions = (idContrat: number) =>
  queryOptions({
    queryKey: ['tariff-change', 'block', idContrat],
    queryFn: ({ signal }) => apiRequest(`/api/chgmttarif/blocage/${idContrat}`, { schema: tariffChangeBlockSchema, signal }),
    staleTime: 30_000,
  });

/** GET /api/chgmttarif/en-cours/{idContrat}: the pending change, if any. */
export const inProgressQueryOptions = (idContrat: number) =>
  queryOptions({
    queryKey: ['tariff-change', 'in-progress', idContrat],
    queryFn: ({ signal }) => apiRequest(`/api/chgmttarif/en-cours/${idContrat}`, { schema: tariffChangeInProgressSchema, signal }),
    staleTime: 30_000,
  });

export const useTariffTargets = (idContrat: number, enabled = true) => useQuery({ ...targetsQueryOptions(idContrat), enabled });
export const useTariffBlock = (idContrat: number) => useQuery(blockQueryOptions(idContrat));
export const useTariffInProgress = (idContrat: number) => useQuery(inProgressQueryOptions(idContrat));

/** GET /api/chgmttarif/dates-effet/{idContrat}?idOffreCible=: the dates and DR14 choices for a target. */
export function useTariffDates(idContrat: number, idOffreCible: number | null) {
  return useQuery({
    queryKey: ['tariff-change', 'dates', idContrat, idOffreCible],
    queryFn: ({ signal }) =>
      apiRequest(`/api/chgmttarif/dates-effet/${idContrat}?idOffreCible=${idOffreCible ?? 0}`, { schema: tariffChangeDatesSchema, signal }),
    enabled: idOffreCible !== null,
    staleTime: 60_000,
  });
}

/** What a recorded or cancelled change changes on the pages: the pending change, the block, the line and its plans. */
function refresh(client: QueryClient, change: TariffChangeAnswer) {
  client.setQueryData(inProgressQueryOptions(change.idContrat).queryKey, {
    enCours: change.statut === 'EN_ATTENTE',
    changement: change.statut === 'EN_ATTENTE' ? change : null,
  });
  void client.invalidateQueries({ queryKey: ['tariff-change', 'block', change.idContrat] });
  void client.invalidateQueries({ queryKey: ['tariff-change', 'targets', change.idContrat] });
  void client.invalidateQueries({ queryKey: ['tariff-change', 'dates', change.idContrat] });
  void client.invalidateQueries({ queryKey: ['lines'] });
}

/** POST /api/chgmttarif/enregistrer. */
export function useSubmitTariffChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: TariffChangeRequest) => apiRequest('/api/chgmttarif/enregistrer', { method: 'POST', json: request, schema: tariffChangeSchema }),
    onSuccess: (change) => refresh(client, change),
  });
}

/** POST /api/chgmttarif/annuler. */
export function useCancelTariffChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (idChangement: number) => apiRequest('/api/chgmttarif/annuler', { method: 'POST', json: { idChangement }, schema: tariffChangeSchema }),
    onSuccess: (change) => refresh(client, change),
  });
}

/** Where a change's page is: `/mon-forfait/changer-de-forfait/{idContrat}`. */
export const tariffChangePath = (idContrat: number) => `/mon-forfait/changer-de-forfait/${idContrat}`;
