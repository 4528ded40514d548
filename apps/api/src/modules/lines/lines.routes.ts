import {
  apiErrorSchema,
  idClientBscsParamSchema,
  idContratCamelParamSchema,
  idContratParamSchema,
  lineDetailSchema,
  linePageQuerySchema,
  linePageSchema,
  lossTheftBodySchema,
  lossTheftParamsSchema,
  pukSchema,
  rioQuerySchema,
  rioResponseSchema,
  simActivationBodySchema,
  simActivationParamsSchema,
  simCheckRequestSchema,
  simCheckResponseSchema,
} from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import { actorOf, caller } from '../auth/index.ts';
import type { LinesService } from './lines.service.ts';

const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const actionErrors = { ...errorResponses, 409: apiErrorSchema };

/** The signed-in caller and the address they call from, for the audit log. */

export async function linesRoutes(app: ModuleApp, service: LinesService) {
  const { authenticate } = app.auth;
  app.get(
    '/api/contrats_pagination/:id_client_bscs',
    {
      onRequest: authenticate,
      schema: {
        tags: ['lines'],
        summary:
          "Les lignes d’un compte de facturation, paginées et triées côté serveur, avec leur nombre total ; recherche (numéro sous toute forme, nom ou prénom de l’utilisateur, forfait), filtres par statut et par forfait ; une page au-delà de la dernière renvoie la dernière",
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
        summary:
          "La page d’une ligne : forfait et prix, options, statut, dates d’activation et de fin d’engagement, utilisateur, type de SIM, fin de l’ICCID et actions permises à l’appelant",
        params: idContratParamSchema,
        response: { 200: lineDetailSchema, ...errorResponses },
      },
    },
    async (request) => service.detail(caller(request).user.id, request.params.id_contrat),
  );

  app.get(
    '/api/clients/contrats/:idContrat/puk',
    {
      onRequest: authenticate,
      schema: {
        tags: ['lines'],
        summary: 'Les codes PUK et PUK2 de la carte SIM d’une ligne (chaque lecture est tracée dans le journal d’audit)',
        params: idContratCamelParamSchema,
        response: { 200: pukSchema, ...actionErrors },
      },
    },
    async (request) => service.puk(actorOf(request), request.params.idContrat),
  );

  app.post(
    '/api/sim/verifier',
    {
      onRequest: authenticate,
      schema: {
        tags: ['lines'],
        summary:
          'Vérifie un numéro de carte SIM (ICCID) avant son activation sur la ligne `Id` : 19 ou 20 chiffres, préfixe 8933, clé de Luhn, carte libre',
        body: simCheckRequestSchema,
        response: { 200: simCheckResponseSchema, ...actionErrors },
      },
    },
    async (request) => service.checkSim(caller(request).user.id, request.body),
  );

  app.post(
    '/api/contrats/:idContrat/:numeroLigne/ActivationSim',
    {
      onRequest: authenticate,
      schema: {
        tags: ['lines'],
        summary: 'Active une nouvelle carte SIM sur la ligne (mêmes vérifications que /api/sim/verifier) et renvoie la page de la ligne',
        params: simActivationParamsSchema,
        body: simActivationBodySchema,
        response: { 200: lineDetailSchema, ...actionErrors },
      },
    },
    async (request) => service.activateSim(actorOf(request), request.params.idContrat, request.params.numeroLigne, request.body.numeroSim),
  );

  app.get(
    '/api/contrat/rio',
    {
      onRequest: authenticate,
      schema: {
        tags: ['lines'],
        summary: 'Le RIO de la ligne (12 caractères OO Q RRRRRR CCC, sans espaces), pour la portabilité du numéro (chaque lecture est tracée)',
        querystring: rioQuerySchema,
        response: { 200: rioResponseSchema, ...actionErrors },
      },
    },
    async (request) => service.rio(actorOf(request), request.query.idContrat),
  );

  app.post(
    '/api/perte-ou-vol/:idContrat/:idClientBscs',
    {
      onRequest: authenticate,
      schema: {
        tags: ['lines'],
        summary:
          'Déclare la perte ou le vol du téléphone : la ligne est suspendue aussitôt, le gestionnaire du compte reçoit une confirmation par e-mail',
        params: lossTheftParamsSchema,
        body: lossTheftBodySchema,
        response: { 200: lineDetailSchema, ...actionErrors },
      },
    },
    async (request) => {
      const { user } = caller(request);
      const actor = { ...actorOf(request), name: `${user.prenom} ${user.nom}` };
      return service.declareLossTheft(actor, request.params.idContrat, request.params.idClientBscs, request.body);
    },
  );

  app.post(
    '/api/perte-ou-vol/:idContrat/:idClientBscs/retablir',
    {
      onRequest: authenticate,
      schema: {
        tags: ['lines'],
        summary: 'Rétablit une ligne suspendue à la suite d’une déclaration de perte ou de vol',
        params: lossTheftParamsSchema,
        response: { 200: lineDetailSchema, ...actionErrors },
      },
    },
    async (request) => service.restore(actorOf(request), request.params.idContrat, request.params.idClientBscs),
  );
}
