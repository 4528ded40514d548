import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  idClientBscsParamSchema,
  idContratParamSchema,
  lineDetailSchema,
  linePageQuerySchema,
  linePageSchema,
} from '@ecare/shared';
import type { RouteDeps } from '../../app-deps.ts';
import { caller } from '../../plugins/authenticate.ts';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

export const linesRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, authenticate }) => {
  app.get(
    '/api/contrats_pagination/:id_client_bscs',
    {
      onRequest: authenticate,
      schema: {
        tags: ['lines'],
        summary: "Les lignes d'un compte de facturation, paginées et triées côté serveur",
        params: idClientBscsParamSchema,
        querystring: linePageQuerySchema,
        response: { 200: linePageSchema, ...errorResponses },
      },
    },
    async (request) => services.lines.page(caller(request).user.id, request.params.id_client_bscs, request.query),
  );

  app.get(
    '/api/ligne/:id_contrat',
    {
      onRequest: authenticate,
      schema: {
        tags: ['lines'],
        summary: "Le détail d'une ligne (contrat)",
        params: idContratParamSchema,
        response: { 200: lineDetailSchema, ...errorResponses },
      },
    },
    async (request) => services.lines.detail(caller(request).user.id, request.params.id_contrat),
  );
};
