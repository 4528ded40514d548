import { hashConfidentialCode } from '@ecare/shared/auth';
import { okResponseSchema } from '@ecare/shared/errors';
import type { ChangePasswordRequest } from '@ecare/shared/password';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface ChangeCodeInput {
  /** Login address of the signed-in user: the salt of both hashes. */
  email: string;
  oldCode: string;
  newCode: string;
}

/** POST /api/clients/password: the signed-in user's change; the server ends their other sessions. */
export async function changeCode({ email, oldCode, newCode }: ChangeCodeInput): Promise<{ ok: true }> {
  const [ancienPassword, Password] = await Promise.all([
    hashConfidentialCode(email, oldCode),
    hashConfidentialCode(email, newCode),
  ]);
  const body: ChangePasswordRequest = { ancienPassword, Password, codeConfidentiel: newCode };
  return apiRequest('/api/clients/password', { method: 'POST', json: body, schema: okResponseSchema });
}

export function useChangeCode() {
  return useMutation({ mutationFn: changeCode });
}
