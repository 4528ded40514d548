import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, menuParamsSchema, menuSchema } from '@ecare/shared';
import type { RouteDeps } from '../../app-deps.ts';

export const menuRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services, authenticate }) => {
  app.get(
    '/api/menu/:statut_cpt_fact/:statut_ligne_mobile/:id_gamme_ligne/:statut_ligne_adsl',
    {
      onRequest: authenticate,
      schema: {
        tags: ['menu'],
        summary: "Le menu d'en-tête pour le statut du compte et de la ligne (« aucun » si non choisi)",
        params: menuParamsSchema,
        response: { 200: menuSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => services.menu.menu(request.params),
  );
};
