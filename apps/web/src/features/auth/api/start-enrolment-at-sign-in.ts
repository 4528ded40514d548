import { MFA_TOKEN_HEADER, totpEnrolmentSchema, type TotpEnrolment } from '@ecare/shared/security';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/securite/totp/inscription with the `X-Mfa-Token` of a sign-in that requires an
 * enrolment (decision 057), no session yet: the new app's secret and QR code; its first code is
 * the sign-in's second step (`mfa_otp`).
 */
export function startEnrolmentAtSignIn(mfaToken: string): Promise<TotpEnrolment> {
  return apiRequest('/api/securite/totp/inscription', { method: 'POST', headers: { [MFA_TOKEN_HEADER]: mfaToken }, schema: totpEnrolmentSchema });
}
