import { serverParametersSchema } from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import type { ParametersService } from './parameters.service.ts';

export async function parametersRoutes(app: ModuleApp, service: ParametersService) {
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
      return service.publicParameters();
    },
  );
}
