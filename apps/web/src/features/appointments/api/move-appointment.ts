import { appointmentSchema, type Appointment } from '@ecare/shared/appointments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { appointmentsChanged } from './appointments-cache.ts';

/** PUT /api/rdv/{idRdv}: the appointment to another free slot. */
export function moveAppointment({ idRdv, debut }: { idRdv: number; debut: string }): Promise<Appointment> {
  return apiRequest(`/api/rdv/${idRdv}`, { method: 'PUT', json: { debut }, schema: appointmentSchema });
}

export function useMoveAppointment() {
  const client = useQueryClient();
  return useMutation({ mutationFn: moveAppointment, onSettled: () => appointmentsChanged(client) });
}
