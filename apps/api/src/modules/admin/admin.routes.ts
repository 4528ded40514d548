import type { FastifyRequest } from 'fastify';
import {
  adminFaqQuestionBodySchema,
  adminFaqQuestionListSchema,
  adminFaqQuestionOrderBodySchema,
  adminFaqQuestionParamSchema,
  adminFaqQuestionSaveSchema,
  adminFaqThemeBodySchema,
  adminFaqThemeListSchema,
  adminFaqThemeOrderBodySchema,
  adminFaqThemeParamSchema,
  adminFaqThemeSchema,
  adminLegalPageBodySchema,
  adminLegalPageListSchema,
  adminLegalPageSaveSchema,
  adminParametersBodySchema,
  adminParametersSaveSchema,
  adminParametersSchema,
  apiErrorSchema,
  legalPageCodeParamSchema,
  okResponseSchema,
} from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import { assertAdministration } from '../../policy/access-policy.ts';
import { actorOf, caller } from '../auth/index.ts';
import type { AdminService } from './admin.service.ts';

export const TAGS = ['admin'];
export const ACCESS = 'Réservé aux utilisateurs ayant le drapeau administration, hors conseillers du service client et mode agent (403 sinon). Reste ouvert pendant une maintenance.';
export const readErrors = { 401: apiErrorSchema, 403: apiErrorSchema };
export const writeErrors = { 400: apiErrorSchema, ...readErrors, 404: apiErrorSchema };
export const orderErrors = { ...writeErrors, 409: apiErrorSchema };


/** onRequest check of every back-office route, after authentication. */
export async function administrator(request: FastifyRequest): Promise<void> {
  const { user, agent } = caller(request);
  assertAdministration({ ...user, agentMode: agent !== null });
}

