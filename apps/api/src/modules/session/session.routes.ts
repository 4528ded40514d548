import { apiErrorSchema, sessionDataParamsSchema, sessionDataSchema } from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import { caller } from '../auth/index.ts';
import type { SessionService } from './session.service.ts';

export async function sessionRoutes(app: ModuleApp, service: SessionService) {
  const { authenticate } = app.auth;
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
      service.load(caller(request).user, request.params.id_client_bscs, request.params.id_contrat),
  );
}
