import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  counterPaymentRequestSchema,
  counterPaymentSchema,
  invoicesDueParamsSchema,
  invoicesDueSchema,
  orderPaymentLinkRequestSchema,
  paymentLinkRequestSchema,
  paymentLinkSchema,
  paymentNotificationAnswerSchema,
  paymentTransactionParamsSchema,
  paymentTransactionSchema,
} from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import { actorOf, caller } from '../auth/index.ts';
import type { PaymentService } from './payment.service.ts';

const signedInErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** A provider's notification is a small JSON event: far below the app's 1 MB. */
const NOTIFICATION_BODY_LIMIT = 65_536;


export async function paymentRoutes(app: ModuleApp, { service }: { service: PaymentService }) {
  const { authenticate } = app.auth;

  app.get(
    '/api/factures_a_payer/:idClientBscs',
    {
      onRequest: authenticate,
      schema: {
        tags: ['paiement'],
        summary:
          'Les factures du compte qui restent à payer (gestionnaire du compte), échéance la plus ancienne d’abord, avec leur reste à payer, leur statut, si elles se paient par carte (pas celles que le prélèvement réglera à échéance), si un paiement par carte est en cours, et la somme des restes à payer (euros)',
        params: invoicesDueParamsSchema,
        response: { 200: invoicesDueSchema, ...signedInErrors },
      },
    },
    async (request) => service.invoicesDue(actorOf(request), request.params.idClientBscs),
  );

  app.post(
    '/api/paiement/lien',
    {
      onRequest: authenticate,
      schema: {
        tags: ['paiement'],
        summary:
          'Commence le paiement par carte de factures du compte (gestionnaire) : le montant est la somme de leurs restes à payer, calculée par le serveur ; un paiement en attente de l’une d’elles est annulé. Répond la référence de la transaction et l’adresse de la page de paiement du prestataire. Au plus 20 paiements commencés par heure',
        body: paymentLinkRequestSchema,
        response: { 200: paymentLinkSchema, ...signedInErrors, 409: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request) => service.createLink(actorOf(request), request.body),
  );

  app.post(
    '/api/paiement/lien-commande',
    {
      onRequest: authenticate,
      schema: {
        tags: ['paiement'],
        summary:
          'Commence le paiement par carte d’une commande du compte (gestionnaire) qui attend son paiement par carte, ou dont le paiement a été refusé : le montant est ce que la commande enregistrée demande maintenant (l’acompte exigé par le risque, sinon le total ponctuel TTC), calculé par le serveur ; un paiement en attente de la commande est annulé. Répond la référence de la transaction et l’adresse de la page de paiement du prestataire. Au plus 20 paiements commencés par heure',
        body: orderPaymentLinkRequestSchema,
        response: { 200: paymentLinkSchema, ...signedInErrors, 409: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request) => service.createOrderLink(actorOf(request), request.body),
  );

  app.post(
    '/api/paiement-bdp/payer',
    {
      onRequest: authenticate,
      schema: {
        tags: ['paiement'],
        summary:
          'Enregistre le paiement intégral de factures reçu dans un point de vente (espèces, chèque ou carte au terminal) : réservé au conseiller d’un point de vente (BDP) connecté au compte du client ; le montant est la somme de leurs restes à payer, calculée par le serveur ; audité, reçu envoyé au client',
        body: counterPaymentRequestSchema,
        response: { 200: counterPaymentSchema, ...signedInErrors, 409: apiErrorSchema },
      },
    },
    async (request) => service.payAtCounter(actorOf(request), caller(request).agent, request.body),
  );

  app.get(
    '/api/paiement/transaction/:transactionReference',
    {
      onRequest: authenticate,
      schema: {
        tags: ['paiement'],
        summary:
          'Où en est un paiement par carte (gestionnaire du compte payé) : statut, montant (euros), factures réglées, ou numéro de la commande réglée (numeroCommande, absent pour des factures)',
        params: paymentTransactionParamsSchema,
        response: { 200: paymentTransactionSchema, ...signedInErrors },
      },
    },
    async (request) => service.transactionStatus(actorOf(request), request.params.transactionReference),
  );

  // The signature covers the bytes sent: this route alone keeps the JSON body as received.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: NOTIFICATION_BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/paiement/notification',
      {
        // The provider's servers call it: no session, no XSRF pair; its signature stands for both.
        config: { xsrf: false },
        schema: {
          tags: ['paiement'],
          summary:
            'Notification du prestataire de paiement (corps JSON signé : HMAC-SHA-256 de « horodatage.corps » dans x-sandbox-signature, horodatage en secondes dans x-sandbox-timestamp, à 5 minutes près). Une notification signée est enregistrée et acquittée (200) même sans effet : évènement rejoué, transaction inconnue ou déjà réglée. Signature invalide : 401 ; horodatage périmé, contenu illisible ou montant différent : 400 ; rien n’est alors modifié',
          security: [],
          response: {
            200: paymentNotificationAnswerSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            413: apiErrorSchema,
            415: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request) => {
        const body: unknown = request.body;
        return service.notification(Buffer.isBuffer(body) ? body : Buffer.alloc(0), request.headers, request.ip);
      },
    );
  });
}
