import { recoveryCodesSchema, type RecoveryCodes, type TotpCodeRequest } from '@ecare/shared/security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityOverviewQueryOptions } from './get-security.ts';

/** POST /api/securite/totp/confirmation: the app's first code turns it on; answers the recovery codes, given this once. */
export function confirmTotp(body: TotpCodeRequest): Promise<RecoveryCodes> {
  return apiRequest('/api/securite/totp/confirmation', { method: 'POST', json: body, schema: recoveryCodesSchema });
}

export function useConfirmTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    onSuccess: () => client.invalidateQueries({ queryKey: securityOverviewQueryOptions().queryKey }),
  });
}
