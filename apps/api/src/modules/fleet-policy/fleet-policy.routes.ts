import {
  apiErrorSchema,
  approvalDecisionSchema,
  fleetPolicyAnswerSchema,
  fleetPolicyParamSchema,
  fleetPolicySchema,
  orderApprovalSchema,
  orderParamSchema,
} from '@ecare/shared';
import type { FastifyRequest } from 'fastify';
import type { ModuleApp } from '../../core/module.ts';
import { caller } from '../auth/index.ts';
import type { FleetPolicyService } from './fleet-policy.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const acting = (request: FastifyRequest) => ({ userId: caller(request).user.id, sourceAddress: request.ip });

export async function fleetPolicyRoutes(app: ModuleApp, service: FleetPolicyService) {
  const { authenticate } = app.auth;
  const tags = ['politique-flotte'];

  app.get(
    '/api/clients/:idClientBscs/politique-flotte',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'La politique de flotte du compte : centre de coût obligatoire, seuil HT de validation des commandes ; gestionnaires du compte',
        params: fleetPolicyParamSchema,
        response: { 200: fleetPolicyAnswerSchema, ...errors },
      },
    },
    async (request) => service.policy(caller(request).user.id, request.params.idClientBscs),
  );

  app.put(
    '/api/clients/:idClientBscs/politique-flotte',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Modifie la politique de flotte du compte ; gestionnaires du compte (un agent : tracé avec son motif)',
        description: 'Un seuil de validation (centimes HT, null : aucun) demande au moins deux gestionnaires sur le compte (409 sinon).',
        params: fleetPolicyParamSchema,
        body: fleetPolicySchema,
        response: { 200: fleetPolicyAnswerSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => service.savePolicy(acting(request), request.params.idClientBscs, request.body),
  );

  app.get(
    '/api/commandes/:idClientBscs/:numero/validation',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'La validation d’une commande passée au-delà du seuil : son statut, son demandeur, sa décision, et si l’appelant peut la donner',
        description: 'Gestionnaires du compte ; une commande d’un autre compte, ou sans validation, répond 404.',
        params: orderParamSchema,
        response: { 200: orderApprovalSchema, ...errors, 404: apiErrorSchema },
      },
    },
    async (request) => service.approval(caller(request).user.id, request.params.idClientBscs, request.params.numero),
  );

  app.post(
    '/api/commandes/:idClientBscs/:numero/validation',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Valide ou refuse (avec un motif) une commande en attente de validation ; un autre gestionnaire que le demandeur, pas un agent',
        description:
          'Validée, la commande suit son cours (paiement, mise en service) ; refusée, elle est annulée ; le demandeur est prévenu par e-mail. Une commande déjà décidée répond 409.',
        params: orderParamSchema,
        body: approvalDecisionSchema,
        response: { 200: orderApprovalSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => service.decide(acting(request), request.params.idClientBscs, request.params.numero, request.body),
  );
}
