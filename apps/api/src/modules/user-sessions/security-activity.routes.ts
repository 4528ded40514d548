import { apiErrorSchema, securityActivitySchema } from '@ecare/shared';
import type { FastifyRequest } from 'fastify';
import type { ModuleApp } from '../../core/module.ts';
import { assertNotAgent } from '../../policy/acting-agent.ts';
import { caller } from '../auth/index.ts';
import type { SecurityActivityService } from './security-activity.service.ts';

/** The signed-in user's own security activity (decision 058); an agent in a customer's session has no business here. */
export async function securityActivityRoutes(app: ModuleApp, service: SecurityActivityService) {
  app.get(
    '/api/securite/activite',
    {
      onRequest: [app.auth.authenticate, async (request: FastifyRequest) => assertNotAgent(caller(request))],
      schema: {
        tags: ['security'],
        summary:
          'Les connexions et changements de sécurité récents de l’utilisateur connecté (30 au plus, des 90 derniers jours), du plus récent au plus ancien',
        response: { 200: securityActivitySchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return service.recent(caller(request).user.id);
    },
  );
}
