import {
  ONECLIC_CLOCK_SKEW_SECONDS,
  ONECLIC_VALIDITY_SECONDS,
  parseCompositeUsername,
  type ContextReadRequest,
  type ContextResponse,
  type ContextUpdate,
  type GaiaInfo,
  type GaiaProfile,
  type OneclicRequest,
  type RegateProfile,
  type SsoKeys,
  type SsoValidation,
  type TokenResponse,
  type ValidateScResponse,
} from '@ecare/shared';
import type { Audit } from '../../core/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fail } from '../../lib/errors.ts';
import type { Limits } from '../../lib/limits.ts';
import type { ActingAgent } from '../../policy/acting-agent.ts';
import type { AgentCaller, AgentsService } from './agents.service.ts';
import { verifyOneclic, type OneclicKeys } from './oneclic-signature.ts';
import type { AgentCodeColumn, SsoRepository } from './sso.repository.ts';

/**
 * What Gaia or a signed one-click URL vouched for (decision 034): the agent, and for a one-click
 * entry the keys of the URL. Sealed in an httpOnly cookie, 15 minutes.
 */
export interface SsoAssertion {
  src: 'gaia' | 'oneclic';
  agentId: number;
  idSso: string | null;
  codeRegate: string | null;
  idrh: string | null;
  idContexte: string | null;
  urlAppel: string | null;
  idModule: string | null;
}

export const SSO_ASSERTION_MS = 15 * 60_000;

/** Validations per minute: by client address (also counts refused, assertion-less guesses) and by asserted agent. */
const VALIDATIONS_PER_IP = 30;
const VALIDATIONS_PER_AGENT = 20;
/** One-click URLs and Gaia logins started per client address per minute. */
const ENTRIES_PER_IP = 20;

/** Gaia function codes (spec §4 "with codefonction request a redirect URL"): in-app pages only, never elsewhere. */
const GAIA_FUNCTIONS: Record<string, string> = {
  AJL: '/ecare/ajout-ligne/ajouter-une-ligne-mobile',
  RECHERCHE: '/ecare/recherche-client',
  PROFIL: '/ecare/profil-gaia',
  CONNEXION: '/ecare/identification/authen-gc',
};

const CODE = /^[A-Za-z0-9_.@-]{1,64}$/;

