import { apiErrorSchema, mfaResetParamsSchema, mfaResetRequestSchema, okResponseSchema, recoveryCodesSchema } from '@ecare/shared';
import type { FastifyRequest } from 'fastify';
import type { ModuleApp } from '../../core/module.ts';
import { assertNotAgent } from '../../policy/acting-agent.ts';
import { caller } from '../auth/index.ts';
import type { RecoveryService } from './recovery.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** New recovery codes for the user, and the customer service's reset of a user's second factors (decision 058). */
export async function recoveryRoutes(app: ModuleApp, { service }: { service: RecoveryService }) {
  const { authenticate } = app.auth;

  app.post(
    '/api/securite/codes-secours',
    {
      onRequest: [authenticate, async (request: FastifyRequest) => assertNotAgent(caller(request))],
      schema: {
        tags: ['security'],
        summary: 'Génère 10 nouveaux codes de secours, qui remplacent tous les anciens ; renvoyés une seule fois',
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return service.regenerate(caller(request).user, request.ip);
    },
  );

  app.post(
    '/api/clients/:idClientBscs/utilisateurs/:idUtilisateur/reinitialisation-mfa',
    {
      onRequest: authenticate,
      schema: {
        tags: ['security'],
        summary:
          'Réservé à un conseiller connecté au compte : retire les seconds facteurs et les codes de secours d’un utilisateur du compte qui les a tous perdus, met fin à ses sessions, le prévient avec les gestionnaires du compte',
        params: mfaResetParamsSchema,
        body: mfaResetRequestSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const auth = caller(request);
      await service.reset(
        { userId: auth.user.id, tokenHash: auth.tokenHash, agent: auth.agent, sourceAddress: request.ip },
        request.params.idClientBscs,
        request.params.idUtilisateur,
        request.body.motif,
      );
      return { ok: true as const };
    },
  );
}
