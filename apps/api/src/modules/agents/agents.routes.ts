import {
  accountSearchRequestSchema,
  accountSearchResponseSchema,
  agentActionListSchema,
  agentConnectRequestSchema,
  agentConnectResponseSchema,
  agentUserSchema,
  apiErrorSchema,
  auditParamsSchema,
  okResponseSchema,
  validateScRequestSchema,
  validateScResponseSchema,
} from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import type { Limits } from '../../lib/limits.ts';
import { caller } from '../auth/index.ts';
import { agentCaller, type createAuthenticateAgent } from './agents.hook.ts';
import type { AgentsService } from './agents.service.ts';

const agentErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema };

export async function agentsRoutes(
  app: ModuleApp,
  { service, authenticateAgent, limits }: { service: AgentsService; authenticateAgent: ReturnType<typeof createAuthenticateAgent>; limits: Limits },
) {
  app.post(
    '/api/validate_sc',
    {
      onRequest: limits.perIpHook('login'),
      schema: {
        tags: ['agents'],
        summary: 'Connexion d’un conseiller (identifiant, code confidentiel haché) : son nom, son login et son jeton de conseiller',
        security: [],
        body: validateScRequestSchema,
        response: { 200: validateScResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return service.validate(request.body, request.ip);
    },
  );

  app.get(
    '/api/service-client/agent',
    {
      onRequest: authenticateAgent,
      schema: { tags: ['agents'], summary: 'Le conseiller connecté (jeton de conseiller, jamais un jeton client)', response: { 200: agentUserSchema, 401: apiErrorSchema } },
    },
    async (request) => service.me(agentCaller(request)),
  );

  app.post(
    '/api/service-client/deconnexion',
    {
      onRequest: authenticateAgent,
      schema: {
        tags: ['agents'],
        summary: 'Déconnexion du conseiller : sa session et les sessions client qu’il a ouvertes prennent fin',
        response: { 200: okResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      await service.logout(agentCaller(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/service-client/recherche',
    {
      onRequest: authenticateAgent,
      schema: {
        tags: ['agents'],
        summary: 'Recherche des comptes de facturation d’un client, par l’e-mail d’un gestionnaire ou par numéro de compte (jeton de conseiller)',
        body: accountSearchRequestSchema,
        response: { 200: accountSearchResponseSchema, ...agentErrors },
      },
    },
    async (request) => service.search(agentCaller(request), request.body),
  );

  app.post(
    '/api/service-client/connexion',
    {
      onRequest: authenticateAgent,
      schema: {
        tags: ['agents'],
        summary:
          'Connexion du conseiller à un compte de facturation, pour un motif : une session client limitée à ce compte, qui prend fin avec la session du conseiller',
        body: agentConnectRequestSchema,
        response: { 200: agentConnectResponseSchema, ...agentErrors, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return service.connect(agentCaller(request), request.body, request.ip);
    },
  );

  app.get(
    '/api/audit/:idClientBscs',
    {
      onRequest: app.auth.authenticate,
      schema: {
        tags: ['agents'],
        summary: 'Actions du service client sur un compte de facturation (conseiller, date, action, motif), les plus récentes d’abord',
        params: auditParamsSchema,
        response: { 200: agentActionListSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => service.actions(caller(request).user.id, request.params.idClientBscs),
  );
}
