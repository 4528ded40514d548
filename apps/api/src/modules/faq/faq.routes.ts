import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  apiErrorSchema,
  faqMostViewedListSchema,
  faqQuestionListSchema,
  faqSearchParamSchema,
  faqSearchResultListSchema,
  faqStatisticBodySchema,
  faqStatisticResultSchema,
  faqThemeListSchema,
  faqThemeParamSchema,
} from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import { AppError, fail } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { XSRF_COOKIE } from '../../plugins/xsrf.ts';
import type { FaqService, FaqVoter } from './faq.service.ts';

/** Reference texts change with a release or an operator's edit, not between two page views. */
const CACHE_REFERENCE = 'public, max-age=300';
/** The most consulted questions and search results follow the statistics more closely. */
const CACHE_SHORT = 'public, max-age=60';

const PUBLIC = 'Sans authentification : la FAQ se consulte aussi sans être connecté.';

export async function faqRoutes(app: ModuleApp, service: FaqService) {
  const { authenticate } = app.auth;

  /**
   * The FAQ is public: a caller with a valid session is known by it (one vote per session), any
   * other, a stale token included, is a visitor. A stale token must not sign anyone out here.
   */
  async function identifyIfSignedIn(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (request.headers.authorization === undefined) return;
    try {
      await authenticate(request, reply);
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      request.auth = null;
    }
  }

  function voterOf(request: FastifyRequest): FaqVoter {
    if (request.auth) return { kind: 'session', tokenHash: request.auth.tokenHash };
    // The XSRF check has made sure that a state-changing request carries the cookie.
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) throw fail('XSRF');
    return { kind: 'visiteur', cookieHash: hashToken(cookie) };
  }

  app.get(
    '/api/Faq/faq_themes',
    {
      schema: {
        tags: ['faq'],
        summary: 'Les thèmes de la FAQ, dans leur ordre d’affichage, avec le nombre de questions de chacun',
        description: PUBLIC,
        security: [],
        response: { 200: faqThemeListSchema },
      },
    },
    async (_request, reply) => {
      const themes = await service.themes();
      reply.header('Cache-Control', CACHE_REFERENCE);
      return themes;
    },
  );

  app.get(
    '/api/Faq/faq_questions/:IdTheme',
    {
      schema: {
        tags: ['faq'],
        summary:
          'Les questions d’un thème, dans leur ordre d’affichage, avec leur réponse en HTML (paragraphes, listes et liens seulement)',
        description: `${PUBLIC} Un thème inconnu répond 404.`,
        security: [],
        params: faqThemeParamSchema,
        response: { 200: faqQuestionListSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const questions = await service.questions(request.params.IdTheme);
      reply.header('Cache-Control', CACHE_REFERENCE);
      return questions;
    },
  );

  app.get(
    '/api/Faq/faq_plus_consultees',
    {
      schema: {
        tags: ['faq'],
        summary: 'Les 10 questions les plus consultées, avec leur thème et leur réponse',
        description: `${PUBLIC} À nombre de consultations égal, les questions suivent l’ordre des thèmes puis le leur.`,
        security: [],
        response: { 200: faqMostViewedListSchema },
      },
    },
    async (_request, reply) => {
      const questions = await service.mostViewed();
      reply.header('Cache-Control', CACHE_SHORT);
      return questions;
    },
  );

  app.get(
    '/api/Faq/faq_rechercher/:motCle',
    {
      schema: {
        tags: ['faq'],
        summary:
          'Recherche en français dans les questions et les réponses (accents, majuscules et pluriels ignorés, dernier mot pris comme début de mot) : au plus 20 questions, les plus pertinentes d’abord, avec les mots trouvés surlignés (<mark>)',
        description: `${PUBLIC} Les questions dont l’intitulé correspond viennent avant celles dont seule la réponse correspond. De 3 à 100 caractères ; la ponctuation ne compte pas.`,
        security: [],
        params: faqSearchParamSchema,
        response: { 200: faqSearchResultListSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const results = await service.search(request.params.motCle);
      reply.header('Cache-Control', CACHE_SHORT);
      return results;
    },
  );

  app.post(
    '/api/Faq/statistiques',
    {
      onRequest: identifyIfSignedIn,
      schema: {
        tags: ['faq'],
        summary:
          'Compte une consultation d’une question (sans « utile ») ou l’avis « Cette réponse vous a-t-elle aidé ? » (utile vrai ou faux), un seul avis par session et par question',
        description:
          'Sans authentification. Connecté, l’avis est compté une fois par session ; sinon une fois par navigateur (cookie XSRF-TOKEN). Un second avis répond 409 ; au-delà de 120 consultations ou 30 avis par minute depuis une même adresse, 429.',
        security: [],
        body: faqStatisticBodySchema,
        response: { 200: faqStatisticResultSchema, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => service.record(voterOf(request), request.body, request.ip),
  );
}
