import { agentFactorParamSchema, apiErrorSchema, okResponseSchema } from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import { assertAdministration } from '../../policy/access-policy.ts';
import { caller } from '../auth/index.ts';
import type { SecurityService } from './security.service.ts';

/** The back office resets the authenticator app of an agent who signs in with a code (decision 057). */
export async function agentFactorsRoutes(app: ModuleApp, { service }: { service: SecurityService }) {
  app.delete(
    '/api/admin/conseillers/:agentId/totp',
    {
      onRequest: [
        app.auth.authenticate,
        async (request) => {
          const { user, agent } = caller(request);
          assertAdministration({ ...user, agentMode: agent !== null });
        },
      ],
      schema: {
        tags: ['admin'],
        summary: 'Réinitialise l’application d’authentification d’un conseiller : il en inscrira une nouvelle à sa prochaine connexion (tracé)',
        description: 'Réservé aux utilisateurs ayant le drapeau administration, hors conseillers du service client et mode agent (403 sinon). Un conseiller sans application répond 404.',
        params: agentFactorParamSchema,
        response: { 200: okResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      await service.resetAgentFactor(caller(request).user.id, request.params.agentId, request.ip);
      return { ok: true as const };
    },
  );
}
