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
import type { AgentTarget, SecondStepResult } from '../auth/index.ts';
import type { EnrolmentRepository } from './enrolment.repository.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.ts';
import type { PasskeysService } from './passkeys.service.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { recoveryCodeUsedMail, totpEnrolledMail, totpRemovedMail } from './security.mails.ts';
import type { SecurityRepository } from './security.repository.ts';
import { matchTotpStep, newTotpSecret, totpUrl } from './totp.ts';

export interface SecurityServiceDeps extends ServiceCore {
  repo: SecurityRepository;
  /** Who must have a second factor, and agents' apps (decision 057). */
  enrolment: EnrolmentRepository;
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

/** The counters of second steps: those of the login (limits.ts), under an identifier of their own per user (or agent). */
const secondStepIdentifier = (subject: { userId: number | null; agentId: number | null }) =>
  subject.agentId !== null ? `mfa-agent:${subject.agentId}` : `mfa:${subject.userId ?? 0}`;

type Challenge = NonNullable<Awaited<ReturnType<SecurityRepository['findChallenge']>>>;

export function createSecurityService(deps: SecurityServiceDeps) {
  const { repo, enrolment, box, clock, limits, passkeys } = deps;
  const securityInfoLink = `${deps.publicUrl}/ecare/info-securite-ecare`;
  // The sealed secret is bound to its owner: a row copied onto another user does not open.
  const seal = (userId: number, secret: string) => box.seal(secret, `totp:${userId}`);
  const open = (userId: number, sealed: string) => box.open(sealed, `totp:${userId}`);
  // An agent's app (decision 057): the same box, bound to the agent.
  const sealForAgent = (agentId: number, secret: string) => box.seal(secret, `agent-totp:${agentId}`);
  const openForAgent = (agentId: number, sealed: string) => box.open(sealed, `agent-totp:${agentId}`);

  /** A new second step for `subject`: its token, stored hashed, 5 minutes. */
  async function newChallenge(
    subject: { userId: number } | { agentId: number; contexte: { email: string; motif: string } },
    inscription: boolean,
    methodes: MfaRequired['methodes'],
  ): Promise<MfaRequired> {
    const token = newToken();
    const now = clock.now();
    await repo.createChallenge({ ...subject, inscription, tokenHash: hashToken(token), createdAt: now, expiresAt: new Date(now.getTime() + MFA_TOKEN_TTL_MS) });
    return inscription
      ? { error: 'mfa_required', error_description: SECURITY_TEXTS.enrolmentRequired, mfa_token: token, methodes: [], inscriptionRequise: true }
      : {
          error: 'mfa_required',
          error_description: methodes.includes('passkey') ? SECURITY_TEXTS.mfaRequiredWithPasskey : SECURITY_TEXTS.mfaRequired,
          mfa_token: token,
          methodes,
        };
  }

  /** The QR code of an otpauth:// address, as the eSIM's: medium correction, 8 px a module, the standard quiet zone. */
  const qrCodeOf = (otpauthUrl: string) => QRCode.toDataURL(otpauthUrl, { type: 'image/png', errorCorrectionLevel: 'M', margin: 4, scale: 8 });

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

  /**
   * The first code of an app enrolled at sign-in (decision 057): it confirms the pending app,
   * creates the recovery codes and uses the challenge up, in one transaction. A subject whose app
   * was confirmed meanwhile answers as any second step.
   */
  async function confirmAtSignIn(userId: number, otp: string, challengeId: number, now: Date, ip: string): Promise<string[] | Outcome> {
    const factor = await repo.findFactor(userId);
    if (factor?.confirmedAt) return useOtp(userId, otp, challengeId, now);
    const user = await repo.findUser(userId);
    const secret = factor && user ? open(userId, factor.secretEncrypted) : null;
    const code = otp.replace(/\s+/g, '');
    const step = factor && secret && /^\d{6}$/.test(code) ? matchTotpStep(secret, code, now, null) : null;
    if (!factor || !user || step === null) return 'refused';
    const codes = newRecoveryCodes();
    await deps.transaction(async (tx) => {
      if (!(await repo.confirm(userId, factor.secretEncrypted, step, now, tx))) throw fail('MFA_TOKEN_INVALID');
      if (!(await repo.claimChallenge(challengeId, now, tx))) throw fail('MFA_TOKEN_INVALID');
      await repo.replaceRecoveryCodes(userId, codes.map(recoveryCodeHash), now, tx);
      await deps.audit.record({ userId, action: 'INSCRIPTION_TOTP', sourceAddress: ip }, { tx });
      await deps.mail.send(user.email, totpEnrolledMail(deps.brandName, securityInfoLink), { tx });
    });
    return codes;
  }

  /** An agent's code (decision 057): confirms their pending app, or is checked against the confirmed one without replay. */
  async function useAgentOtp(agentId: number, otp: string, challengeId: number, now: Date, ip: string): Promise<Outcome> {
    const factor = await enrolment.findAgentFactor(agentId);
    const secret = factor ? openForAgent(agentId, factor.secretEncrypted) : null;
    const code = otp.replace(/\s+/g, '');
    const step = factor && secret && /^\d{6}$/.test(code) ? matchTotpStep(secret, code, now, factor.confirmedAt ? factor.lastStep : null) : null;
    if (!factor || step === null) return 'refused';
    return deps.transaction(async (tx) => {
      if (factor.confirmedAt) {
        if (!(await enrolment.advanceAgentStep(agentId, step, tx))) return 'refused';
      } else {
        if (!(await enrolment.confirmAgent(agentId, factor.secretEncrypted, step, now, tx))) throw fail('MFA_TOKEN_INVALID');
        await deps.audit.record({ userId: agentId, action: 'INSCRIPTION_TOTP_CONSEILLER', sourceAddress: ip }, { tx });
      }
      if (!(await repo.claimChallenge(challengeId, now, tx))) throw fail('MFA_TOKEN_INVALID');
      return 'accepted';
    });
  }

  /** The answer a second step gets, by its challenge's subject and grant. */
  async function answer(challenge: Challenge, body: MfaTokenRequest, now: Date, ip: string): Promise<SecondStepResult | 'refused'> {
    if (challenge.agentId !== null) {
      if (!challenge.contexte || body.grant_type !== 'mfa_otp') return 'refused';
      const outcome = await useAgentOtp(challenge.agentId, body.otp, challenge.id, now, ip);
      return outcome === 'accepted' ? { agent: { agentId: challenge.agentId, ...challenge.contexte } } : 'refused';
    }
    const userId = challenge.userId;
    if (userId === null) return 'refused';
    if (body.grant_type === 'mfa_recovery_code') {
      return (await useRecoveryCode(userId, body.recovery_code, challenge.id, now, ip)) === 'accepted' ? { userId } : 'refused';
    }
    if (body.grant_type === 'mfa_passkey') {
      return (await passkeys.useForSecondStep(userId, body.assertion, challenge.id, now)) === 'accepted' ? { userId } : 'refused';
    }
    if (challenge.inscription) {
      const confirmed = await confirmAtSignIn(userId, body.otp, challenge.id, now, ip);
      return Array.isArray(confirmed) ? { userId, codesDeSecours: confirmed } : confirmed === 'accepted' ? { userId } : 'refused';
    }
    return (await useOtp(userId, body.otp, challenge.id, now)) === 'accepted' ? { userId } : 'refused';
  }

  async function enrol(user: SecurityUser): Promise<TotpEnrolment> {
    const factor = await repo.findFactor(user.id);
    if (factor?.confirmedAt) throw fail('TOTP_ALREADY_ENROLLED');
    const secret = newTotpSecret();
    if (!(await repo.savePending(user.id, seal(user.id, secret), clock.now()))) throw fail('TOTP_ALREADY_ENROLLED');
    const otpauthUrl = totpUrl(secret, deps.brandName, user.email);
    return { secret, otpauthUrl, qrCode: await qrCodeOf(otpauthUrl) };
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
    /** GET /api/securite: whether the user's authenticator app is confirmed, since when, and their recovery codes left. */
    async overview(userId: number): Promise<SecurityOverview> {
      const [factor, codesDeSecoursRestants, passkeyCount, obligatoire] = await Promise.all([
        repo.findFactor(userId),
        repo.countUnusedRecoveryCodes(userId),
        passkeys.count(userId),
        enrolment.userMustHaveFactor(userId),
      ]);
      const confirmed = factor?.confirmedAt ?? null;
      return { totp: { actif: confirmed !== null, depuis: confirmed?.toISOString() ?? null }, codesDeSecoursRestants, passkeys: passkeyCount, obligatoire };
    },

    /** Starts (or restarts) the enrolment of an authenticator app; pending until confirmed with a code. */
    enrol,

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

    /** Removes the authenticator app on a current code of it; its recovery codes too when it was the last factor. */
    async remove(user: SecurityUser, code: string, ip: string): Promise<void> {
      await assertCodeCheckAllowed(user.id);
      const factor = await repo.findFactor(user.id);
      if (!factor?.confirmedAt) throw fail('TOTP_NOT_ENROLLED');
      // The recovery codes stay while passkeys remain (decision 056); the last factor of a user who
      // must have one stays (decision 057).
      const lastFactor = (await passkeys.count(user.id)) === 0;
      if (lastFactor && (await enrolment.userMustHaveFactor(user.id))) throw fail('MFA_FACTOR_REQUIRED');
      const secret = open(user.id, factor.secretEncrypted);
      const now = clock.now();
      const step = secret ? matchTotpStep(secret, code, now, factor.lastStep) : null;
      if (step === null) return codeRefused(user.id);
      await deps.transaction(async (tx) => {
        if (!(await repo.advanceStep(user.id, step, tx))) throw fail('TOTP_CODE_INVALID');
        await repo.removeFactor(user.id, tx, { keepRecoveryCodes: !lastFactor });
        await deps.audit.record({ userId: user.id, action: 'SUPPRESSION_TOTP', sourceAddress: ip }, { tx });
        await deps.mail.send(user.email, totpRemovedMail(deps.brandName, securityInfoLink, lastFactor), { tx });
      });
    },

    /**
     * The second step a sign-in's right code opens: for a user with a confirmed second factor, or
     * one who must have one and has none (an enrolment challenge, decision 057); null otherwise.
     */
    async challenge(userId: number): Promise<MfaRequired | null> {
      const [totp, passkeyCount, codes] = await Promise.all([repo.hasConfirmedFactor(userId), passkeys.count(userId), repo.countUnusedRecoveryCodes(userId)]);
      if (totp || passkeyCount > 0) {
        const methodes: MfaMethod[] = [...(totp ? ['totp' as const] : []), ...(passkeyCount > 0 ? ['passkey' as const] : []), ...(codes > 0 ? ['secours' as const] : [])];
        return newChallenge({ userId }, false, methodes);
      }
      if (await enrolment.userMustHaveFactor(userId)) return newChallenge({ userId }, true, []);
      return null;
    },

    /** The second step of an agent's composite login: their app's code, or its enrolment first (decision 057). */
    async agentChallenge(target: AgentTarget): Promise<MfaRequired> {
      const factor = await enrolment.findAgentFactor(target.agentId);
      const subject = { agentId: target.agentId, contexte: { email: target.email, motif: target.motif } };
      return newChallenge(subject, !factor?.confirmedAt, ['totp']);
    },

    /**
     * POST /api/securite/totp/inscription with the `X-Mfa-Token` of an enrolment challenge, without
     * a session (decision 057): a pending app for the challenge's subject; its first code is the
     * `mfa_otp` of the same challenge. Any other token (a normal challenge, expired, used) is refused.
     */
    async enrolByChallenge(mfaToken: string): Promise<TotpEnrolment> {
      const challenge = await repo.findChallenge(hashToken(mfaToken), clock.now());
      if (!challenge?.inscription || challenge.failures >= MFA_TOKEN_MAX_FAILURES) throw fail('MFA_TOKEN_INVALID');
      if (challenge.userId !== null) {
        const user = await repo.findUser(challenge.userId);
        if (!user) throw fail('MFA_TOKEN_INVALID');
        return enrol(user);
      }
      const agent = challenge.agentId === null ? undefined : await enrolment.findAgent(challenge.agentId);
      if (!agent?.actif) throw fail('MFA_TOKEN_INVALID');
      const secret = newTotpSecret();
      if (!(await enrolment.saveAgentPending(agent.id, sealForAgent(agent.id, secret), clock.now()))) throw fail('TOTP_ALREADY_ENROLLED');
      const otpauthUrl = totpUrl(secret, deps.brandName, `${agent.loginSc} (${agent.identifiant})`);
      return { secret, otpauthUrl, qrCode: await qrCodeOf(otpauthUrl) };
    },

    /** The back office resets an agent's app (decision 057): they enrol a new one at their next sign-in; audited. */
    async resetAgentFactor(adminId: number, agentId: number, ip: string): Promise<void> {
      await deps.transaction(async (tx) => {
        if (!(await enrolment.removeAgentFactor(agentId, tx))) throw fail('TOTP_NOT_ENROLLED');
        await deps.audit.record({ userId: adminId, action: 'REINITIALISATION_TOTP_CONSEILLER', sourceAddress: ip, details: { agentId } }, { tx });
      });
    },

    /**
     * Checks a second step (`mfa_otp`, `mfa_recovery_code`, `mfa_passkey`) and uses its `mfa_token` up: the user
     * to sign in. A wrong answer keeps the token (up to MFA_TOKEN_MAX_FAILURES) and counts like a
     * wrong code at login, per user and source: that source waits, the others do not.
     */
    async verifySecondStep(request: TokenEndpointRequest, ip: string): Promise<SecondStepResult> {
      const parsed = mfaTokenRequestSchema.safeParse(request);
      if (!parsed.success) {
        throw fail((MFA_GRANT_TYPES as readonly string[]).includes(request.grant_type) ? 'INVALID_REQUEST' : 'UNSUPPORTED_GRANT_TYPE');
      }
      const body: MfaTokenRequest = parsed.data;
      const now = clock.now();
      const challenge = await repo.findChallenge(hashToken(body.mfa_token), now);
      if (!challenge) throw fail('MFA_TOKEN_INVALID');
      const identifier = secondStepIdentifier(challenge);
      const gate = await limits.checkLogin(identifier, ip);
      if (challenge.failures >= MFA_TOKEN_MAX_FAILURES) throw fail('MFA_TOKEN_INVALID');
      const outcome = await answer(challenge, body, now, ip);
      if (outcome === 'refused') {
        await Promise.all([limits.loginFailed(identifier, gate), repo.countChallengeFailure(challenge.id)]);
        throw fail(REFUSALS[body.grant_type]);
      }
      await limits.loginSucceeded(gate);
      return outcome;
    },
  };
}
export type SecurityService = ReturnType<typeof createSecurityService>;
