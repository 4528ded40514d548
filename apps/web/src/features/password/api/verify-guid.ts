import { guidCheckSchema } from '@ecare/shared/password';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/guid/verifier/{guid}: whether an e-mailed link is still valid, and for which address. */
export function verifyGuid(guid: string, signal?: AbortSignal): Promise<{ ok: boolean; email: string }> {
  return apiRequest(`/api/guid/verifier/${encodeURIComponent(guid)}`, { schema: guidCheckSchema, signal });
}
