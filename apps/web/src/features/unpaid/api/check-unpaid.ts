import { unpaidCheckResponseSchema, type UnpaidCheckRequest, type UnpaidCheckResponse } from '@ecare/shared/unpaid';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/impayes/verifier: whether the journey stops on an unpaid balance, and the message to show. */
export function checkUnpaid(request: UnpaidCheckRequest): Promise<UnpaidCheckResponse> {
  return apiRequest('/api/impayes/verifier', { method: 'POST', json: request, schema: unpaidCheckResponseSchema });
}
