import { tokenResponseSchema, type TokenResponse } from '@ecare/shared/auth';
import { apiRequest } from '../../../lib/api-client.ts';

/** The second factor given after `POST /api/token` answered `mfa_required`. */
export type SecondFactor =
  | { kind: 'totp'; otp: string }
  | { kind: 'secours'; recoveryCode: string }
  /** A passkey's signature (AuthenticationResponseJSON as JSON text, decision 056). */
  | { kind: 'passkey'; assertion: string };

export interface MfaTokenRequestInput {
  /** The `mfa_token` of the refused first step. */
  mfaToken: string;
  factor: SecondFactor;
}

/**
 * POST /api/token with `grant_type=mfa_otp`, `mfa_recovery_code` or `mfa_passkey`, form-urlencoded as the
 * password grant; answers the same token as a login without a second factor.
 */
export function requestMfaToken({ mfaToken, factor }: MfaTokenRequestInput): Promise<TokenResponse> {
  const form: Record<string, string> =
    factor.kind === 'totp'
      ? { grant_type: 'mfa_otp', mfa_token: mfaToken, otp: factor.otp }
      : factor.kind === 'passkey'
        ? { grant_type: 'mfa_passkey', mfa_token: mfaToken, assertion: factor.assertion }
        : { grant_type: 'mfa_recovery_code', mfa_token: mfaToken, recovery_code: factor.recoveryCode };
  return apiRequest('/api/token', { method: 'POST', form, schema: tokenResponseSchema });
}
