import { createHash } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import {
  MFA_TOKEN_MAX_FAILURES,
  PASSKEY_CHALLENGE_TTL_MS,
  passkeyAssertionSchema,
  passkeyTokenRequestSchema,
  type Passkey,
  type PasskeyAuthenticationOptions,
  type PasskeyCreated,
  type PasskeyRegistrationOptions,
  type TokenEndpointRequest,
} from '@ecare/shared';
import type { ServiceCore } from '../../core/core.ts';
import { fail } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { passkeyAddedMail, passkeyRemovedMail } from './passkeys.mails.ts';
import type { ChallengePurpose, PasskeyRow, PasskeysRepository } from './passkeys.repository.ts';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.ts';
import type { SecurityRepository } from './security.repository.ts';

export interface PasskeysServiceDeps extends ServiceCore {
  repo: PasskeysRepository;
  /** The authenticator app and recovery codes: a user's other factor, and the codes a first factor gives. */
  security: SecurityRepository;
  webauthn: { rpId: string; rpName: string; origin: string };
  /** Whether the user must keep a second factor (administration, their company's policy, decision 057). */
  mustHaveFactor: (userId: number) => Promise<boolean>;
}

/** The signed-in user acting on their own passkeys. */
export interface PasskeyUser {
  id: number;
  email: string;
  prenom: string | null;
  nom: string | null;
}

/** The counters of sign-ins with a passkey alone: the login's, per source, under an identifier of their own. */
const PASSKEY_SIGN_IN_IDENTIFIER = 'passkey:sign-in';

const challengeHash = (challenge: string) => hashToken(`webauthn:${challenge}`);

function answerOf(row: PasskeyRow): Passkey {
  return { id: row.id, nom: row.nom, creeLe: row.creeLe.toISOString(), derniereUtilisation: row.derniereUtilisation?.toISOString() ?? null };
}

/** A passkey's id is a uuid: anything else is unknown, without asking the database. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function knownId(id: string): string {
  if (!UUID.test(id)) throw fail('PASSKEY_UNKNOWN');
  return id;
}

const transportsOf = (row: PasskeyRow) => (row.transports ? row.transports.split(',') : undefined);

/** The challenge the browser signed, as its clientDataJSON says; null for an unreadable one. */
function signedChallenge(clientDataJSON: string): string | null {
  try {
    const { challenge } = decodeClientDataJSON(clientDataJSON);
    return typeof challenge === 'string' && challenge.length > 0 ? challenge : null;
  } catch {
    return null;
  }
}

/**
 * Passkeys (WebAuthn, decision 056): their registration and management by their user, and their
 * use at sign-in, as a second step after the code or alone.
 */
