import {
  apiErrorSchema,
  idClientBscsParamSchema,
  idContratParamSchema,
  lineDetailSchema,
  linePageQuerySchema,
  linePageSchema,
} from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import { caller } from '../auth/index.ts';
import type { LinesService } from './lines.service.ts';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

export async function linesRoutes(app: ModuleApp, service: LinesService) {
  const { authenticate } = app.auth;
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
    async (request) => service.page(caller(request).user.id, request.params.id_client_bscs, request.query),
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
    async (request) => service.detail(caller(request).user.id, request.params.id_contrat),
  );
}
