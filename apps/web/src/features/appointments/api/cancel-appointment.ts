import { appointmentSchema, type Appointment } from '@ecare/shared/appointments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { appointmentsChanged } from './appointments-cache.ts';

/** DELETE /api/rdv/{idRdv}: frees its slot; answers it cancelled. */
export function cancelAppointment(idRdv: number): Promise<Appointment> {
  return apiRequest(`/api/rdv/${idRdv}`, { method: 'DELETE', schema: appointmentSchema });
}

export function useCancelAppointment() {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelAppointment, onSettled: () => appointmentsChanged(client) });
}
