import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, billingAccountListSchema, billingAccountSchema, idClientBscsParamSchema } from '@ecare/shared';
import type { RouteDeps } from '../../app-deps.ts';
import { caller } from '../../plugins/authenticate.ts';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

export const accountsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, authenticate }) => {
  app.get(
    '/api/comptes_facturation',
    {
      onRequest: authenticate,
      schema: {
        tags: ['accounts'],
        summary: "Les comptes de facturation rattachés à l'utilisateur (isGestionnaire : gérable)",
        response: { 200: billingAccountListSchema, 401: apiErrorSchema },
      },
    },
    async (request) => services.accounts.list(caller(request).user.id),
  );

  app.get(
    '/api/comptes_facturation/:id_client_bscs',
    {
      onRequest: authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'Un compte de facturation géré par l’utilisateur',
        params: idClientBscsParamSchema,
        response: { 200: billingAccountSchema, ...errorResponses },
      },
    },
    async (request) => services.accounts.get(caller(request).user.id, request.params.id_client_bscs),
  );
};
