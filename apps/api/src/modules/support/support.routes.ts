import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  apiErrorSchema,
  contactRequestDocumentSchema,
  contactResponseSchema,
  contactSubThemeListSchema,
  contactThemeListSchema,
  contactThemeParamSchema,
  customerRequestPageSchema,
  customerRequestQuerySchema,
  supportTicketDetailSchema,
  supportTicketPageSchema,
  supportTicketParamSchema,
  supportTicketQuerySchema,
} from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import { caller } from '../auth/index.ts';
import { bodyReadByHandler } from '../../lib/attachments/multipart.ts';
import type { AttachmentStore } from '../../lib/attachments/store.ts';
import { readContactUpload } from './support.multipart.ts';
import type { SupportRequests } from './support-requests.ts';
import type { SupportService } from './support.service.ts';

/** Reference data: changed by a release or an operator, not between two page views. */
const CACHE_CONTROL = 'public, max-age=300';

export async function supportRoutes(
  app: ModuleApp,
  { service, requests, store }: { service: SupportService; requests: SupportRequests; store: AttachmentStore },
) {
  const { authenticate } = app.auth;

  /** A session when the request carries one (a wrong or expired one is refused), none otherwise. */
  const authenticateIfPresent = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization !== undefined) await authenticate(request, reply);
  };

  app.get(
    '/api/Faq/contact_themes',
    {
      schema: {
        tags: ['support'],
        summary: 'Les thèmes du formulaire de contact, dans l’ordre d’affichage (7 : service après-vente ; 13 : sécurité)',
        description: 'Sans authentification : le formulaire de contact sert aussi aux visiteurs.',
        security: [],
        response: { 200: contactThemeListSchema },
      },
    },
    async (_request, reply) => {
      const themes = await service.themes();
      reply.header('Cache-Control', CACHE_CONTROL);
      return themes;
    },
  );

  app.get(
    '/api/Faq/contact_sous_themes/:idTheme',
    {
      schema: {
        tags: ['support'],
        summary: 'Les sous-thèmes d’un thème de contact, dans l’ordre d’affichage ; un thème inconnu répond 404',
        security: [],
        params: contactThemeParamSchema,
        response: { 200: contactSubThemeListSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const subThemes = await service.subThemes(request.params.idTheme);
      reply.header('Cache-Control', CACHE_CONTROL);
      return subThemes;
    },
  );

  app.post(
    '/api/faq/envoyerEmail',
    {
      // The quota is counted before the body is read; the session, if any, checked as well.
      onRequest: [authenticateIfPresent, (request) => service.assertQuota(request.ip, request.auth === null)],
      validatorCompiler: bodyReadByHandler,
      schema: {
        tags: ['support'],
        summary:
          'Envoie un message au service client (multipart/form-data) : crée une demande SUP-AAAA-NNNNNN, l’envoie par e-mail au service client et en accuse réception à l’expéditeur',
        description:
          'Avec une session, l’expéditeur est l’utilisateur connecté (prenom, nom et email sont ignorés) et `idClientBscs` peut nommer un compte qu’il gère. Sans session, prenom, nom et email sont obligatoires, ainsi que `captcha` lorsqu’un captcha est configuré (quel que soit hidE_CAPTCHA) ; 10 messages par heure et par adresse IP, 30 par heure et par réseau pour les visiteurs, 5 accusés de réception par jour et par adresse e-mail de visiteur. Une pièce jointe au plus, `pieceJointe` : PDF, JPEG ou PNG reconnu à ses premiers octets (ni le nom ni le type déclaré ne comptent), 5 Mo au plus.',
        consumes: ['multipart/form-data'],
        security: [{}, { bearer: [] }],
        body: contactRequestDocumentSchema,
        response: {
          200: contactResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const upload = await readContactUpload(request, store);
      return service.submit({ user: request.auth?.user ?? null, sourceAddress: request.ip }, upload);
    },
  );

  app.get(
    '/api/support/demandes',
    {
      onRequest: authenticate,
      schema: {
        tags: ['support'],
        summary: 'Les demandes envoyées par l’utilisateur connecté avec le formulaire de contact, les plus récentes d’abord, avec leur statut',
        querystring: supportTicketQuerySchema,
        response: { 200: supportTicketPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => service.tickets(caller(request).user.id, request.query),
  );

  app.get(
    '/api/support/demandes/:reference',
    {
      onRequest: authenticate,
      schema: {
        tags: ['support'],
        summary: 'Une demande envoyée par l’utilisateur connecté avec le formulaire de contact, avec son message ; celle d’un autre répond 404',
        params: supportTicketParamSchema,
        response: { 200: supportTicketDetailSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => requests.ticket(caller(request).user.id, request.params.reference),
  );

  app.get(
    '/api/mes-demandes',
    {
      onRequest: authenticate,
      schema: {
        tags: ['support'],
        summary:
          'Toutes les demandes faites par l’utilisateur connecté : messages au service client (SUP-…), réclamations sur facture (REC-…), résiliations de ligne et rendez-vous, filtrées par type, triées par date (les plus récentes d’abord) ou par type',
        querystring: customerRequestQuerySchema,
        response: { 200: customerRequestPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => requests.requests(caller(request).user.id, request.query),
  );
}
