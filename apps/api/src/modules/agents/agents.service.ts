import {
  AGENT_ID_PATTERN,
  CLIENT_ACCOUNT_NUMBER,
  auditActionLabel,
  emailSchema,
  isValidMotif,
  parseCompositeUsername,
  type AccountSearchRequest,
  type AccountSearchResponse,
  type AgentAction,
  type AgentConnectRequest,
  type AgentConnectResponse,
  type AgentProfile,
  type AgentUser,
  type MfaRequired,
  type TokenRequest,
  type TokenResponse,
  type ValidateScRequest,
  type ValidateScResponse,
} from '@ecare/shared';
import type { Audit } from '../../core/audit.ts';
import type { Transact } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import type { Limits } from '../../lib/limits.ts';
import { burnPasswordCheck, verifyPassword } from '../../lib/password.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { AccessPolicy } from '../../policy/access-policy.ts';
import type { MailService } from '../../platform/mail/index.ts';
import { agentConnectionMail } from './agents.mails.ts';
import type { AgentsRepository } from './agents.repository.ts';
import { parisDateTimeFormat } from '@ecare/shared/paris-time';

/** An agent signed in with their own session (never a customer's). */
export interface AgentCaller {
  agentId: number;
  identifiant: string;
  loginSc: string;
  nomSc: string;
  profil: AgentProfile;
  tokenHash: string;
  /** When the agent's session ends at the latest: the customer sessions they open end with it. */
  expiresAt: Date;
}

export interface AgentSessionPolicy {
  idleMs: number;
  maxMs: number;
}

/** The idle clock of an agent session is written at most this often. */
const TOUCH_EVERY_MS = 60_000;
/** Searches an agent may run per minute. */
const SEARCHES_PER_MINUTE = 30;

const dateTime = parisDateTimeFormat({ dateStyle: 'short', timeStyle: 'short' });