export function createSsoService(deps: { repo: SsoRepository; agents: AgentsService; clock: Clock; limits: Limits; audit: Audit }) {
  const { repo, clock, limits } = deps;

  async function rateLimit(key: string, max: number): Promise<void> {
    const quota = await limits.quota(key, max, 60_000);
    if (!quota.allowed) throw fail('TOO_MANY_REQUESTS', { retryAfterSeconds: quota.retryAfterSeconds });
  }

  /** The active agent a code names, when it is the one the assertion vouches for; else the refusal. */
  async function assertedAgent(assertion: SsoAssertion | null, column: AgentCodeColumn, code: string, ip: string) {
    await rateLimit(`sso-validation:${ip}`, VALIDATIONS_PER_IP);
    if (!assertion) throw fail('SSO_ASSERTION_REQUIRED');
    await rateLimit(`sso-validation-agent:${assertion.agentId}`, VALIDATIONS_PER_AGENT);
    const agent = CODE.test(code) ? await repo.agentBy(column, code) : undefined;
    if (!agent || !agent.actif || agent.id !== assertion.agentId) throw fail('SSO_AGENT_UNKNOWN');
    return agent;
  }

  /** The stored context the one-click assertion names, unexpired and matching the agent's keys. */
  async function assertedContext(assertion: SsoAssertion | null, idContexte: string, idRh: string, urlAppel: string) {
    if (!assertion) throw fail('SSO_ASSERTION_REQUIRED');
    if (assertion.src !== 'oneclic' || assertion.idContexte !== idContexte) throw fail('SSO_CONTEXT_NOT_FOUND');
    const context = await repo.context(idContexte);
    if (!context || context.expiresAt <= clock.now() || context.idRh !== idRh || context.urlAppel !== urlAppel) throw fail('SSO_CONTEXT_NOT_FOUND');
    return context;
  }

  return {
    /** GET /api/validate_sc_sso|codeacores|coderegate/{code}: the agent's own session, no code typed. */
    async validateSc(assertion: SsoAssertion | null, column: AgentCodeColumn, code: string, ip: string): Promise<ValidateScResponse> {
      const agent = await assertedAgent(assertion, column, code, ip);
      return deps.agents.openAgentSession(agent);
    },

    /** GET /api/sso/valider|valider_ca|valider_cr/{code}: whether the code is the asserted agent's (spec §3 `logSSO`). */
    async validate(assertion: SsoAssertion | null, column: AgentCodeColumn, code: string, ip: string): Promise<SsoValidation> {
      try {
        const agent = await assertedAgent(assertion, column, code, ip);
        return { estValide: true, idsso: agent.idSso, codeAcores: agent.codeAcores, codeRegate: agent.codeRegate };
      } catch (error) {
        if (error instanceof AppError && error.code === 'SSO_AGENT_UNKNOWN') {
          return { estValide: false, idsso: null, codeAcores: null, codeRegate: null };
        }
        throw error;
      }
    },

    /** POST /api/service-client/regate: the profile of the asserted agent's Régate code. */
    async regateProfile(assertion: SsoAssertion | null, codeRegate: string, ip: string): Promise<RegateProfile> {
      const agent = await assertedAgent(assertion, 'codeRegate', codeRegate.trim().toUpperCase(), ip);
      return { codeRegate: agent.codeRegate ?? '', nomSc: agent.nomSc, loginSc: agent.loginSc, profil: agent.profil, idrh: agent.idrh };
    },

    /** POST /api/sso/oneclic: the URL's keys once their signature holds; the assertion to set. */
    async oneclic(secret: string, request: OneclicRequest, ip: string): Promise<{ keys: SsoKeys; assertion: SsoAssertion }> {
      await rateLimit(`sso-entry:${ip}`, ENTRIES_PER_IP);
      const keys: OneclicKeys = {
        idmodule: request.idmodule || undefined,
        id_sso: request.id_sso || undefined,
        urlAppelVQD: request.urlAppelVQD || undefined,
        coderegate: request.coderegate || undefined,
        idContexteClient: request.idContexteClient || undefined,
        idrh: request.idrh || undefined,
      };
      const now = clock.now();
      if (!verifyOneclic(secret, keys, request.ts, request.sig, now)) throw fail('SSO_ONECLIC_INVALID');
      // A signed URL opens one session, once: copied from a history or a log, it is refused like an expired one.
      const expiresAt = new Date((Number(request.ts) + ONECLIC_VALIDITY_SECONDS + ONECLIC_CLOCK_SKEW_SECONDS) * 1000);
      if (!(await repo.useOneclicSignature(request.sig, now, expiresAt))) throw fail('SSO_ONECLIC_INVALID');
      const byRegate = keys.coderegate && CODE.test(keys.coderegate) ? await repo.agentBy('codeRegate', keys.coderegate.toUpperCase()) : undefined;
      const bySso = !byRegate && keys.id_sso && CODE.test(keys.id_sso) ? await repo.agentBy('idSso', keys.id_sso) : undefined;
      const agent = byRegate ?? bySso;
      if (!agent || !agent.actif) throw fail('SSO_AGENT_UNKNOWN');
      const assertion: SsoAssertion = {
        src: 'oneclic',
        agentId: agent.id,
        idSso: keys.id_sso ?? null,
        codeRegate: keys.coderegate?.toUpperCase() ?? null,
        idrh: keys.idrh ?? null,
        idContexte: keys.idContexteClient ?? null,
        urlAppel: keys.urlAppelVQD ?? null,
        idModule: keys.idmodule ?? null,
      };
      return {
        assertion,
        keys: {
          IdModule: assertion.idModule,
          IdSSO: assertion.idSso,
          UrlAppelVQD: assertion.urlAppel,
          CodeRegate: assertion.codeRegate,
          IdContexteClient: assertion.idContexte,
          IdRh: assertion.idrh,
        },
      };
    },

    /** Whether a Gaia login may start from this address now (ENTRIES_PER_IP a minute). */
    async entryQuota(ip: string): Promise<boolean> {
      return (await limits.quota(`sso-entry:${ip}`, ENTRIES_PER_IP, 60_000)).allowed;
    },

    /** The Gaia-authenticated agent's assertion, or null when the subject is no active agent (Gaia-not-allowed). */
    async gaiaAssertion(subject: string): Promise<SsoAssertion | null> {
      const agent = CODE.test(subject) ? await repo.agentBy('idSso', subject) : undefined;
      if (!agent || !agent.actif) return null;
      return { src: 'gaia', agentId: agent.id, idSso: subject, codeRegate: agent.codeRegate, idrh: agent.idrh, idContexte: null, urlAppel: null, idModule: null };
    },

    /** GET /api/gaia/info/{idSsoGaia} (spec §3 "Gaia info"). */
    async gaiaInfo(assertion: SsoAssertion | null, idSso: string, ip: string): Promise<GaiaInfo> {
      const agent = await assertedAgent(assertion?.src === 'gaia' ? assertion : null, 'idSso', idSso, ip);
      return { codeRegate: agent.codeRegate, idrh: agent.idrh, idsso: idSso };
    },

    /** GET /api/gaia/profil: the Gaia-authenticated agent. */
    async gaiaProfile(assertion: SsoAssertion | null, ip: string): Promise<GaiaProfile> {
      if (assertion?.src !== 'gaia' || !assertion.idSso) throw fail('SSO_ASSERTION_REQUIRED');
      const agent = await assertedAgent(assertion, 'idSso', assertion.idSso, ip);
      return {
        idsso: assertion.idSso,
        codeRegate: agent.codeRegate,
        idrh: agent.idrh,
        nomSc: agent.nomSc,
        loginSc: agent.loginSc,
        profil: agent.profil,
        codeAcores: agent.codeAcores,
      };
    },

    /** GET /api/gaia/redirection/{codefonction}: an in-app address, for a Gaia-authenticated agent. */
    gaiaRedirect(assertion: SsoAssertion | null, codeFonction: string): { url: string } {
      if (assertion?.src !== 'gaia') throw fail('SSO_ASSERTION_REQUIRED');
      const url = GAIA_FUNCTIONS[codeFonction.trim().toUpperCase()];
      if (!url) throw fail('SSO_GAIA_FUNCTION_UNKNOWN');
      return { url };
    },

    /** POST /api/contexte/lire (spec §3 context request and response). */
    async readContext(assertion: SsoAssertion | null, request: ContextReadRequest, ip: string): Promise<ContextResponse> {
      await rateLimit(`sso-validation:${ip}`, VALIDATIONS_PER_IP);
      const context = await assertedContext(assertion, request.IdContexte, request.IdRh, request.UrlAppel);
      return {
        estConnexionOk: context.estConnexionOk,
        email: context.email,
        idClientLPM: context.idClientLpm,
        idCoclico: context.idCoclico,
        idSouscriptionLPM: context.idSouscriptionLpm,
        typeContexteClient: context.typeContexteClient,
      };
    },

    /**
     * POST /api/contexte/maj (spec §3 context update), from the customer session the agent opened
     * through the SSO: on that session's account only, recorded in the audit log.
     */
    async updateContext(
      assertion: SsoAssertion | null,
      customer: { userId: number; agent: ActingAgent | null },
      update: ContextUpdate,
      ip: string,
    ): Promise<void> {
      const context = await assertedContext(assertion, update.idContexte, update.idRh, update.urlAppel);
      if (!customer.agent || customer.agent.agentId !== assertion?.agentId) throw fail('AGENT_FORBIDDEN');
      const idClientBscs = update.idClientBscs ?? customer.agent.idClientBscs;
      if (idClientBscs !== customer.agent.idClientBscs) throw fail('FORBIDDEN_ACCOUNT');
      const avant = { estGestionnaire: context.estGestionnaire, idClientBscs: context.idClientBscs, idCoclico: context.idCoclico, idSouscriptionLPM: context.idSouscriptionLpm, typeContexteClient: context.typeContexteClient };
      const apres = {
        estGestionnaire: update.estGestionnaire,
        idClientBscs,
        idCoclico: update.idCoclico ?? context.idCoclico,
        idSouscriptionLPM: update.idSouscriptionLPM ?? context.idSouscriptionLpm,
        typeContexteClient: update.typeContexteClient ?? context.typeContexteClient,
      };
      await repo.updateContext(context.idContexte, {
        estGestionnaire: apres.estGestionnaire,
        idClientBscs,
        idCoclico: apres.idCoclico,
        idSouscriptionLpm: apres.idSouscriptionLPM,
        typeContexteClient: apres.typeContexteClient,
        updatedAt: clock.now(),
      });
      await deps.audit.record({ userId: customer.userId, action: 'MAJ_CONTEXTE_SSO', idClientBscs, sourceAddress: ip, details: { idContexte: context.idContexte, avant, apres } });
    },

    /**
     * POST /api/sso/connexion: the composite login (`CODE_REGATE :{code}|{e-mail}`) of the agent the
     * assertion vouches for, with their agent token instead of their code. With a context, the
     * e-mail must be the context's and its connection OK; the reason names the context.
     */
    async connect(
      assertion: SsoAssertion | null,
      agent: AgentCaller,
      request: { username: string; motif?: string | undefined; idContexte?: string | undefined },
      ip: string,
    ): Promise<TokenResponse> {
      if (!assertion) throw fail('SSO_ASSERTION_REQUIRED');
      if (assertion.agentId !== agent.agentId) throw fail('SSO_AGENT_UNKNOWN');
      const parsed = parseCompositeUsername(request.username);
      if (!parsed) throw fail('INVALID_GRANT');
      const byRegate = await repo.agentBy('codeRegate', parsed.codeRegate);
      if (!byRegate || byRegate.id !== agent.agentId) throw fail('SSO_AGENT_UNKNOWN');
      let motif = request.motif ?? '';
      if (request.idContexte !== undefined) {
        const context = await assertedContext(assertion, request.idContexte, assertion.idrh ?? '', assertion.urlAppel ?? '');
        if (!context.estConnexionOk || context.email?.toLowerCase() !== parsed.email.toLowerCase()) throw fail('SSO_CONTEXT_NOT_FOUND');
        if (motif.trim() === '') motif = `Connexion en un clic, contexte client ${context.idContexte}`;
      }
      return deps.agents.connectByEmail(byRegate, parsed.email, motif, ip);
    },
  };
}
export type SsoService = ReturnType<typeof createSsoService>;
