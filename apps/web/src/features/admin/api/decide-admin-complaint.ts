import { adminComplaintSchema, type AdminComplaint } from '@ecare/shared/admin-complaints';
import type { AdminComplaintDecisionBody } from '@ecare/shared/credit-notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_COMPLAINTS_PATH } from './get-admin-complaints.ts';

/**
 * POST /api/admin/reclamations/{reference}/decision: the complaint's one decision, with the
 * credit note it issues when accepted with one; answers the complaint as it now stands.
 */
export function decideAdminComplaint(reference: string, body: AdminComplaintDecisionBody): Promise<AdminComplaint> {
  return apiRequest(`${ADMIN_COMPLAINTS_PATH}/${encodeURIComponent(reference)}/decision`, { method: 'POST', json: body, schema: adminComplaintSchema });
}

export function useDecideAdminComplaint(reference: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminComplaintDecisionBody) => decideAdminComplaint(reference, body),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'complaints'] }),
  });
}
