import { adminParametersSchema, type AdminParameters } from '@ecare/shared/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const ADMIN_PARAMETERS_PATH = '/api/admin/parametres';

/** GET /api/admin/parametres: the editable server parameters (administration users only). */
export function fetchAdminParameters(signal?: AbortSignal): Promise<AdminParameters> {
  return apiRequest(ADMIN_PARAMETERS_PATH, { schema: adminParametersSchema, signal });
}

export const adminParametersQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'parametres'], queryFn: ({ signal }) => fetchAdminParameters(signal), retry: false });

/** `enabled` false: nothing asked yet (not signed in). */
export function useAdminParameters(enabled = true) {
  return useQuery({ ...adminParametersQueryOptions(), enabled });
}
