import { apiErrorSchema, menuParamsSchema, menuSchema } from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import type { MenuService } from './menu.service.ts';

export async function menuRoutes(app: ModuleApp, service: MenuService) {
  const { authenticate } = app.auth;
  app.get(
    '/api/menu/:statut_cpt_fact/:statut_ligne_mobile/:id_gamme_ligne/:statut_ligne_adsl',
    {
      onRequest: authenticate,
      schema: {
        tags: ['menu'],
        summary: "Le menu d’en-tête pour le statut du compte et de la ligne (« aucun » si non choisi)",
        params: menuParamsSchema,
        response: { 200: menuSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => service.menu(request.params),
  );
}
