import { recoveryCodesSchema, type RecoveryCodes } from '@ecare/shared/security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityActivityQueryOptions } from './get-security-activity.ts';
import { securityOverviewQueryOptions } from './get-security.ts';

/** POST /api/securite/codes-secours: ten new recovery codes, which replace the old ones; given this once. */
export function regenerateRecoveryCodes(): Promise<RecoveryCodes> {
  return apiRequest('/api/securite/codes-secours', { method: 'POST', schema: recoveryCodesSchema });
}

export function useRegenerateRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: securityOverviewQueryOptions().queryKey }),
        client.invalidateQueries({ queryKey: securityActivityQueryOptions().queryKey }),
      ]),
  });
}
