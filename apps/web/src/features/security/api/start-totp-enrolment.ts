import { totpEnrolmentSchema, type TotpEnrolment } from '@ecare/shared/security';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/securite/totp/inscription: a new secret for the authenticator app, with its QR code;
 * it protects nothing until a first code confirms it.
 */
export function startTotpEnrolment(): Promise<TotpEnrolment> {
  return apiRequest('/api/securite/totp/inscription', { method: 'POST', schema: totpEnrolmentSchema });
}

export function useStartTotpEnrolment() {
  return useMutation({ mutationFn: startTotpEnrolment });
}
