import {
  apiErrorSchema,
  ESIM_LINK_ERROR_CODES,
  esimCipherParamSchema,
  esimContractParamSchema,
  esimLinkErrorSchema,
  esimLinkSentSchema,
  esimResponseSchema,
  esimSendRequestSchema,
  type EsimLinkError,
} from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import { AppError } from '../../lib/errors.ts';
import type { Limits } from '../../lib/limits.ts';
import { actorOf, caller } from '../auth/index.ts';
import type { EsimService } from './esim.service.ts';

const signedInErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema };


const isLinkError = (error: unknown): error is AppError =>
  error instanceof AppError && (ESIM_LINK_ERROR_CODES as readonly string[]).includes(error.code);

export async function esimRoutes(app: ModuleApp, { service, limits }: { service: EsimService; limits: Limits }) {
  const { authenticate } = app.auth;

  app.get(
    '/api/consulterqrcode/:cipher',
    {
      onRequest: limits.perIpHook('esim-link'),
      schema: {
        tags: ['esim'],
        summary:
          'La page d’installation eSIM d’un lien reçu par e-mail, sans session : numéro, forfait, contrat, QR code (PNG, LPA:1$…), code d’activation et adresse SM-DP+. Un lien invalide, altéré ou devenu sans objet répond 404, un lien expiré 410, avec messageErreur (la page affiche alors /404). Chaque ouverture est tracée',
        params: esimCipherParamSchema,
        response: { 200: esimResponseSchema, 400: apiErrorSchema, 404: esimLinkErrorSchema, 410: esimLinkErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // The answer carries what installs the line on a phone: never kept by a cache.
      reply.header('Cache-Control', 'no-store');
      try {
        return await service.consultLink(request.params.cipher, request.ip);
      } catch (error) {
        if (!isLinkError(error)) throw error;
        const body: EsimLinkError = { code: error.code, exceptionMessage: error.message, messageErreur: error.message };
        return reply.status(error.statusCode === 410 ? 410 : 404).send(body);
      }
    },
  );

  app.get(
    '/api/consulteresim/:coId',
    {
      onRequest: authenticate,
      schema: {
        tags: ['esim'],
        summary:
          'L’eSIM d’une ligne (gestionnaire du compte, ou utilisateur de sa propre ligne) : numéro, forfait, contrat, QR code, code d’activation et adresse SM-DP+. Une ligne sans eSIM est refusée (409). Chaque lecture est tracée',
        params: esimContractParamSchema,
        response: { 200: esimResponseSchema, ...signedInErrors },
      },
    },
    async (request) => service.consult(actorOf(request), request.params.coId),
  );

  app.post(
    '/api/consulteresim/:coId/envoyer',
    {
      onRequest: authenticate,
      schema: {
        tags: ['esim'],
        summary:
          'Envoie par e-mail le lien de la page d’installation de l’eSIM de la ligne (gestionnaire du compte) ; le lien est personnel et expire. Au plus 5 envois par ligne et 50 par gestionnaire et par heure',
        params: esimContractParamSchema,
        body: esimSendRequestSchema,
        response: { 200: esimLinkSentSchema, ...signedInErrors, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const { user } = caller(request);
      return service.sendLink({ ...actorOf(request), name: `${user.prenom} ${user.nom}` }, request.params.coId, request.body.email);
    },
  );
}
