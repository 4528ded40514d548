import { appointmentInfosSchema, type AppointmentInfos, type AppointmentLineType } from '@ecare/shared/appointments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/rdv/{typeLigne}/{idContrat}/infos: the line and its appointments to come. */
export function fetchAppointmentInfos(typeLigne: AppointmentLineType, idContrat: number, signal?: AbortSignal): Promise<AppointmentInfos> {
  return apiRequest(`/api/rdv/${typeLigne}/${idContrat}/infos`, { schema: appointmentInfosSchema, signal });
}

export const appointmentInfosQueryOptions = (typeLigne: AppointmentLineType, idContrat: number) =>
  queryOptions({
    queryKey: ['appointments', 'infos', typeLigne, idContrat],
    queryFn: ({ signal }) => fetchAppointmentInfos(typeLigne, idContrat, signal),
    staleTime: 30_000,
  });

export function useAppointmentInfos(typeLigne: AppointmentLineType, idContrat: number) {
  return useQuery(appointmentInfosQueryOptions(typeLigne, idContrat));
}