export function createPasskeysService(deps: PasskeysServiceDeps) {
  const { repo, security, clock, limits, webauthn } = deps;
  const securityInfoLink = `${deps.publicUrl}/ecare/info-securite-ecare`;

  async function issueChallenge(challenge: string, purpose: ChallengePurpose, owner: { userId?: number; mfaChallengeId?: number }) {
    const now = clock.now();
    await repo.createChallenge({
      challengeHash: challengeHash(challenge),
      purpose,
      userId: owner.userId ?? null,
      mfaChallengeId: owner.mfaChallengeId ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS),
    });
  }

  async function authenticationOptions(allow: PasskeyRow[]): Promise<PasskeyAuthenticationOptions> {
    return generateAuthenticationOptions({
      rpID: webauthn.rpId,
      allowCredentials: allow.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
      userVerification: 'required',
      timeout: PASSKEY_CHALLENGE_TTL_MS,
    });
  }

  /**
   * Checks an assertion (JSON text) against the challenge it signed, used up here whatever follows,
   * and the passkey it names: that passkey and its new counter, or null for any refusal.
   */
  async function checkAssertion(
    text: string,
    purpose: ChallengePurpose,
    owner: { userId?: number; mfaChallengeId?: number },
  ): Promise<{ passkey: PasskeyRow; newCounter: number } | null> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return null;
    }
    const parsed = passkeyAssertionSchema.safeParse(json);
    if (!parsed.success) return null;
    const response = parsed.data as AuthenticationResponseJSON;
    const challenge = signedChallenge(response.response.clientDataJSON);
    if (!challenge || !(await repo.claimChallenge(challengeHash(challenge), purpose, owner, clock.now()))) return null;
    const passkey = await repo.findByCredentialId(response.id);
    if (!passkey || (owner.userId !== undefined && passkey.userId !== owner.userId)) return null;
    try {
      const { verified, authenticationInfo } = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: webauthn.origin,
        expectedRPID: webauthn.rpId,
        credential: { id: passkey.credentialId, publicKey: isoBase64URL.toBuffer(passkey.publicKey), counter: passkey.counter, transports: transportsOf(passkey) },
        requireUserVerification: true,
      });
      return verified ? { passkey, newCounter: authenticationInfo.newCounter } : null;
    } catch {
      // A wrong signature, origin, RP ID, a counter gone back (a cloned authenticator)…
      return null;
    }
  }

  return {
    /** How many passkeys the user has (the overview, the second step's methods). */
    count: (userId: number) => repo.count(userId),

    async list(userId: number): Promise<Passkey[]> {
      return (await repo.list(userId)).map(answerOf);
    },

    /** POST /api/securite/passkeys/options: a discoverable credential with user verification, none of the user's own twice. */
    async registrationOptions(user: PasskeyUser): Promise<PasskeyRegistrationOptions> {
      const existing = await repo.list(user.id);
      const options = await generateRegistrationOptions({
        rpName: webauthn.rpName,
        rpID: webauthn.rpId,
        userName: user.email,
        userDisplayName: [user.prenom, user.nom].filter(Boolean).join(' ') || user.email,
        // The same handle for every passkey of the user: an authenticator keeps one passkey per account.
        userID: createHash('sha256').update(`ecare-webauthn-user:${user.id}`).digest().subarray(0, 32),
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
        authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
        timeout: PASSKEY_CHALLENGE_TTL_MS,
      });
      await issueChallenge(options.challenge, 'inscription', { userId: user.id });
      return options;
    },

    /**
     * POST /api/securite/passkeys: the browser's answer to this user's options, checked (origin, RP
     * ID, challenge used once, user verification); the user's first factor also brings recovery codes.
     */
    async register(user: PasskeyUser, nom: string, attestation: unknown, ip: string): Promise<PasskeyCreated> {
      const response = attestation as RegistrationResponseJSON;
      const challenge = signedChallenge(response.response.clientDataJSON);
      if (!challenge || !(await repo.claimChallenge(challengeHash(challenge), 'inscription', { userId: user.id }, clock.now()))) {
        throw fail('PASSKEY_CHALLENGE_INVALID');
      }
      let registration;
      try {
        const result = await verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: webauthn.origin,
          expectedRPID: webauthn.rpId,
          requireUserVerification: true,
        });
        registration = result.verified ? result.registrationInfo : null;
      } catch {
        registration = null;
      }
      if (!registration) throw fail('PASSKEY_REGISTRATION_INVALID');
      const { credential } = registration;
      const now = clock.now();
      const codes = newRecoveryCodes();
      const { row, withCodes } = await deps.transaction(async (tx) => {
        const first = (await repo.count(user.id, tx)) === 0;
        const created = await repo.insert(
          {
            userId: user.id,
            credentialId: credential.id,
            publicKey: isoBase64URL.fromBuffer(credential.publicKey),
            counter: credential.counter,
            transports: (credential.transports ?? response.response.transports ?? []).join(','),
            nom,
            creeLe: now,
          },
          tx,
        );
        if (!created) throw fail('PASSKEY_ALREADY_REGISTERED');
        const giveCodes = first && (await security.countUnusedRecoveryCodes(user.id, tx)) === 0;
        if (giveCodes) await security.replaceRecoveryCodes(user.id, codes.map(recoveryCodeHash), now, tx);
        await deps.audit.record({ userId: user.id, action: 'AJOUT_PASSKEY', sourceAddress: ip, details: { nom } }, { tx });
        await deps.mail.send(user.email, passkeyAddedMail(deps.brandName, securityInfoLink, nom), { tx });
        return { row: created, withCodes: giveCodes };
      });
      return withCodes ? { ...answerOf(row), codesDeSecours: codes } : answerOf(row);
    },

    async rename(userId: number, id: string, nom: string): Promise<Passkey> {
      const row = await repo.rename(userId, knownId(id), nom);
      if (!row) throw fail('PASSKEY_UNKNOWN');
      return answerOf(row);
    },

    /**
     * Removes one of the user's passkeys; their last factor takes the recovery codes with it, and
     * a user who must have a second factor keeps their last one (decision 057).
     */
    async remove(user: PasskeyUser, id: string, ip: string): Promise<void> {
      const passkeyId = knownId(id);
      const [totp, required] = await Promise.all([security.hasConfirmedFactor(user.id), deps.mustHaveFactor(user.id)]);
      await deps.transaction(async (tx) => {
        const row = await repo.remove(user.id, passkeyId, tx);
        if (!row) throw fail('PASSKEY_UNKNOWN');
        const lastFactor = !totp && (await repo.count(user.id, tx)) === 0;
        if (lastFactor && required) throw fail('MFA_FACTOR_REQUIRED');
        if (lastFactor) await repo.deleteRecoveryCodes(user.id, tx);
        await deps.audit.record({ userId: user.id, action: 'SUPPRESSION_PASSKEY', sourceAddress: ip, details: { nom: row.nom } }, { tx });
        await deps.mail.send(user.email, passkeyRemovedMail(deps.brandName, securityInfoLink, row.nom, lastFactor), { tx });
      });
    },

    /**
     * POST /api/token/passkey/options. With the first step's `mfa_token`: that user's passkeys, the
     * challenge bound to that second step. Without: a sign-in with a passkey alone (the browser
     * offers the passkeys it holds for this site).
     */
    async authenticationOptions(mfaToken: string | undefined): Promise<PasskeyAuthenticationOptions> {
      if (mfaToken === undefined) {
        const options = await authenticationOptions([]);
        await issueChallenge(options.challenge, 'connexion', {});
        return options;
      }
      const challenge = await security.findChallenge(hashToken(mfaToken), clock.now());
      // An agent's second step (decision 057) has no passkeys: their app only.
      if (!challenge || challenge.userId === null || challenge.failures >= MFA_TOKEN_MAX_FAILURES) throw fail('MFA_TOKEN_INVALID');
      const own = await repo.list(challenge.userId);
      if (own.length === 0) throw fail('MFA_PASSKEY_INVALID');
      const options = await authenticationOptions(own);
      await issueChallenge(options.challenge, 'second_facteur', { userId: challenge.userId, mfaChallengeId: challenge.id });
      return options;
    },

    /**
     * The second step `mfa_passkey`: an assertion of one of the user's passkeys on a challenge of
     * this second step; then the step (mfa challenge `challengeId`) is used up with the passkey's new counter.
     */
    async useForSecondStep(userId: number, assertion: string, challengeId: number, now: Date): Promise<'accepted' | 'refused'> {
      const checked = await checkAssertion(assertion, 'second_facteur', { userId, mfaChallengeId: challengeId });
      if (!checked) return 'refused';
      return deps.transaction(async (tx) => {
        if (!(await repo.recordUse(checked.passkey.id, checked.passkey.counter, checked.newCounter, now, tx))) return 'refused';
        if (!(await security.claimChallenge(challengeId, now, tx))) throw fail('MFA_TOKEN_INVALID');
        return 'accepted';
      });
    },

    /**
     * POST /api/token `grant_type=passkey`: a passkey with user verification signs its user in by
     * itself. Wrong assertions count with the login's counters of their source.
     */
    async verifySignIn(request: TokenEndpointRequest, ip: string): Promise<number> {
      const parsed = passkeyTokenRequestSchema.safeParse(request);
      if (!parsed.success) throw fail('INVALID_REQUEST');
      const gate = await limits.checkLogin(PASSKEY_SIGN_IN_IDENTIFIER, ip);
      const checked = await checkAssertion(parsed.data.assertion, 'connexion', {});
      const now = clock.now();
      const used =
        checked !== null &&
        (await deps.transaction((tx) => repo.recordUse(checked.passkey.id, checked.passkey.counter, checked.newCounter, now, tx)));
      if (!checked || !used) {
        await limits.loginFailed(PASSKEY_SIGN_IN_IDENTIFIER, gate);
        throw fail('PASSKEY_SIGN_IN_INVALID');
      }
      await limits.loginSucceeded(gate);
      return checked.passkey.userId;
    },
  };
}
export type PasskeysService = ReturnType<typeof createPasskeysService>;
