import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  apiErrorSchema,
  contextReadRequestSchema,
  contextResponseSchema,
  contextUpdateSchema,
  GAIA_FUNCTION_CODE,
  gaiaInfoSchema,
  gaiaLoginQuerySchema,
  gaiaProfileSchema,
  gaiaStateSchema,
  okResponseSchema,
  oneclicRequestSchema,
  regateLookupRequestSchema,
  regateProfileSchema,
  ssoCodeParamsSchema,
  ssoConnectRequestSchema,
  ssoKeysSchema,
  ssoValidationSchema,
  tokenResponseSchema,
  urlResponseSchema,
  validateScResponseSchema,
  ONECLIC_KEYS,
} from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import type { Clock } from '../../lib/clock.ts';
import { caller } from '../auth/index.ts';
import { localOnly } from '../../platform/dev/index.ts';
import { agentCaller, type createAuthenticateAgent } from './agents.hook.ts';
import type { GaiaClient, GaiaPending } from './gaia.ts';
import { signedOneclicQuery } from './oneclic-signature.ts';
import type { Sealer } from './sso-seal.ts';
import { SSO_ASSERTION_MS, type SsoAssertion, type SsoService } from './sso.service.ts';
import type { AgentCodeColumn } from './sso.repository.ts';

/** The SSO assertion's cookie (decision 034): httpOnly, only sent to the API. */
export const SSO_COOKIE = 'sso_assertion';
/** The Gaia login's PKCE verifier, state and nonce, between the start and the callback. */
export const GAIA_PENDING_COOKIE = 'gaia_pending';
const GAIA_PENDING_MS = 10 * 60_000;

/** What the Gaia login's sealed cookie keeps: the OpenID checks and the function to open afterwards. */
type GaiaStarted = GaiaPending & { codeFonction?: string };

const GAIA_PAGE = '/ecare/gaia';
const GAIA_NOT_ALLOWED_PAGE = '/ecare/gaia-non-autorise';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };

export interface SsoRouteDeps {
  service: SsoService;
  authenticateAgent: ReturnType<typeof createAuthenticateAgent>;
  assertions: Sealer;
  pending: Sealer;
  gaia: GaiaClient | null;
  oneclicSecret: string;
  clock: Clock;
  cookieSecure: boolean;
  publicUrl: string;
  devTools: boolean;
}

