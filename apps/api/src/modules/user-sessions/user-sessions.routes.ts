import { apiErrorSchema, okResponseSchema, otherSessionsEndedSchema, userSessionParamsSchema, userSessionsSchema } from '@ecare/shared';
import type { FastifyRequest } from 'fastify';
import type { ModuleApp } from '../../core/module.ts';
import { assertNotAgent } from '../../policy/acting-agent.ts';
import { actorOf, caller } from '../auth/index.ts';
import type { SessionCaller, UserSessionsService } from './user-sessions.service.ts';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema };

/** The caller and their session; an agent in a customer's session has no business here (403). */
function sessionCaller(request: FastifyRequest): SessionCaller {
  const auth = caller(request);
  assertNotAgent(auth);
  return { actor: actorOf(request), tokenHash: auth.tokenHash };
}

export async function userSessionsRoutes(app: ModuleApp, service: UserSessionsService) {
  const { authenticate } = app.auth;

  app.get(
    '/api/sessions',
    {
      onRequest: authenticate,
      schema: {
        tags: ['sessions'],
        summary: 'Les sessions ouvertes de l’utilisateur connecté : appareil, navigateur, lieu approché, début, dernière activité',
        response: { 200: userSessionsSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return service.list(sessionCaller(request));
    },
  );

  app.delete(
    '/api/sessions/:id',
    {
      onRequest: authenticate,
      schema: {
        tags: ['sessions'],
        summary: 'Met fin à l’une des sessions de l’utilisateur connecté',
        params: userSessionParamsSchema,
        response: { 200: okResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      await service.end(sessionCaller(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/sessions',
    {
      onRequest: authenticate,
      schema: {
        tags: ['sessions'],
        summary: 'Met fin à toutes les sessions de l’utilisateur connecté, sauf celle-ci',
        response: { 200: otherSessionsEndedSchema, ...errors },
      },
    },
    async (request) => service.endOthers(sessionCaller(request)),
  );
}
