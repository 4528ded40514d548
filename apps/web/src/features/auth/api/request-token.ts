import { tokenResponseSchema, type TokenResponse } from '@ecare/shared/auth';
import { apiRequest } from '../../../lib/api-client.ts';

export interface TokenRequestInput {
  username: string;
  /** Already hashed with hashConfidentialCode; the typed code never leaves the browser. */
  password: string;
  captcha?: string;
  ip?: string;
}

/** POST /api/token, OAuth2 password grant sent form-urlencoded. */
export function requestToken(input: TokenRequestInput): Promise<TokenResponse> {
  return apiRequest('/api/token', {
    method: 'POST',
    form: {
      username: input.username,
      password: input.password,
      grant_type: 'password',
      captcha: input.captcha ?? '',
      ip: input.ip ?? '',
    },
    schema: tokenResponseSchema,
  });
}
