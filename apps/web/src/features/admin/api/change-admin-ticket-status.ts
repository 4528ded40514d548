import { adminTicketSchema, type AdminTicket, type AdminTicketStatusBody } from '@ecare/shared/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_TICKETS_PATH } from './get-admin-tickets.ts';

/** PUT /api/admin/support/demandes/{reference}/statut: the new status, and a reply e-mailed to the sender. */
export function changeAdminTicketStatus(reference: string, body: AdminTicketStatusBody): Promise<AdminTicket> {
  return apiRequest(`${ADMIN_TICKETS_PATH}/${encodeURIComponent(reference)}/statut`, { method: 'PUT', json: body, schema: adminTicketSchema });
}

export function useChangeAdminTicketStatus(reference: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminTicketStatusBody) => changeAdminTicketStatus(reference, body),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'tickets'] }),
  });
}
