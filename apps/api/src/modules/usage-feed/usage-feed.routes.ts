import { createHash, timingSafeEqual } from 'node:crypto';
import { apiErrorSchema, usageBatchAnswerSchema, usageBatchSchema } from '@ecare/shared';
import type { FastifyRequest } from 'fastify';
import type { ModuleApp } from '../../core/module.ts';
import { fail } from '../../lib/errors.ts';
import type { UsageFeedService } from './usage-feed.service.ts';

/** 10,000 records of at most about 330 bytes each, with room for the JSON around them. */
const BATCH_BODY_LIMIT = 5 * 1024 * 1024;

/** Digests compared in constant time: neither the token's length nor its first characters leak. */
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** The mediation system's bearer token, checked before the body is read; a closed feed refuses every call. */
function feedGuard(token: string | null) {
  const expected = token === null ? null : digest(token);
  return async (request: FastifyRequest) => {
    if (expected === null) throw fail('USAGE_FEED_CLOSED');
    const header = request.headers.authorization;
    const given = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!timingSafeEqual(digest(given), expected)) throw fail('USAGE_FEED_TOKEN_INVALID');
  };
}

export async function usageFeedRoutes(app: ModuleApp, service: UsageFeedService, token: string | null) {
  app.post(
    '/api/interne/usages',
    {
      // The operator's mediation system calls it: no session, no XSRF pair; its token stands for both.
      config: { xsrf: false },
      bodyLimit: BATCH_BODY_LIMIT,
      onRequest: feedGuard(token),
      schema: {
        tags: ['interne'],
        summary: 'Relevés de consommation poussés par le système de médiation de l’opérateur (au plus 10 000 par requête)',
        description:
          'Jeton du flux dans Authorization: Bearer (USAGE_FEED_TOKEN ; non défini, le flux est fermé : 403). Chaque relevé est compté une fois par idEvenement, même envoyé à nouveau ou par deux requêtes simultanées (doublons). ' +
          'Un relevé d’une ligne inconnue ou résiliée, ou daté de plus de 5 minutes dans le futur, est rejeté avec sa raison ; les autres sont comptés ensemble, ou aucun si la requête échoue. Un corps mal formé est refusé en entier (400).',
        security: [{ bearer: [] }],
        body: usageBatchSchema,
        response: { 200: usageBatchAnswerSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema },
      },
    },
    async (request) => service.ingest(request.body),
  );
}
