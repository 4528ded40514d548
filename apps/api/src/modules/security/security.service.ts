import QRCode from 'qrcode';
import {
  MFA_GRANT_TYPES,
  MFA_TOKEN_MAX_FAILURES,
  MFA_TOKEN_TTL_MS,
  SECURITY_TEXTS,
  mfaTokenRequestSchema,
  type MfaMethod,
  type MfaRequired,
  type MfaTokenRequest,
  type RecoveryCodes,
  type TokenEndpointRequest,
  type SecurityOverview,
  type TotpEnrolment,
} from '@ecare/shared';
import type { ServiceCore } from '../../core/core.ts';
import { AppError, fail } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.ts';
import type { PasskeysService } from './passkeys.service.ts';
import type { SecretBox } from './secret-box.ts';
import { recoveryCodeUsedMail, totpEnrolledMail, totpRemovedMail } from './security.mails.ts';
import type { SecurityRepository } from './security.repository.ts';
import { matchTotpStep, newTotpSecret, totpUrl } from './totp.ts';

export interface SecurityServiceDeps extends ServiceCore {
  repo: SecurityRepository;
  box: SecretBox;
  /** The user's passkeys (decision 056): another second factor. */
  passkeys: Pick<PasskeysService, 'count' | 'useForSecondStep'>;
}

/** The signed-in user acting on their own second factor. */
export interface SecurityUser {
  id: number;
  email: string;
}

type Outcome = 'accepted' | 'refused';

/** The refusal of a wrong answer, by second-step grant. */
const REFUSALS = { mfa_otp: 'MFA_OTP_INVALID', mfa_recovery_code: 'MFA_RECOVERY_CODE_INVALID', mfa_passkey: 'MFA_PASSKEY_INVALID' } as const;

/** The counters of second steps: those of the login (limits.ts), under an identifier of their own per user. */
const secondStepIdentifier = (userId: number) => `mfa:${userId}`;

