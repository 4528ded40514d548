import { hashConfidentialCode } from '@ecare/shared/auth';
import { okResponseSchema } from '@ecare/shared/errors';
import type { EmailChangeRequest } from '@ecare/shared/email-change';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface EmailChangeInput {
  currentEmail: string;
  newEmail: string;
  /** The confidential code as typed, re-entered because the hash is salted with the identifier. */
  code: string;
}

/**
 * POST /api/utilisateurs/email: the code hashed for the current address (checked) and for the
 * new one (stored once the change is confirmed from the new address).
 */
export async function requestEmailChange({ currentEmail, newEmail, code }: EmailChangeInput): Promise<{ ok: true }> {
  const nouvelEmail = newEmail.trim();
  const [ancienPassword, Password] = await Promise.all([
    hashConfidentialCode(currentEmail, code),
    hashConfidentialCode(nouvelEmail, code),
  ]);
  const body: EmailChangeRequest = { nouvelEmail, ancienPassword, Password };
  return apiRequest('/api/utilisateurs/email', { method: 'POST', json: body, schema: okResponseSchema });
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}
