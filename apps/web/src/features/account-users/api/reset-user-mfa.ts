import { okResponseSchema } from '@ecare/shared/errors';
import type { MfaResetRequest } from '@ecare/shared/security-activity';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface ResetUserMfaInput {
  idClientBscs: number;
  userId: number;
  body: MfaResetRequest;
}

/**
 * POST /api/clients/{idClientBscs}/utilisateurs/{id}/reinitialisation-mfa: an agent in the
 * customer's session removes the person's second factors and recovery codes (decision 058).
 */
export async function resetUserMfa({ idClientBscs, userId, body }: ResetUserMfaInput): Promise<void> {
  await apiRequest(`/api/clients/${idClientBscs}/utilisateurs/${userId}/reinitialisation-mfa`, { method: 'POST', json: body, schema: okResponseSchema });
}

export function useResetUserMfa() {
  return useMutation({ mutationFn: resetUserMfa });
}
