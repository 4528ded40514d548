import { esimResponseSchema, type EsimResponse } from '@ecare/shared/esim';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /api/consulterqrcode/{cipher}: the eSIM an e-mailed link names, without a session. Read
 * once per visit by the page's loader (each opening is recorded), never cached.
 */
export function fetchEsimByLink(cipher: string, signal?: AbortSignal): Promise<EsimResponse> {
  return apiRequest(`/api/consulterqrcode/${encodeURIComponent(cipher)}`, { schema: esimResponseSchema, signal });
}
