import { adminParametersSaveSchema, type AdminParametersBody, type AdminParametersSave } from '@ecare/shared/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_PARAMETERS_PATH, adminParametersQueryOptions } from './get-admin-parameters.ts';

/** PUT /api/admin/parametres: every editable parameter; answers what is stored and what the sanitizer removed. */
export function saveAdminParameters(body: AdminParametersBody): Promise<AdminParametersSave> {
  return apiRequest(ADMIN_PARAMETERS_PATH, { method: 'PUT', json: body, schema: adminParametersSaveSchema });
}

export function useSaveAdminParameters() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveAdminParameters,
    onSuccess: (saved) => {
      client.setQueryData(adminParametersQueryOptions().queryKey, saved.parametres);
      // The frame's banner and footer read the public parameters: they follow at once in this tab.
      void client.invalidateQueries({ queryKey: ['parameters'] });
    },
  });
}