export async function adminRoutes(app: ModuleApp, service: AdminService) {
  const onRequest = [app.auth.authenticate, administrator];

  app.get(
    '/api/admin/parametres',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Les paramètres serveur modifiables : maintenance, captcha, ressources externes, bandeau des pages connectées et message de connexion',
        description: `${ACCESS} propagationSecondes : délai sous lequel chaque instance applique un changement de la maintenance.`,
        response: { 200: adminParametersSchema, ...readErrors },
      },
    },
    async () => service.parameters(),
  );

  app.put(
    '/api/admin/parametres',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary:
          'Enregistre les paramètres modifiables (tous à chaque fois) ; les textes HTML sont réduits aux balises des bandeaux et la réponse dit ce qui en a été retiré ; tracé dans le journal d’audit avec les valeurs avant et après',
        description: ACCESS,
        body: adminParametersBodySchema,
        response: { 200: adminParametersSaveSchema, 400: apiErrorSchema, ...readErrors },
      },
    },
    async (request) => service.saveParameters(actorOf(request), request.body),
  );

  app.get(
    '/api/admin/mentions-legales',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Les pages d’information légale telles qu’enregistrées ({{marque}} non remplacé)',
        description: ACCESS,
        response: { 200: adminLegalPageListSchema, ...readErrors },
      },
    },
    async () => service.legalPages(),
  );

  app.put(
    '/api/admin/mentions-legales/:pageCode',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary:
          'Enregistre le titre et le contenu d’une page légale (réduit aux balises des pages légales), datée du jour ; tracé dans le journal d’audit avec les valeurs avant et après',
        description: `${ACCESS} Un code inconnu répond 404.`,
        params: legalPageCodeParamSchema,
        body: adminLegalPageBodySchema,
        response: { 200: adminLegalPageSaveSchema, ...writeErrors },
      },
    },
    async (request) => service.saveLegalPage(actorOf(request), request.params.pageCode, request.body),
  );

  app.get(
    '/api/admin/faq/themes',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Les thèmes de la FAQ dans leur ordre, avec leur nombre de questions',
        description: ACCESS,
        response: { 200: adminFaqThemeListSchema, ...readErrors },
      },
    },
    async () => service.themes(),
  );

  app.post(
    '/api/admin/faq/themes',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Crée un thème de FAQ, placé en dernier ; tracé dans le journal d’audit',
        description: ACCESS,
        body: adminFaqThemeBodySchema,
        response: { 200: adminFaqThemeSchema, 400: apiErrorSchema, ...readErrors },
      },
    },
    async (request) => service.createTheme(actorOf(request), request.body.libelle),
  );

  app.put(
    '/api/admin/faq/themes/ordre',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Range les thèmes de la FAQ dans l’ordre donné (tous les thèmes, chacun une fois) ; tracé dans le journal d’audit',
        description: `${ACCESS} Une liste qui n’est pas exactement celle des thèmes enregistrés répond 409.`,
        body: adminFaqThemeOrderBodySchema,
        response: { 200: adminFaqThemeListSchema, ...orderErrors },
      },
    },
    async (request) => service.orderThemes(actorOf(request), request.body.idThemes),
  );

  app.put(
    '/api/admin/faq/themes/:idTheme',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Renomme un thème de la FAQ ; tracé dans le journal d’audit',
        description: `${ACCESS} Un thème inconnu répond 404.`,
        params: adminFaqThemeParamSchema,
        body: adminFaqThemeBodySchema,
        response: { 200: adminFaqThemeSchema, ...writeErrors },
      },
    },
    async (request) => service.renameTheme(actorOf(request), request.params.idTheme, request.body.libelle),
  );

  app.get(
    '/api/admin/faq/themes/:idTheme/questions',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Les questions d’un thème dans leur ordre, réponses telles qu’enregistrées',
        description: `${ACCESS} Un thème inconnu répond 404.`,
        params: adminFaqThemeParamSchema,
        response: { 200: adminFaqQuestionListSchema, 400: apiErrorSchema, ...readErrors, 404: apiErrorSchema },
      },
    },
    async (request) => service.questions(request.params.idTheme),
  );

  app.put(
    '/api/admin/faq/themes/:idTheme/questions/ordre',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Range les questions d’un thème dans l’ordre donné (toutes ses questions, chacune une fois) ; tracé dans le journal d’audit',
        description: `${ACCESS} Un thème inconnu répond 404 ; une liste qui n’est pas exactement celle de ses questions, 409.`,
        params: adminFaqThemeParamSchema,
        body: adminFaqQuestionOrderBodySchema,
        response: { 200: adminFaqQuestionListSchema, ...orderErrors },
      },
    },
    async (request) => service.orderQuestions(actorOf(request), request.params.idTheme, request.body.idQuestions),
  );

  app.post(
    '/api/admin/faq/questions',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary:
          'Crée une question, placée en dernier dans son thème ; la réponse est réduite aux balises de la FAQ et la réponse dit ce qui en a été retiré ; tracé dans le journal d’audit',
        description: `${ACCESS} Un thème inconnu répond 404.`,
        body: adminFaqQuestionBodySchema,
        response: { 200: adminFaqQuestionSaveSchema, ...writeErrors },
      },
    },
    async (request) => service.createQuestion(actorOf(request), request.body),
  );

  app.put(
    '/api/admin/faq/questions/:idQuestion',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary:
          'Modifie une question et sa réponse (un autre thème l’y déplace, en dernier) ; tracé dans le journal d’audit avec les valeurs avant et après',
        description: `${ACCESS} Une question ou un thème inconnus répondent 404.`,
        params: adminFaqQuestionParamSchema,
        body: adminFaqQuestionBodySchema,
        response: { 200: adminFaqQuestionSaveSchema, ...writeErrors },
      },
    },
    async (request) => service.updateQuestion(actorOf(request), request.params.idQuestion, request.body),
  );

  app.delete(
    '/api/admin/faq/questions/:idQuestion',
    {
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Supprime une question de la FAQ (et ses statistiques) ; tracé dans le journal d’audit avec la question supprimée',
        description: `${ACCESS} Une question inconnue répond 404.`,
        params: adminFaqQuestionParamSchema,
        response: { 200: okResponseSchema, ...writeErrors },
      },
    },
    async (request) => {
      await service.deleteQuestion(actorOf(request), request.params.idQuestion);
      return { ok: true as const };
    },
  );
}
