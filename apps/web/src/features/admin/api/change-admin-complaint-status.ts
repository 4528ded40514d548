import { adminComplaintSchema, type AdminComplaint, type AdminComplaintStatusBody } from '@ecare/shared/admin-complaints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_COMPLAINTS_PATH } from './get-admin-complaints.ts';

/** PUT /api/admin/reclamations/{reference}/statut: the new status, and a reply e-mailed to the complaint's author. */
export function changeAdminComplaintStatus(reference: string, body: AdminComplaintStatusBody): Promise<AdminComplaint> {
  return apiRequest(`${ADMIN_COMPLAINTS_PATH}/${encodeURIComponent(reference)}/statut`, { method: 'PUT', json: body, schema: adminComplaintSchema });
}

export function useChangeAdminComplaintStatus(reference: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminComplaintStatusBody) => changeAdminComplaintStatus(reference, body),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'complaints'] }),
  });
}
