import { appointmentSchema, type Appointment, type BookAppointment } from '@ecare/shared/appointments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { appointmentsChanged } from './appointments-cache.ts';

/** POST /api/rdv/reserver: the slot, for the line, with the reason and the number to call. */
export function bookAppointment(input: BookAppointment): Promise<Appointment> {
  return apiRequest('/api/rdv/reserver', { method: 'POST', json: input, schema: appointmentSchema });
}

export function useBookAppointment() {
  const client = useQueryClient();
  return useMutation({ mutationFn: bookAppointment, onSettled: () => appointmentsChanged(client) });
}
