import { apiErrorSchema, billingAccountListSchema, billingAccountSchema, idClientBscsParamSchema } from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import { caller } from '../auth/index.ts';
import type { AccountsService } from './accounts.service.ts';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

export async function accountsRoutes(app: ModuleApp, service: AccountsService) {
  const { authenticate } = app.auth;
  app.get(
    '/api/comptes_facturation',
    {
      onRequest: authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'Les comptes de facturation que l’utilisateur gère (isGestionnaire toujours vrai) ; ceux auxquels il est seulement rattaché n’y figurent pas',
        response: { 200: billingAccountListSchema, 401: apiErrorSchema },
      },
    },
    async (request) => service.list(caller(request).user.id),
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
    async (request) => service.get(caller(request).user.id, request.params.id_client_bscs),
  );
}
