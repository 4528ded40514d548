import { totpRemovalSchema, type TotpCodeRequest } from '@ecare/shared/security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityOverviewQueryOptions } from './get-security.ts';

/** DELETE /api/securite/totp with a current code: the app and its recovery codes no longer sign in. */
export async function removeTotp(body: TotpCodeRequest): Promise<void> {
  await apiRequest('/api/securite/totp', { method: 'DELETE', json: body, schema: totpRemovalSchema });
}

export function useRemoveTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeTotp,
    onSuccess: () => client.invalidateQueries({ queryKey: securityOverviewQueryOptions().queryKey }),
  });
}
