import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serverParametersSchema } from '@ecare/shared';
import type { RouteDeps } from '../../app-deps.ts';

export const parametersRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { services }) => {
  app.get(
    '/api/parametres',
    {
      schema: {
        tags: ['parameters'],
        summary: 'Paramètres serveur publics (bandeaux, maintenance, captcha…), sans authentification',
        response: { 200: serverParametersSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return services.parameters.publicParameters();
    },
  );
};
