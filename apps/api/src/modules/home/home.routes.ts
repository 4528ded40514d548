import { apiErrorSchema, homeParamsSchema, homeSchema } from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import { caller } from '../auth/index.ts';
import type { HomeService } from './home.service.ts';

export async function homeRoutes(app: ModuleApp, service: HomeService) {
  app.get(
    '/api/clients/:idClientBscs/accueil',
    {
      onRequest: app.auth.authenticate,
      schema: {
        tags: ['home'],
        summary:
          'Accueil du gestionnaire : les lignes du compte par statut, les cinq lignes qui consomment le plus de données sur la période de facturation en cours (relevé mensuel et remontées du jour), et les commandes en cours. Réservé aux gestionnaires du compte',
        params: homeParamsSchema,
        response: { 200: homeSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => service.home(caller(request).user.id, request.params.idClientBscs),
  );
}
