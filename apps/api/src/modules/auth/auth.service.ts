import {
  COMPOSITE_LOGIN_PREFIX,
  emailSchema,
  tokenRequestSchema,
  type CurrentUser,
  type MfaRequired,
  type TokenEndpointRequest,
  type TokenRequest,
  type TokenResponse,
} from '@ecare/shared';
import type { CaptchaVerifier } from '../../lib/captcha.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Limits } from '../../lib/limits.ts';
import { fail } from '../../lib/errors.ts';
import { burnPasswordCheck, verifyPassword } from '../../lib/password.ts';
import { addressNetwork } from '../../lib/network.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { actingAgent, type ActingAgent } from '../../policy/acting-agent.ts';
import type { AuthRepository, AuthUser } from './auth.repository.ts';
import type { LoginProtection } from './login-protection.ts';

export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
  /** How long a session read may be reused by this instance (0: read on every request). */
  cacheMs: number;
  /** Idle limit of a session an agent opened for a customer (decision 032). */
  agentIdleMs: number;
}

/**
 * The agent mode's composite login (`CODE_REGATE :…`), provided by the agents module: the login
 * itself (a customer session, or the second step's challenge of the agent, decision 057), and the
 * customer session it leads to once the agent passed their second step.
 */
export interface AgentLogin {
  login(request: TokenRequest, ip: string): Promise<TokenResponse | MfaRequired>;
  complete(target: AgentTarget, ip: string): Promise<TokenResponse>;
}

/** An agent's composite login waiting for their second step: the agent and the customer session asked for. */
export interface AgentTarget {
  agentId: number;
  email: string;
  motif: string;
}

/** Who a second step signs in: a user (with their recovery codes after an enrolment at sign-in), or an agent's composite login. */
export type SecondStepResult = { userId: number; codesDeSecours?: string[] } | { agent: AgentTarget };

/**
 * The second factor of a sign-in (decision 054), provided by the security module: the challenge a
 * right code of a user with a second factor gets instead of a session, and the check of its answer.
 */
export interface SecondFactor {
  /** The `mfa_required` answer for a user with a second factor, or who must enrol one; null for a user without one. */
  challenge(userId: number): Promise<MfaRequired | null>;
  /** The `mfa_required` answer of an agent's composite login (agents signing in with a code must have one, decision 057). */
  agentChallenge(target: AgentTarget): Promise<MfaRequired>;
  /** Checks a second step (`mfa_*` grant) and uses its `mfa_token`: who it signs in, or a coded refusal. */
  verify(request: TokenEndpointRequest, ip: string): Promise<SecondStepResult>;
}

/**
 * A sign-in with a passkey alone (decision 056), provided by the security module: a passkey with
 * user verification is multi-factor by itself.
 */
export interface PasskeyLogin {
  /** Checks a `grant_type=passkey` request: the user it signs in, or a coded refusal. */
  verify(request: TokenEndpointRequest, ip: string): Promise<number>;
}

/** The grant of a sign-in with a passkey alone. */
const PASSKEY_GRANT = 'passkey';

/** The grants of a sign-in's second step: the security module's, when it is there. */
const SECOND_STEP_GRANT = /^mfa_/;

/** A customer's sign-in with their code, as the modules that follow sign-ins see it (decision 055). */
export interface SignIn {
  userId: number;
  tokenHash: string;
  /** The User-Agent header, cut to USER_AGENT_MAX; null when none was sent. */
  userAgent: string | null;
  /** The network of the address (lib/network.ts), never the address. */
  reseau: string | null;
  at: Date;
  /** The grant that proved it (`password`, `mfa_otp`, `mfa_recovery_code`…): the security activity names the sign-in by it. */
  grant: string;
  /** The client address, for the audit log's source address only (as every audit entry has); never shown nor mailed. */
  sourceAddress: string;
}

/** Called once the session exists; a listener handles its own failures (a sign-in never fails for it). */
export type SignInListener = (signIn: SignIn) => Promise<void>;

/** A User-Agent longer than this is kept cut (no real one comes near it). */
const USER_AGENT_MAX = 512;

/** The idle clock is written at most this often, so that reads do not each cost a write. */
const TOUCH_EVERY_MS = 60_000;

type SessionRow = NonNullable<Awaited<ReturnType<AuthRepository['findSession']>>>;

