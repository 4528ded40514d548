import { alertsAnswerSchema, type AlertsAnswer, type AlertStatus } from '@ecare/shared/usage-alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Whose alerts: a billing account's (its managers) or one line's (its user too). */
export type AlertsOwner = { kind: 'account'; idClientBscs: number } | { kind: 'line'; idContrat: number };

/** How often the new alerts are read again on a page left open (the bell): the guard evaluates within seconds. */
export const ALERTS_REFRESH_MS = 60_000;

const ownerPath = (owner: AlertsOwner) => (owner.kind === 'account' ? `/api/clients/${owner.idClientBscs}/alertes` : `/api/lignes/${owner.idContrat}/alertes`);

/** GET /api/clients/{idClientBscs}/alertes or /api/lignes/{idContrat}/alertes, of one status or all. */
export function fetchAlerts(owner: AlertsOwner, statut: AlertStatus | undefined, signal?: AbortSignal): Promise<AlertsAnswer> {
  const query = statut ? `?statut=${statut}` : '';
  return apiRequest(`${ownerPath(owner)}${query}`, { schema: alertsAnswerSchema, signal });
}

/** The key of every alerts list: what a change of an alert refreshes. */
export const ALERTS_KEY = ['usage-alerts'] as const;

export const alertsQueryOptions = (owner: AlertsOwner | null, statut?: AlertStatus) =>
  queryOptions({
    queryKey: [...ALERTS_KEY, owner, statut ?? 'TOUTES'],
    queryFn: ({ signal }) => {
      if (!owner) throw new Error('no alerts owner');
      return fetchAlerts(owner, statut, signal);
    },
    enabled: owner !== null,
    staleTime: 30_000,
  });

export function useAlerts(owner: AlertsOwner | null, statut?: AlertStatus, options: { poll?: boolean } = {}) {
  return useQuery({ ...alertsQueryOptions(owner, statut), refetchInterval: options.poll ? ALERTS_REFRESH_MS : false });
}
