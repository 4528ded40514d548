import {
  accountLabelsSchema,
  apiErrorSchema,
  costCentreBodySchema,
  costCentreDeleteQuerySchema,
  costCentreLineParamSchema,
  costCentreListSchema,
  costCentreParamSchema,
  costCentreSchema,
  costCentresAccountParamSchema,
  lineCentreBodySchema,
  lineCostAllocationSchema,
  lineLabelsBodySchema,
} from '@ecare/shared';
import { z } from 'zod';
import type { ModuleApp } from '../../core/module.ts';
import { actorOf, caller } from '../auth/index.ts';
import type { CostCentresService } from './cost-centres.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const writeErrors = { ...errors, 409: apiErrorSchema };
const RULES =
  'Code unique dans le compte (20 caractères au plus, enregistré en majuscules), libellé de 60 caractères au plus, centre parent du même compte ; trois niveaux au plus, sans cycle.';

export async function costCentresRoutes(app: ModuleApp, service: CostCentresService) {
  const { authenticate } = app.auth;
  const tags = ['centres de coût'];

  app.get(
    '/api/clients/:idClientBscs/centres-de-cout',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Les centres de coût d’un compte, dans l’ordre de l’arborescence, avec leurs lignes ; gestionnaires du compte',
        params: costCentresAccountParamSchema,
        response: { 200: costCentreListSchema, ...errors },
      },
    },
    async (request) => service.list(caller(request).user.id, request.params.idClientBscs),
  );

  app.post(
    '/api/clients/:idClientBscs/centres-de-cout',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Crée un centre de coût ; gestionnaires du compte, tracé',
        description: RULES,
        params: costCentresAccountParamSchema,
        body: costCentreBodySchema,
        response: { 201: costCentreSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(actorOf(request), request.params.idClientBscs, request.body)),
  );

  app.put(
    '/api/clients/:idClientBscs/centres-de-cout/:idCentre',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Renomme un centre de coût ou le rattache (avec ses sous-centres) à un autre parent ; gestionnaires du compte, tracé',
        description: RULES,
        params: costCentreParamSchema,
        body: costCentreBodySchema,
        response: { 200: costCentreSchema, ...writeErrors },
      },
    },
    async (request) => service.update(actorOf(request), request.params.idClientBscs, request.params.idCentre, request.body),
  );

  app.delete(
    '/api/clients/:idClientBscs/centres-de-cout/:idCentre',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Supprime un centre de coût sans sous-centres ; ses lignes vont au centre `deplacerVers` (ou à aucun avec `aucun`), sans lequel un centre qui porte des lignes est refusé (409) ; gestionnaires du compte, tracé',
        params: costCentreParamSchema,
        querystring: costCentreDeleteQuerySchema,
        response: { 200: z.object({ idCentre: z.number().int(), lignesDeplacees: z.number().int() }), ...writeErrors },
      },
    },
    async (request) => service.remove(actorOf(request), request.params.idClientBscs, request.params.idCentre, request.query),
  );

  app.get(
    '/api/clients/:idClientBscs/etiquettes',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Les étiquettes que portent les lignes du compte, avec le nombre de lignes de chacune ; gestionnaires du compte',
        params: costCentresAccountParamSchema,
        response: { 200: accountLabelsSchema, ...errors },
      },
    },
    async (request) => service.labels(caller(request).user.id, request.params.idClientBscs),
  );

  app.put(
    '/api/lignes/:idContrat/centre-de-cout',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Rattache une ligne à un centre de coût de son compte (null : à aucun) ; gestionnaires du compte, tracé',
        params: costCentreLineParamSchema,
        body: lineCentreBodySchema,
        response: { 200: lineCostAllocationSchema, ...writeErrors },
      },
    },
    async (request) => service.setLineCentre(actorOf(request), request.params.idContrat, request.body.idCentre),
  );

  app.put(
    '/api/lignes/:idContrat/etiquettes',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          'Remplace les étiquettes d’une ligne (10 au plus, 30 caractères chacune, espaces de bord retirés, doublons retirés sans tenir compte de la casse) ; gestionnaires du compte, tracé',
        params: costCentreLineParamSchema,
        body: lineLabelsBodySchema,
        response: { 200: lineCostAllocationSchema, ...writeErrors },
      },
    },
    async (request) => service.setLineLabels(actorOf(request), request.params.idContrat, request.body.etiquettes),
  );
}