export async function ssoRoutes(app: ModuleApp, deps: SsoRouteDeps) {
  const { service, assertions, pending, gaia, clock } = deps;
  const cookie = (path: string, maxAgeMs: number) => ({ path, httpOnly: true, sameSite: 'lax' as const, secure: deps.cookieSecure, maxAge: Math.floor(maxAgeMs / 1000) });
  const assertionOf = (request: FastifyRequest): SsoAssertion | null => assertions.open<SsoAssertion>(request.cookies[SSO_COOKIE], clock.now());
  const setAssertion = (reply: FastifyReply, assertion: SsoAssertion) =>
    reply.setCookie(SSO_COOKIE, assertions.seal(assertion, new Date(clock.now().getTime() + SSO_ASSERTION_MS)), cookie('/api', SSO_ASSERTION_MS));
  const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

  // Validations by SSO id, acores code, Régate code (spec §7): only for an asserted agent's own code.
  const validations: [string, string, AgentCodeColumn][] = [
    ['/api/validate_sc_sso/:code', '/api/sso/valider/:code', 'idSso'],
    ['/api/validate_sc_codeacores/:code', '/api/sso/valider_ca/:code', 'codeAcores'],
    ['/api/validate_sc_coderegate/:code', '/api/sso/valider_cr/:code', 'codeRegate'],
  ];
  for (const [sessionPath, checkPath, column] of validations) {
    app.get(
      sessionPath,
      {
        schema: {
          tags: ['sso'],
          summary: `Conseiller authentifié par SSO (Gaia ou un clic), reconnu par ${column} : son nom, son login et son jeton de conseiller`,
          security: [],
          params: ssoCodeParamsSchema,
          response: { 200: validateScResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return service.validateSc(assertionOf(request), column, request.params.code, request.ip);
      },
    );
    app.get(
      checkPath,
      {
        schema: {
          tags: ['sso'],
          summary: `Vérifie que ${column} est celui du conseiller authentifié par SSO (état logSSO)`,
          security: [],
          params: ssoCodeParamsSchema,
          response: { 200: ssoValidationSchema, ...errors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return service.validate(assertionOf(request), column, request.params.code, request.ip);
      },
    );
  }

  app.post(
    '/api/service-client/regate',
    {
      schema: {
        tags: ['sso'],
        summary: 'Profil du conseiller authentifié par SSO, par son code Régate',
        security: [],
        body: regateLookupRequestSchema,
        response: { 200: regateProfileSchema, ...errors },
      },
    },
    async (request) => service.regateProfile(assertionOf(request), request.body.codeRegate, request.ip),
  );

  app.post(
    '/api/sso/oneclic',
    {
      schema: {
        tags: ['sso'],
        summary: 'Entrée en un clic : vérifie la signature des clés de l’URL (5 minutes) et pose l’assertion SSO',
        security: [],
        body: oneclicRequestSchema,
        response: { 200: ssoKeysSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { keys, assertion } = await service.oneclic(deps.oneclicSecret, request.body, request.ip);
      setAssertion(reply, assertion);
      return keys;
    },
  );

  app.post(
    '/api/contexte/lire',
    {
      schema: { tags: ['sso'], summary: 'Contexte client transmis par le poste conseiller (entrée en un clic)', security: [], body: contextReadRequestSchema, response: { 200: contextResponseSchema, ...errors } },
    },
    async (request, reply) => {
      noStore(reply);
      return service.readContext(assertionOf(request), request.body, request.ip);
    },
  );

  app.post(
    '/api/contexte/maj',
    {
      onRequest: app.auth.authenticate,
      schema: {
        tags: ['sso'],
        summary: 'Mise à jour du contexte client après la connexion du conseiller (session client ouverte par SSO)',
        body: contextUpdateSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user, agent } = caller(request);
      await service.updateContext(assertionOf(request), { userId: user.id, agent }, request.body, request.ip);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/sso/connexion',
    {
      onRequest: deps.authenticateAgent,
      schema: {
        tags: ['sso'],
        summary: 'Connexion du conseiller authentifié par SSO au compte d’un client (identifiant composé, sans code confidentiel)',
        body: ssoConnectRequestSchema,
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return service.connect(assertionOf(request), agentCaller(request), request.body, request.ip);
    },
  );

  // Gaia (spec §4 "Gaia entry").
  app.get(
    '/api/gaia/etat',
    { schema: { tags: ['sso'], summary: 'Gaia est-il configuré, et ce navigateur authentifié par Gaia ?', security: [], response: { 200: gaiaStateSchema } } },
    async (request, reply) => {
      noStore(reply);
      return { configure: gaia !== null, authentifie: assertionOf(request)?.src === 'gaia' };
    },
  );

  app.get(
    '/api/gaia/connexion',
    { schema: { tags: ['sso'], summary: 'Démarre la connexion Gaia (code d’autorisation avec PKCE)', security: [], querystring: gaiaLoginQuerySchema, hide: true } },
    async (request, reply) => {
      if (!gaia) return reply.redirect(`${GAIA_PAGE}?erreur=configuration`);
      const quota = await service.entryQuota(request.ip);
      if (!quota) return reply.redirect(`${GAIA_PAGE}?erreur=limite`);
      const { url, pending: checks } = await gaia.start();
      // The function asked for (/gaia?codefonction=) waits in the sealed cookie for Gaia's answer; anything else is dropped.
      const { codefonction } = request.query;
      const started: GaiaStarted = codefonction && GAIA_FUNCTION_CODE.test(codefonction) ? { ...checks, codeFonction: codefonction } : checks;
      reply.setCookie(GAIA_PENDING_COOKIE, pending.seal(started, new Date(clock.now().getTime() + GAIA_PENDING_MS)), cookie('/api/gaia', GAIA_PENDING_MS));
      noStore(reply);
      return reply.redirect(url);
    },
  );

  app.get(
    '/api/gaia/retour',
    { schema: { tags: ['sso'], summary: 'Retour de Gaia : le code est échangé, l’agent reconnu par son identifiant Gaia', security: [], hide: true } },
    async (request, reply) => {
      noStore(reply);
      reply.clearCookie(GAIA_PENDING_COOKIE, { path: '/api/gaia' });
      const checks = pending.open<GaiaStarted>(request.cookies[GAIA_PENDING_COOKIE], clock.now());
      if (!gaia || !checks) return reply.redirect(`${GAIA_PAGE}?erreur=session`);
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      let subject: string;
      try {
        subject = await gaia.finish(query, checks);
      } catch {
        return reply.redirect(`${GAIA_PAGE}?erreur=gaia`);
      }
      const assertion = await service.gaiaAssertion(subject);
      if (!assertion) {
        reply.clearCookie(SSO_COOKIE, { path: '/api' });
        return reply.redirect(GAIA_NOT_ALLOWED_PAGE);
      }
      setAssertion(reply, assertion);
      // Back to the function the agent opened /gaia for, or to the Gaia entry's agent login.
      if (checks.codeFonction) return reply.redirect(`${GAIA_PAGE}?codefonction=${encodeURIComponent(checks.codeFonction)}`);
      return reply.redirect(`${GAIA_PAGE}?id_sso_oidc=${encodeURIComponent(subject)}`);
    },
  );

  app.get(
    '/api/gaia/info/:code',
    { schema: { tags: ['sso'], summary: 'Informations Gaia de l’agent authentifié (code Régate, idrh, idsso)', security: [], params: ssoCodeParamsSchema, response: { 200: gaiaInfoSchema, ...errors } } },
    async (request, reply) => {
      noStore(reply);
      return service.gaiaInfo(assertionOf(request), request.params.code, request.ip);
    },
  );

  app.get(
    '/api/gaia/profil',
    { schema: { tags: ['sso'], summary: 'Profil de l’agent authentifié par Gaia', security: [], response: { 200: gaiaProfileSchema, ...errors } } },
    async (request, reply) => {
      noStore(reply);
      return service.gaiaProfile(assertionOf(request), request.ip);
    },
  );

  app.get(
    '/api/gaia/redirection/:code',
    { schema: { tags: ['sso'], summary: 'Adresse d’une fonction Gaia (codefonction), toujours une page du portail', security: [], params: ssoCodeParamsSchema, response: { 200: urlResponseSchema, ...errors } } },
    async (request) => service.gaiaRedirect(assertionOf(request), request.params.code),
  );

  app.post(
    '/api/gaia/deconnexion',
    { schema: { tags: ['sso'], summary: 'Oublie l’assertion Gaia ; l’adresse de déconnexion de Gaia', security: [], response: { 200: urlResponseSchema } } },
    async (_request, reply) => {
      noStore(reply);
      reply.clearCookie(SSO_COOKIE, { path: '/api' });
      const back = `${GAIA_NOT_ALLOWED_PAGE}?deconnecte=1`;
      const url = gaia ? await gaia.signOutUrl(`${deps.publicUrl}${back}`) : null;
      return { url: url ?? back };
    },
  );

  if (deps.devTools) {
    // Development only, like the other dev tools: a signed one-click URL for the demo contexts (README).
    app.get(
      '/api/dev/oneclic',
      {
        onRequest: localOnly,
        schema: {
          tags: ['dev'],
          summary: 'Développement : redirige vers une URL en un clic signée avec le secret de ce serveur',
          security: [],
          querystring: z.object(Object.fromEntries(ONECLIC_KEYS.map((name) => [name, z.string().max(500).optional()]))),
          hide: true,
        },
      },
      async (request, reply) => {
        const keys = request.query as Partial<Record<(typeof ONECLIC_KEYS)[number], string>>;
        return reply.redirect(`${deps.publicUrl}/ecare/oneclic?${signedOneclicQuery(deps.oneclicSecret, keys, clock.now())}`);
      },
    );
  }
}