export function createSecurityService(deps: SecurityServiceDeps) {
  const { repo, box, clock, limits, passkeys } = deps;
  const securityInfoLink = `${deps.publicUrl}/ecare/info-securite-ecare`;
  // The sealed secret is bound to its owner: a row copied onto another user does not open.
  const seal = (userId: number, secret: string) => box.seal(secret, `totp:${userId}`);
  const open = (userId: number, sealed: string) => box.open(sealed, `totp:${userId}`);

  /** The signed-in user's own code checks: their failures (with those of their confidential code) slow them down. */
  async function assertCodeCheckAllowed(userId: number): Promise<void> {
    try {
      await limits.assertCodeCheckAllowed(userId);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'CODE_CHECK_BACKOFF' || error.retryAfterSeconds === undefined) throw error;
      const seconds = error.retryAfterSeconds;
      throw fail('TOTP_CODE_BACKOFF', { values: { seconds }, retryAfterSeconds: seconds });
    }
  }

  async function codeRefused(userId: number): Promise<never> {
    await limits.codeCheckFailed(userId);
    throw fail('TOTP_CODE_INVALID');
  }

  /** An authenticator code against the user's confirmed app, without replay; then it is used up. */
  async function useOtp(userId: number, otp: string, challengeId: number, now: Date): Promise<Outcome> {
    const factor = await repo.findFactor(userId);
    const secret = factor?.confirmedAt ? open(userId, factor.secretEncrypted) : null;
    const code = otp.replace(/\s+/g, '');
    const step = factor && secret && /^\d{6}$/.test(code) ? matchTotpStep(secret, code, now, factor.lastStep) : null;
    if (step === null) return 'refused';
    return deps.transaction(async (tx) => {
      // Another request took this step (or a later one) since the read above: a replay.
      if (!(await repo.advanceStep(userId, step, tx))) return 'refused';
      if (!(await repo.claimChallenge(challengeId, now, tx))) throw fail('MFA_TOKEN_INVALID');
      return 'accepted';
    });
  }

  async function useRecoveryCode(userId: number, recoveryCode: string, challengeId: number, now: Date, ip: string): Promise<Outcome> {
    const user = await repo.findUser(userId);
    if (!user) return 'refused';
    return deps.transaction(async (tx) => {
      if (!(await repo.useRecoveryCode(userId, recoveryCodeHash(recoveryCode), now, tx))) return 'refused';
      if (!(await repo.claimChallenge(challengeId, now, tx))) throw fail('MFA_TOKEN_INVALID');
      const remaining = await repo.countUnusedRecoveryCodes(userId, tx);
      await deps.audit.record({ userId, action: 'CONNEXION_CODE_SECOURS', sourceAddress: ip, details: { codesRestants: remaining } }, { tx });
      await deps.mail.send(user.email, recoveryCodeUsedMail(deps.brandName, securityInfoLink, remaining), { tx });
      return 'accepted';
    });
  }

  return {
    /** Starts (or restarts) the enrolment of an authenticator app; pending until confirmed with a code. */
    /** GET /api/securite: whether the user's authenticator app is confirmed, since when, and their recovery codes left. */
    async overview(userId: number): Promise<SecurityOverview> {
      const factor = await repo.findFactor(userId);
      const confirmed = factor?.confirmedAt ?? null;
      const [codesDeSecoursRestants, passkeyCount] = await Promise.all([repo.countUnusedRecoveryCodes(userId), passkeys.count(userId)]);
      return { totp: { actif: confirmed !== null, depuis: confirmed?.toISOString() ?? null }, codesDeSecoursRestants, passkeys: passkeyCount };
    },

    async enrol(user: SecurityUser): Promise<TotpEnrolment> {
      const factor = await repo.findFactor(user.id);
      if (factor?.confirmedAt) throw fail('TOTP_ALREADY_ENROLLED');
      const secret = newTotpSecret();
      if (!(await repo.savePending(user.id, seal(user.id, secret), clock.now()))) throw fail('TOTP_ALREADY_ENROLLED');
      const otpauthUrl = totpUrl(secret, deps.brandName, user.email);
      // As the eSIM's QR code: medium correction, 8 px a module, the standard quiet zone.
      const qrCode = await QRCode.toDataURL(otpauthUrl, { type: 'image/png', errorCorrectionLevel: 'M', margin: 4, scale: 8 });
      return { secret, otpauthUrl, qrCode };
    },

    /** Confirms the pending enrolment with a first code: the app becomes the second factor, and the recovery codes are given once. */
    async confirm(user: SecurityUser, code: string, ip: string): Promise<RecoveryCodes> {
      await assertCodeCheckAllowed(user.id);
      const factor = await repo.findFactor(user.id);
      const secret = factor && !factor.confirmedAt ? open(user.id, factor.secretEncrypted) : null;
      if (!factor || !secret) throw fail('TOTP_NO_PENDING');
      const now = clock.now();
      const step = matchTotpStep(secret, code, now, null);
      if (step === null) return codeRefused(user.id);
      const codes = newRecoveryCodes();
      await deps.transaction(async (tx) => {
        if (!(await repo.confirm(user.id, factor.secretEncrypted, step, now, tx))) throw fail('TOTP_NO_PENDING');
        await repo.replaceRecoveryCodes(user.id, codes.map(recoveryCodeHash), now, tx);
        await deps.audit.record({ userId: user.id, action: 'INSCRIPTION_TOTP', sourceAddress: ip }, { tx });
        await deps.mail.send(user.email, totpEnrolledMail(deps.brandName, securityInfoLink), { tx });
      });
      return { codesDeSecours: codes };
    },

    /** Removes the authenticator app and its recovery codes, on a current code of it. */
    async remove(user: SecurityUser, code: string, ip: string): Promise<void> {
      await assertCodeCheckAllowed(user.id);
      const factor = await repo.findFactor(user.id);
      if (!factor?.confirmedAt) throw fail('TOTP_NOT_ENROLLED');
      const secret = open(user.id, factor.secretEncrypted);
      const now = clock.now();
      const step = secret ? matchTotpStep(secret, code, now, factor.lastStep) : null;
      if (step === null) return codeRefused(user.id);
      // The recovery codes stay while passkeys remain (decision 056).
      const lastFactor = (await passkeys.count(user.id)) === 0;
      await deps.transaction(async (tx) => {
        if (!(await repo.advanceStep(user.id, step, tx))) throw fail('TOTP_CODE_INVALID');
        await repo.removeFactor(user.id, tx, { keepRecoveryCodes: !lastFactor });
        await deps.audit.record({ userId: user.id, action: 'SUPPRESSION_TOTP', sourceAddress: ip }, { tx });
        await deps.mail.send(user.email, totpRemovedMail(deps.brandName, securityInfoLink, lastFactor), { tx });
      });
    },

    /** The second step a sign-in's right code opens, for a user with a confirmed second factor; null otherwise. */
    async challenge(userId: number): Promise<MfaRequired | null> {
      const [totp, passkeyCount, codes] = await Promise.all([repo.hasConfirmedFactor(userId), passkeys.count(userId), repo.countUnusedRecoveryCodes(userId)]);
      if (!totp && passkeyCount === 0) return null;
      const methodes: MfaMethod[] = [...(totp ? ['totp' as const] : []), ...(passkeyCount > 0 ? ['passkey' as const] : []), ...(codes > 0 ? ['secours' as const] : [])];
      const token = newToken();
      const now = clock.now();
      await repo.createChallenge({ tokenHash: hashToken(token), userId, createdAt: now, expiresAt: new Date(now.getTime() + MFA_TOKEN_TTL_MS) });
      const description = passkeyCount > 0 ? SECURITY_TEXTS.mfaRequiredWithPasskey : SECURITY_TEXTS.mfaRequired;
      return { error: 'mfa_required', error_description: description, mfa_token: token, methodes };
    },

    /**
     * Checks a second step (`mfa_otp`, `mfa_recovery_code`) and uses its `mfa_token` up: the user
     * to sign in. A wrong answer keeps the token (up to MFA_TOKEN_MAX_FAILURES) and counts like a
     * wrong code at login, per user and source: that source waits, the others do not.
     */
    async verifySecondStep(request: TokenEndpointRequest, ip: string): Promise<number> {
      const parsed = mfaTokenRequestSchema.safeParse(request);
      if (!parsed.success) {
        throw fail((MFA_GRANT_TYPES as readonly string[]).includes(request.grant_type) ? 'INVALID_REQUEST' : 'UNSUPPORTED_GRANT_TYPE');
      }
      const body: MfaTokenRequest = parsed.data;
      const now = clock.now();
      const challenge = await repo.findChallenge(hashToken(body.mfa_token), now);
      if (!challenge) throw fail('MFA_TOKEN_INVALID');
      const identifier = secondStepIdentifier(challenge.userId);
      const gate = await limits.checkLogin(identifier, ip);
      if (challenge.failures >= MFA_TOKEN_MAX_FAILURES) throw fail('MFA_TOKEN_INVALID');
      const outcome =
        body.grant_type === 'mfa_otp'
          ? await useOtp(challenge.userId, body.otp, challenge.id, now)
          : body.grant_type === 'mfa_passkey'
            ? await passkeys.useForSecondStep(challenge.userId, body.assertion, challenge.id, now)
            : await useRecoveryCode(challenge.userId, body.recovery_code, challenge.id, now, ip);
      if (outcome === 'refused') {
        await Promise.all([limits.loginFailed(identifier, gate), repo.countChallengeFailure(challenge.id)]);
        throw fail(REFUSALS[body.grant_type]);
      }
      await limits.loginSucceeded(gate);
      return challenge.userId;
    },
  };
}
export type SecurityService = ReturnType<typeof createSecurityService>;
