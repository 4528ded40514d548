import type { ResetRequest } from '@ecare/shared/password';
import { apiRequest, type Parser } from '../../../lib/api-client.ts';

/** The answer is a bare JSON boolean, which no shared schema describes. */
const booleanAnswer: Parser<boolean> = {
  parse(data) {
    if (typeof data !== 'boolean') throw new TypeError('boolean expected');
    return data;
  },
};

/** POST /api/clients/reinit_mdp/autorise: false while a reset of this address is pending. */
export function checkResetAllowed(request: ResetRequest): Promise<boolean> {
  return apiRequest('/api/clients/reinit_mdp/autorise', { method: 'POST', json: request, schema: booleanAnswer });
}
