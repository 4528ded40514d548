import { apiErrorSchema, idContratCamelParamSchema, lineBarringsAnswerSchema, lineBarringsBodySchema } from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import { actorOf } from '../auth/index.ts';
import type { LinesService } from './lines.service.ts';

const writeErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema };

/** Roaming and international calls barred or allowed on a line (decision 053); the line page reads them. */
export async function lineBarringsRoutes(app: ModuleApp, service: LinesService) {
  const { authenticate } = app.auth;

  app.put(
    '/api/lignes/:idContrat/barrages',
    {
      onRequest: authenticate,
      schema: {
        tags: ['lines'],
        summary:
          "Bloque ou autorise l’itinérance (appels, SMS et internet à l’étranger) et les appels vers l’international sur la ligne : les deux valeurs, en booléens (réservé au gestionnaire du compte, ligne non résiliée ; tracé dans le journal d’audit avec l’état avant et après)",
        params: idContratCamelParamSchema,
        body: lineBarringsBodySchema,
        response: { 200: lineBarringsAnswerSchema, ...writeErrors },
      },
    },
    async (request) => service.setBarrings(actorOf(request), request.params.idContrat, request.body),
  );
}
