import type { FastifyRequest } from 'fastify';
import {
  apiErrorSchema,
  orderAccountParamSchema,
  orderDetailSchema,
  orderExportQuerySchema,
  orderListQuerySchema,
  orderPageSchema,
  orderParamSchema,
  orderSearchQuerySchema,
  orderSummarySchema,
  orderTotalSchema,
  subscriptionListSchema,
  subscriptionSchema,
  subscriptionStatusUpdateSchema,
  type SubscriptionStatus,
} from '@ecare/shared';
import { z } from 'zod';
import type { ModuleApp } from '../../core/module.ts';
import { caller } from '../auth/index.ts';
import type { OrdersCaller, OrdersService } from './orders.service.ts';
import { sendCsvFile } from '../../lib/download.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

export const ORDERS_ACCESS =
  'Réservé aux gestionnaires du compte de facturation (un agent connecté pour le client : ce compte seulement) ; un compte non géré répond 403, une commande d’un autre compte 404.';

export const ordersCallerOf = (request: FastifyRequest): OrdersCaller => {
  const { user, agent } = caller(request);
  return { userId: user.id, agent, sourceAddress: request.ip };
};

export async function ordersRoutes(app: ModuleApp, service: OrdersService) {
  const { authenticate } = app.auth;

  app.get(
    '/api/commandes/recherche',
    {
      onRequest: authenticate,
      schema: {
        tags: ['orders'],
        summary: 'Une commande par son numéro (CMD-AAAA-NNNNNN), parmi celles des comptes que l’appelant gère',
        description: 'Une commande d’un compte que l’appelant ne gère pas répond comme une commande inconnue (404).',
        querystring: orderSearchQuerySchema,
        response: { 200: orderSummarySchema, ...errors },
      },
    },
    async (request) => service.search(ordersCallerOf(request), request.query.numero),
  );

  app.get(
    '/api/commandes/:idClientBscs',
    {
      onRequest: authenticate,
      schema: {
        tags: ['orders'],
        summary:
          'Les commandes d’un compte de facturation, les plus récentes d’abord sauf tri demandé, filtrables par statut, type et numéro, avec leur total TTC ; une page au-delà de la dernière renvoie la dernière',
        description: `${ORDERS_ACCESS} Montants en euros (centimes exacts).`,
        params: orderAccountParamSchema,
        querystring: orderListQuerySchema,
        response: { 200: orderPageSchema, ...errors },
      },
    },
    async (request) => service.list(ordersCallerOf(request).userId, request.params.idClientBscs, request.query),
  );

  app.get(
    '/api/commandes/:idClientBscs/export',
    {
      onRequest: authenticate,
      exposeHeadRoute: false,
      schema: {
        tags: ['orders'],
        summary: 'Les commandes du compte (mêmes filtres et même ordre que la liste) en CSV, en pièce jointe `commandes-<compte>-<AAAA-MM-JJ>.csv`',
        description: `${ORDERS_ACCESS} CSV : UTF-8 avec BOM, séparateur point-virgule, fins de ligne CRLF ; chaque export est tracé dans le journal d’audit.`,
        params: orderAccountParamSchema,
        querystring: orderExportQuerySchema,
        response: {
          200: { description: 'Le fichier des commandes', content: { 'text/csv': { schema: z.string().meta({ description: 'CSV des commandes' }) } } },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      return sendCsvFile(reply, await service.exportCsv(ordersCallerOf(request), request.params.idClientBscs, request.query));
    },
  );

  app.get(
    '/api/commandes/:idClientBscs/total',
    {
      onRequest: authenticate,
      schema: {
        tags: ['orders'],
        summary: 'Le nombre de commandes du compte, celles en cours (pas encore confirmées), et leur total TTC',
        description: ORDERS_ACCESS,
        params: orderAccountParamSchema,
        response: { 200: orderTotalSchema, ...errors },
      },
    },
    async (request) => service.total(ordersCallerOf(request).userId, request.params.idClientBscs),
  );

  app.get(
    '/api/commandes/:idClientBscs/en-cours',
    {
      onRequest: authenticate,
      schema: {
        tags: ['orders'],
        summary: 'La commande en cours du compte (la plus récente pas encore confirmée ni annulée), ou null',
        description: ORDERS_ACCESS,
        params: orderAccountParamSchema,
        response: { 200: orderSummarySchema.nullable(), ...errors },
      },
    },
    async (request) => service.pending(ordersCallerOf(request).userId, request.params.idClientBscs),
  );

  app.get(
    '/api/commandes/:idClientBscs/:numero',
    {
      onRequest: authenticate,
      schema: {
        tags: ['orders'],
        summary:
          'Le détail d’une commande : lignes, adresses, paiement, totaux HT/TVA/TTC, son historique (statuts et étapes, du plus ancien au plus récent), le statut de sa souscription et ses pièces justificatives',
        description: ORDERS_ACCESS,
        params: orderParamSchema,
        response: { 200: orderDetailSchema, ...errors },
      },
    },
    async (request) => service.detail(ordersCallerOf(request), request.params.idClientBscs, request.params.numero),
  );

  app.get(
    '/api/souscriptions/:idClientBscs',
    {
      onRequest: authenticate,
      schema: {
        tags: ['orders'],
        summary:
          'Les souscriptions commandées du compte : statut (Ok 1, Incomplet 2, EnCoursValidation 3, EnAttentePaiement 4), pièces attendues et manquantes, statuts que l’appelant peut leur donner',
        description: ORDERS_ACCESS,
        params: orderAccountParamSchema,
        response: { 200: subscriptionListSchema, ...errors },
      },
    },
    async (request) => service.subscriptions(ordersCallerOf(request), request.params.idClientBscs),
  );

  app.put(
    '/api/souscriptions/statut',
    {
      onRequest: authenticate,
      schema: {
        tags: ['orders'],
        summary:
          'Change le statut d’une souscription selon les transitions de la décision 036 : le client ne peut qu’envoyer en validation une souscription incomplète dont les pièces sont là ; le service client davantage ; Ok est définitif',
        description:
          'Une souscription inconnue ou d’un compte non géré répond 403 ; une transition interdite 409 (message en français), une transition réservée au service client 403, des pièces manquantes 409. Redemander le statut actuel ne change rien.',
        body: subscriptionStatusUpdateSchema,
        response: { 200: subscriptionSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) =>
      service.updateSubscriptionStatus(ordersCallerOf(request), request.body.idSouscription, request.body.statutSouscription as SubscriptionStatus),
  );
}
