import { hashConfidentialCode } from '@ecare/shared/auth';
import { okResponseSchema } from '@ecare/shared/errors';
import type { UpdatePasswordRequest } from '@ecare/shared/password';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface CreateCodeInput {
  guid: string;
  /** Address the link belongs to (from the guid check): the salt of the hash. */
  email: string;
  /** The code as typed. */
  code: string;
}

/**
 * POST /api/clients/update_password: the code hashed for the link's address, and the typed
 * code once so the server can check every rule (decision 007).
 */
export async function createCode({ guid, email, code }: CreateCodeInput): Promise<{ ok: true }> {
  const body: UpdatePasswordRequest = { guid, Password: await hashConfidentialCode(email, code), codeConfidentiel: code };
  return apiRequest('/api/clients/update_password', { method: 'POST', json: body, schema: okResponseSchema });
}

export function useCreateCode() {
  return useMutation({ mutationFn: createCode });
}