export function createAgentsService(deps: {
  repo: AgentsRepository;
  clock: Clock;
  limits: Limits;
  policy: AccessPolicy;
  audit: Audit;
  mail: MailService;
  transaction: Transact;
  session: AgentSessionPolicy;
  brandName: string;
  publicUrl: string;
  /** The second step an agent signing in with a code must pass (decision 057); null: none asked. */
  secondStep: (target: { agentId: number; email: string; motif: string }) => Promise<MfaRequired | null>;
}) {
  const { repo, clock, limits, session } = deps;
  const invalid = () => fail('AGENT_INVALID_CREDENTIALS', { values: { operator: deps.brandName } });

  /** Checks an agent's code against the stored hash under the login limits of `key`; the agent, or undefined. */
  async function checkCode<A extends { passwordHash: string; actif: boolean }>(
    key: string,
    ip: string,
    find: () => Promise<A | undefined>,
    password: string,
  ): Promise<A | undefined> {
    const gate = await limits.checkLogin(key, ip);
    const agent = await find();
    const valid = agent ? await verifyPassword(agent.passwordHash, password) : (await burnPasswordCheck(password), false);
    if (!agent || !valid || !agent.actif) {
      await limits.loginFailed(key, gate);
      return undefined;
    }
    await limits.loginSucceeded(gate);
    return agent;
  }

  /**
   * Opens the customer session an agent acts through: the customer user, one billing account, the
   * reason, ending with the agent's session; recorded in the audit log and e-mailed to the
   * account's managers when the account asks for it, all in one transaction.
   */
  async function openCustomerSession(
    agent: { agentId: number; loginSc: string; nomSc: string },
    link: { userId: number; raisonSociale: string; codeClientBscs: string; alerte: boolean },
    idClientBscs: number,
    motif: string,
    expiresAt: Date,
    sourceAddress: string,
  ) {
    const token = newToken();
    const now = clock.now();
    await deps.transaction(async (tx) => {
      await repo.createCustomerSession(
        {
          tokenHash: hashToken(token),
          userId: link.userId,
          createdAt: now,
          lastSeenAt: now,
          expiresAt,
          agentId: agent.agentId,
          agentMotif: motif,
          agentIdClientBscs: idClientBscs,
        },
        tx,
      );
      await deps.audit.record(
        { userId: agent.agentId, onBehalfOf: link.userId, action: 'CONNEXION_AGENT', idClientBscs, sourceAddress, details: { motif } },
        { tx },
      );
      if (!link.alerte) return;
      const content = agentConnectionMail(
        deps.brandName,
        { raisonSociale: link.raisonSociale, codeClientBscs: link.codeClientBscs, agent: `${agent.nomSc} (${agent.loginSc})`, motif, at: dateTime.format(now) },
        `${deps.publicUrl}/ecare/mon-compte/actions-service-client`,
      );
      for (const email of await deps.policy.managerEmails(idClientBscs, tx)) await deps.mail.send(email, content, { tx });
    });
    return { token, expiresIn: Math.round(Math.min(session.idleMs, expiresAt.getTime() - now.getTime()) / 1000) };
  }

  /** The agent's own session: its token travels in the answer (decision 032). */
  async function openAgentSession(agent: { id: number; loginSc: string; nomSc: string; profil: AgentProfile }): Promise<ValidateScResponse> {
    const token = newToken();
    const now = clock.now();
    await repo.createSession({
      tokenHash: hashToken(token),
      agentId: agent.id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + session.maxMs),
    });
    return {
      loginSc: agent.loginSc,
      nomSc: agent.nomSc,
      profil: agent.profil,
      access_token: token,
      token_type: 'bearer',
      expires_in: Math.round(session.idleMs / 1000),
    };
  }

  /**
   * The customer session of the composite login and of its SSO counterpart: the customer's own
   * account, or the one account they manage; a customer managing several goes to the client search.
   */
  async function connectByEmail(agent: { id: number; loginSc: string; nomSc: string }, emailText: string, motif: string, ip: string): Promise<TokenResponse> {
    if (!isValidMotif(motif)) throw fail('AGENT_MOTIF_INVALID');
    const email = emailText.toLowerCase();
    const user = await repo.findUser(email);
    const managed = user ? await repo.accountsManagedBy(user.id) : [];
    const own = managed.find((account) => account.idClientBscs === user?.idClientBscs);
    const chosen = own ?? (managed.length === 1 ? managed[0] : undefined);
    if (managed.length > 1 && !chosen) throw fail('AGENT_ACCOUNT_CHOICE_REQUIRED');
    const link = chosen ? await repo.managerLink(email, chosen.idClientBscs) : undefined;
    if (!chosen || !link) throw fail('AGENT_CONNECTION_REFUSED', { values: { code: '-', email: emailText } });
    const now = clock.now();
    const expiresAt = (await repo.liveSessionEnd(agent.id, now, session.idleMs)) ?? new Date(now.getTime() + session.maxMs);
    const { token, expiresIn } = await openCustomerSession(
      { agentId: agent.id, loginSc: agent.loginSc, nomSc: agent.nomSc },
      link,
      chosen.idClientBscs,
      motif.trim(),
      expiresAt,
      ip,
    );
    return { access_token: token, token_type: 'bearer', expires_in: expiresIn };
  }

  return {
    /** POST /api/validate_sc: the agent's identifier and hashed code; their own session. */
    async validate(request: ValidateScRequest, ip: string): Promise<ValidateScResponse> {
      const identifiant = request.username.trim().toUpperCase();
      if (!AGENT_ID_PATTERN.test(identifiant) || request.password === '') throw invalid();
      const agent = await checkCode(`agent:${identifiant}`, ip, () => repo.findByIdentifiant(identifiant), request.password);
      if (!agent) throw invalid();
      return openAgentSession(agent);
    },

    /** An agent session for an agent an SSO assertion vouches for (decision 034): no code asked. */
    openAgentSession,

    /** Resolves an agent's bearer token, ending idle or expired sessions and those of deactivated agents. */
    async authenticate(token: string): Promise<AgentCaller> {
      const tokenHash = hashToken(token);
      const row = await repo.findSession(tokenHash);
      if (!row || row.revokedAt) throw fail('AGENT_UNAUTHENTICATED');
      const now = clock.now();
      const idleFor = now.getTime() - row.lastSeenAt.getTime();
      if (now >= row.expiresAt || idleFor >= session.idleMs || !row.actif) {
        await repo.revokeSession(tokenHash, now);
        throw fail('AGENT_UNAUTHENTICATED');
      }
      if (idleFor >= TOUCH_EVERY_MS) await repo.touchSession(tokenHash, now);
      return {
        agentId: row.agentId,
        identifiant: row.identifiant,
        loginSc: row.loginSc,
        nomSc: row.nomSc,
        profil: row.profil,
        tokenHash,
        expiresAt: row.expiresAt,
      };
    },

    me(agent: AgentCaller): AgentUser {
      return { loginSc: agent.loginSc, nomSc: agent.nomSc, profil: agent.profil };
    },

    /** Agent logout: their session and every customer session they opened end. */
    async logout(agent: AgentCaller): Promise<void> {
      const now = clock.now();
      await repo.revokeSession(agent.tokenHash, now);
      await repo.revokeCustomerSessions(agent.agentId, now);
    },

    /** POST /api/service-client/recherche: by the manager's e-mail, else by account number. */
    async search(agent: AgentCaller, request: AccountSearchRequest): Promise<AccountSearchResponse> {
      const quota = await limits.quota(`agent-search:${agent.agentId}`, SEARCHES_PER_MINUTE, 60_000);
      if (!quota.allowed) throw fail('TOO_MANY_REQUESTS', { retryAfterSeconds: quota.retryAfterSeconds });
      const emailText = request.emailClient?.trim() ?? '';
      if (emailText !== '') {
        const email = emailSchema.safeParse(emailText);
        if (!email.success) throw fail('AGENT_SEARCH_EMPTY');
        const user = await repo.findUser(email.data.toLowerCase());
        const comptesFacturation = user ? await repo.accountsManagedBy(user.id) : [];
        return { clientConnecte: { estGestionnaire: comptesFacturation.length > 0 }, comptesFacturation };
      }
      const numero = request.numeroCompte?.trim() ?? '';
      if (!CLIENT_ACCOUNT_NUMBER.test(numero)) throw fail('AGENT_SEARCH_EMPTY');
      const comptesFacturation = await repo.managersOfAccount(numero);
      return { clientConnecte: { estGestionnaire: comptesFacturation.length > 0 }, comptesFacturation };
    },

    /** POST /api/service-client/connexion: a customer session for one account the e-mail manages. */
    async connect(agent: AgentCaller, request: AgentConnectRequest, sourceAddress: string): Promise<AgentConnectResponse> {
      if (!isValidMotif(request.motif)) throw fail('AGENT_MOTIF_INVALID');
      const email = request.email.trim().toLowerCase();
      const link = await repo.managerLink(email, request.idClientBscs);
      if (!link) {
        const code = (await repo.accountCode(request.idClientBscs)) ?? String(request.idClientBscs);
        throw fail('AGENT_CONNECTION_REFUSED', { values: { code, email: request.email.trim() } });
      }
      const { token, expiresIn } = await openCustomerSession(agent, link, request.idClientBscs, request.motif.trim(), agent.expiresAt, sourceAddress);
      return { access_token: token, token_type: 'bearer', expires_in: expiresIn, idClientBscs: request.idClientBscs, raisonSociale: link.raisonSociale };
    },

    /**
     * The composite login of POST /api/token (spec §4, §9): `CODE_REGATE :{code}|{e-mail}` with the
     * agent's hashed code and a reason. The customer's own account, or the one account they
     * manage; a customer managing several is sent to the client search.
     */
    async compositeLogin(request: TokenRequest, ip: string): Promise<TokenResponse | MfaRequired> {
      const parsed = parseCompositeUsername(request.username);
      if (!parsed || request.password === '') throw fail('INVALID_GRANT');
      const agent = await checkCode(`agent-regate:${parsed.codeRegate}`, ip, () => repo.findByRegate(parsed.codeRegate), request.password);
      if (!agent) throw fail('INVALID_GRANT');
      const motif = request.motif ?? '';
      if (!isValidMotif(motif)) throw fail('AGENT_MOTIF_INVALID');
      // An agent who signs in with a code proves a second factor first (decision 057): the customer
      // session opens once it is passed (completeCompositeLogin).
      const challenge = await deps.secondStep({ agentId: agent.id, email: parsed.email, motif });
      return challenge ?? connectByEmail(agent, parsed.email, motif, ip);
    },

    /** The composite login's customer session, once the agent passed their second step; the agent must still be active. */
    async completeCompositeLogin(target: { agentId: number; email: string; motif: string }, ip: string): Promise<TokenResponse> {
      const agent = await repo.findById(target.agentId);
      if (!agent?.actif) throw fail('INVALID_GRANT');
      return connectByEmail(agent, target.email, target.motif, ip);
    },

    /** POST /api/sso/connexion: the composite login of an agent an SSO assertion vouches for (decision 034). */
    connectByEmail,

    /** GET /api/audit/{idClientBscs}: for the account's managers (an agent's customer session too, on its account). */
    async actions(userId: number, idClientBscs: number): Promise<AgentAction[]> {
      await deps.policy.assertAccount(userId, idClientBscs);
      const rows = await repo.agentActions(idClientBscs);
      return rows.map((row) => ({
        date: row.at.toISOString(),
        acteur: row.prenom === null ? '' : `${row.prenom} ${row.nom ?? ''}`.trim(),
        agent: `${row.agentNom} (${row.agentLogin})`,
        action: auditActionLabel(row.action),
        motif: row.motif,
        idContrat: row.idContrat,
      }));
    },
  };
}
export type AgentsService = ReturnType<typeof createAgentsService>;
