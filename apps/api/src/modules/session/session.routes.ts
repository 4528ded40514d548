import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, sessionDataParamsSchema, sessionDataSchema } from '@ecare/shared';
import type { RouteDeps } from '../../app-deps.ts';
import { caller } from '../../plugins/authenticate.ts';

export const sessionRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, authenticate }) => {
  app.get(
    '/api/sessiondata/:id_client_bscs/:id_contrat',
    {
      onRequest: authenticate,
      schema: {
        tags: ['session'],
        summary: 'Données de session pour le compte et la ligne choisis (id_contrat 0 : aucune ligne)',
        params: sessionDataParamsSchema,
        response: { 200: sessionDataSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) =>
      services.session.load(caller(request).user, request.params.id_client_bscs, request.params.id_contrat),
  );
};
