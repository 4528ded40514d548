import { appointmentSlotsSchema, type AppointmentLineType, type AppointmentSlots } from '@ecare/shared/appointments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface SlotWindow {
  typeLigne: AppointmentLineType;
  idContrat: number;
  /** First and last day shown (YYYY-MM-DD, Paris). */
  du: string;
  au: string;
}

/** GET /api/rdv/creneaux?typeLigne&idContrat&du&au: the free slots, day by day. */
export function fetchAppointmentSlots({ typeLigne, idContrat, du, au }: SlotWindow, signal?: AbortSignal): Promise<AppointmentSlots> {
  const query = new URLSearchParams({ typeLigne, idContrat: String(idContrat), du, au });
  return apiRequest(`/api/rdv/creneaux?${query.toString()}`, { schema: appointmentSlotsSchema, signal });
}

export const appointmentSlotsQueryOptions = (window: SlotWindow) =>
  queryOptions({
    queryKey: ['appointments', 'slots', window.typeLigne, window.idContrat, window.du, window.au],
    queryFn: ({ signal }) => fetchAppointmentSlots(window, signal),
    // Others book too: a slot list a minute old may offer a taken slot (the booking then says so).
    staleTime: 30_000,
  });

export function useAppointmentSlots(window: SlotWindow) {
  // The week shown stays in place while the next one loads.
  return useQuery({ ...appointmentSlotsQueryOptions(window), placeholderData: keepPreviousData });
}
