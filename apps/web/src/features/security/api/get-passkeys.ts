import { passkeyListSchema, type Passkey } from '@ecare/shared/security';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityOverviewQueryOptions } from './get-security.ts';

/** GET /api/securite/passkeys: the signed-in user's passkeys, oldest first. */
export function fetchPasskeys(signal?: AbortSignal): Promise<Passkey[]> {
  return apiRequest('/api/securite/passkeys', { schema: passkeyListSchema, signal });
}

export const passkeysQueryOptions = () =>
  queryOptions({
    queryKey: ['security', 'passkeys'],
    queryFn: ({ signal }) => fetchPasskeys(signal),
  });

export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}

/** After a passkey was added, renamed or removed: the list and the overview (factors, recovery codes) are read again. */
export async function passkeysChanged(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: passkeysQueryOptions().queryKey }),
    client.invalidateQueries({ queryKey: securityOverviewQueryOptions().queryKey }),
  ]);
}
