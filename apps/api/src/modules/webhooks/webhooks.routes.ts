import {
  apiErrorSchema,
  okResponseSchema,
  webhookDeliveriesAnswerSchema,
  webhookDeliveryParamSchema,
  webhookDeliverySchema,
  webhookInputSchema,
  webhookParamSchema,
  webhooksAccountParamSchema,
  webhookSchema,
  webhooksAnswerSchema,
  webhookWithSecretSchema,
} from '@ecare/shared';
import type { FastifyRequest } from 'fastify';
import type { ModuleApp } from '../../core/module.ts';
import { actorOf, caller } from '../auth/index.ts';
import type { WebhooksService } from './webhooks.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const acting = (request: FastifyRequest) => {
  const { userId, sourceAddress, name } = actorOf(request);
  return { userId, sourceAddress, name };
};

export async function webhooksRoutes(app: ModuleApp, service: WebhooksService) {
  const { authenticate } = app.auth;
  const tags = ['webhooks'];
  const base = '/api/clients/:idClientBscs/webhooks';

  app.get(
    base,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Les webhooks du compte de facturation ; gestionnaires du compte',
        params: webhooksAccountParamSchema,
        response: { 200: webhooksAnswerSchema, ...errors },
      },
    },
    async (request) => service.list(caller(request).user.id, request.params.idClientBscs),
  );

  app.post(
    base,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Crée un webhook ; son secret de signature n’est montré que dans cette réponse ; gestionnaires du compte (pas un conseiller), tracé et notifié',
        description:
          'Les événements sont envoyés selon la spécification Standard Webhooks : corps JSON `{ type, timestamp, data }`, en-têtes webhook-id, webhook-timestamp et webhook-signature (`v1,` suivi du HMAC-SHA256 en base64 de `id.timestamp.corps`, avec les octets du secret qui suivent `whsec_`). Une réponse 2xx en moins de 10 s vaut réception ; sinon l’envoi est retenté pendant 24 heures. Au plus 10 webhooks par compte ; l’adresse est en https et mène à un serveur public.',
        params: webhooksAccountParamSchema,
        body: webhookInputSchema,
        response: { 201: webhookWithSecretSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(acting(request), request.params.idClientBscs, request.body)),
  );

  app.put(
    `${base}/:idWebhook`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Change l’adresse, les événements ou l’état d’un webhook (le réactiver efface ses échecs) ; gestionnaires du compte, un conseiller ne peut que le désactiver ; tracé et notifié',
        params: webhookParamSchema,
        body: webhookInputSchema,
        response: { 200: webhookSchema, ...errors },
      },
    },
    async (request) => service.update(acting(request), request.params.idClientBscs, request.params.idWebhook, request.body),
  );

  app.delete(
    `${base}/:idWebhook`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Supprime un webhook et son journal d’envois ; gestionnaires du compte, tracé et notifié',
        params: webhookParamSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.remove(acting(request), request.params.idClientBscs, request.params.idWebhook);
      return { ok: true as const };
    },
  );

  app.post(
    `${base}/:idWebhook/secret`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Renouvelle le secret de signature, montré dans cette seule réponse ; l’ancien signe encore pendant 24 heures (deux signatures dans webhook-signature) ; gestionnaires du compte (pas un conseiller), tracé et notifié',
        params: webhookParamSchema,
        response: { 200: webhookWithSecretSchema, ...errors },
      },
    },
    async (request) => service.rotate(acting(request), request.params.idClientBscs, request.params.idWebhook),
  );

  app.get(
    `${base}/:idWebhook/livraisons`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Les 100 derniers envois du webhook (30 jours au plus), avec chaque essai : statut HTTP, durée, erreur ; gestionnaires du compte',
        params: webhookParamSchema,
        response: { 200: webhookDeliveriesAnswerSchema, ...errors },
      },
    },
    async (request) => service.deliveries(caller(request).user.id, request.params.idClientBscs, request.params.idWebhook),
  );

  app.post(
    `${base}/:idWebhook/livraisons/:idLivraison/renvoi`,
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'Renvoie un événement au webhook, avec le même webhook-id ; gestionnaires du compte, tracé',
        params: webhookDeliveryParamSchema,
        response: { 202: webhookDeliverySchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { idClientBscs, idWebhook, idLivraison } = request.params;
      return reply.status(202).send(await service.resend(acting(request), idClientBscs, idWebhook, idLivraison));
    },
  );
}