export function createAuthService(
  repo: AuthRepository,
  clock: Clock,
  policy: SessionPolicy,
  guards: { limits: Limits; captcha: CaptchaVerifier; protection: LoginProtection },
) {
  // A burst of requests from one page costs one session read; the idle and expiry rules are
  // still applied to every request with the current time.
  const recent = new TtlCache<SessionRow>(clock, policy.cacheMs, 10_000);
  let agentLogin: AgentLogin | null = null;
  let secondFactor: SecondFactor | null = null;
  let passkeyLogin: PasskeyLogin | null = null;
  const signInListeners: SignInListener[] = [];

  /**
   * A new session for a user who proved who they are: what every successful sign-in answers (a
   * code alone, or a code and a second factor), with the browser and network it came from, told
   * to the modules that follow sign-ins (decision 055).
   */
  async function openSession(userId: number, ip: string, userAgent: string | undefined, grant: string): Promise<TokenResponse> {
    const token = newToken();
    const now = clock.now();
    const signIn: SignIn = {
      userId,
      tokenHash: hashToken(token),
      userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
      reseau: addressNetwork(ip),
      at: now,
      grant,
      sourceAddress: ip,
    };
    await repo.createSession({
      tokenHash: signIn.tokenHash,
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + policy.maxMs),
      userAgent: signIn.userAgent,
      reseau: signIn.reseau,
    });
    for (const listener of signInListeners) await listener(signIn);
    return { access_token: token, token_type: 'bearer', expires_in: Math.round(policy.idleMs / 1000) };
  }

  /** `passToken`: the pass this browser got from an unlock link, if any; `userAgent`: the request's header. */
  async function login(request: TokenRequest, ip: string, passToken?: string, userAgent?: string): Promise<TokenResponse | MfaRequired> {
    if (request.grant_type !== 'password') {
      throw fail('UNSUPPORTED_GRANT_TYPE');
    }
    if (request.username.startsWith(COMPOSITE_LOGIN_PREFIX)) {
      if (!agentLogin) throw fail('INVALID_GRANT');
      return agentLogin.login(request, ip);
    }
    const email = emailSchema.safeParse(request.username);
    if (!email.success || request.password.length === 0) throw fail('INVALID_GRANT');
    if (!(await guards.captcha.verify(request.captcha, ip))) throw fail('CAPTCHA');
    const identifier = email.data.toLowerCase();
    const gate = await guards.limits.checkLogin(identifier, ip, passToken);
    // Beyond the ceiling a source that has failed proves it is not the attacker: by the captcha
    // verified above when one is configured, else by the e-mailed link. The code is not checked.
    if (guards.limits.mustProve(gate) && !guards.captcha.enabled) await guards.protection.refuseUntilUnlocked(identifier);

    const credentials = await repo.findCredentials(identifier);
    const valid = credentials
      ? await verifyPassword(credentials.passwordHash, request.password)
      : (await burnPasswordCheck(request.password), false);
    if (!credentials || !valid) {
      if (await guards.limits.loginFailed(identifier, gate)) guards.protection.noticeAttack(identifier);
      throw fail('INVALID_GRANT');
    }
    await guards.limits.loginSucceeded(gate);

    // A user with a second factor proves it before any session exists (decision 054).
    const challenge = secondFactor ? await secondFactor.challenge(credentials.id) : null;
    return challenge ?? openSession(credentials.id, ip, userAgent, request.grant_type);
  }

  return {
    /**
     * POST /api/token, every grant: the password grant (a session, or the second step's challenge
     * for a user with a second factor), the second step's grants and the passkey grant (a session).
     */
    async token(request: TokenEndpointRequest, ip: string, passToken?: string, userAgent?: string): Promise<TokenResponse | MfaRequired> {
      if (SECOND_STEP_GRANT.test(request.grant_type)) {
        if (!secondFactor) throw fail('UNSUPPORTED_GRANT_TYPE');
        const passed = await secondFactor.verify(request, ip);
        if ('agent' in passed) {
          if (!agentLogin) throw fail('INVALID_GRANT');
          return agentLogin.complete(passed.agent, ip);
        }
        const session = await openSession(passed.userId, ip, userAgent, request.grant_type);
        // Enrolled at this sign-in (decision 057): the recovery codes, shown once.
        return passed.codesDeSecours ? { ...session, codesDeSecours: passed.codesDeSecours } : session;
      }
      if (request.grant_type === PASSKEY_GRANT) {
        if (!passkeyLogin) throw fail('UNSUPPORTED_GRANT_TYPE');
        return openSession(await passkeyLogin.verify(request, ip), ip, userAgent, request.grant_type);
      }
      const password = tokenRequestSchema.safeParse(request);
      if (!password.success) throw fail('INVALID_REQUEST');
      return login(password.data, ip, passToken, userAgent);
    },

    /** Lets the security module take the second step of sign-ins (decision 054). */
    useSecondFactor(provider: SecondFactor): void {
      secondFactor = provider;
    },

    /** Lets the security module take the sign-ins with a passkey alone (decision 056). */
    usePasskeyLogin(provider: PasskeyLogin): void {
      passkeyLogin = provider;
    },

    /** Lets a module follow customers' sign-ins (the new-device mail, decision 055). */
    onSignIn(listener: SignInListener): void {
      signInListeners.push(listener);
    },

    /**
     * Drops this instance's cached reads of sessions another module has just ended in the
     * database; other instances see the end within cacheMs (decision 006).
     */
    forgetSessions(tokenHashes: readonly string[]): void {
      for (const tokenHash of tokenHashes) recent.delete(tokenHash);
    },

    /** Lets the agents module take the composite logins (decision 032). */
    useAgentLogin(login: AgentLogin): void {
      agentLogin = login;
    },

    /** The second step of an agent's composite login (decision 057); null when no module takes second steps. */
    async agentChallenge(target: AgentTarget): Promise<MfaRequired | null> {
      return secondFactor ? secondFactor.agentChallenge(target) : null;
    },

    /**
     * Resolves a bearer token to its user, ending idle or expired sessions. A session an agent
     * opened for the customer comes with the agent; it ends with the agent's idle limit, and
     * as soon as the agent is deactivated.
     */
    async authenticate(token: string): Promise<{ user: AuthUser; tokenHash: string; agent: ActingAgent | null }> {
      const tokenHash = hashToken(token);
      const cached = recent.get(tokenHash);
      const session = cached ?? (await repo.findSession(tokenHash));
      if (!session || session.revokedAt) throw fail('UNAUTHENTICATED');
      const now = clock.now();
      const idleFor = now.getTime() - session.lastSeenAt.getTime();
      const agent = agentOf(session);
      const idleMs = session.agentId === null ? policy.idleMs : policy.agentIdleMs;
      if (now >= session.expiresAt || idleFor >= idleMs || (session.agentId !== null && !agent)) {
        recent.delete(tokenHash);
        await repo.revokeSession(tokenHash, now);
        throw fail('UNAUTHENTICATED');
      }
      // A session an agent opened is read every time: the agent's logout (or deactivation), on
      // whichever instance, must end it at once everywhere (decision 006). Agents are few.
      const reusable = session.agentId === null;
      if (idleFor >= TOUCH_EVERY_MS) {
        await repo.touchSession(tokenHash, now);
        if (agent) await repo.touchAgentSessions(agent.agentId, now, policy.agentIdleMs);
        // A reused read touched is dropped, not kept anew: kept, a session revoked elsewhere
        // meanwhile would be served for up to twice cacheMs (decision 066).
        if (reusable && !cached) recent.set(tokenHash, { ...session, lastSeenAt: now });
        else recent.delete(tokenHash);
      } else if (!cached && reusable) {
        // Only a fresh read starts a cache period, so a revocation elsewhere is seen within cacheMs.
        recent.set(tokenHash, session);
      }
      return { user: session.user, tokenHash, agent };
    },

    /**
     * Ends the user's sessions (all, or all but `keepTokenHash`) and drops this instance's cached
     * reads of them; other instances see it within cacheMs.
     */
    async revokeUserSessions(userId: number, options: { keepTokenHash?: string } = {}): Promise<void> {
      await repo.revokeUserSessions(userId, clock.now(), options.keepTokenHash);
      recent.deleteWhere((session) => session.user.id === userId);
    },

    logout(tokenHash: string): Promise<void> {
      recent.delete(tokenHash);
      return repo.revokeSession(tokenHash, clock.now());
    },

    /** In an agent's customer session (the request's acting agent), the agent's identity too (spec §3 usernameSC, nomSC). */
    async currentUser(user: AuthUser, agent: ActingAgent | null = actingAgent() ?? null): Promise<CurrentUser> {
      return {
        utilisateur: user.utilisateur,
        mandataire: user.mandataire,
        gestionnaire: user.gestionnaire,
        serviceClient: user.serviceClient || agent !== null,
        administration: user.administration,
        prenom: user.prenom,
        nom: user.nom,
        email: user.email,
        usernameSC: agent?.loginSc ?? null,
        nomSC: agent?.nomSc ?? null,
        idClientBscs: user.idClientBscs,
        idClientBscsMandataire: user.idClientBscsMandataire,
        idContrat: user.utilisateur ? await repo.findOwnLine(user.id) : null,
      };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

/** The agent of a session an agent opened, or null (also when the agent was deactivated). */
function agentOf(session: SessionRow): ActingAgent | null {
  if (session.agentId === null || session.agentIdClientBscs === null || session.agentActif !== true) return null;
  return {
    agentId: session.agentId,
    loginSc: session.agentLoginSc ?? '',
    nomSc: session.agentNomSc ?? '',
    profil: session.agentProfil ?? 'SERVICE_CLIENT_DISTANCE',
    motif: session.agentMotif ?? '',
    idClientBscs: session.agentIdClientBscs,
    customerUserId: session.user.id,
  };
}
