import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema } from '@ecare/shared';
import type { ModuleApp } from '../../core/module.ts';
import { fail } from '../../lib/errors.ts';
import type { Metrics } from './metrics.ts';

/** Digests compared in constant time: neither the token's length nor its first characters leak. */
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Prometheus's bearer token (METRICS_TOKEN), checked before anything is read. */
function scraperGuard(token: string) {
  const expected = digest(token);
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const given = typeof header === 'string' && /^bearer +/i.test(header) ? header.replace(/^bearer +/i, '') : '';
    if (!timingSafeEqual(digest(given), expected)) throw fail('UNAUTHENTICATED');
  };
}

/**
 * GET /metrics for Prometheus, outside /api like the probes (no session, no maintenance guard),
 * only with METRICS_TOKEN: a caller without it learns nothing but a 401.
 */
export async function metricsRoutes(app: ModuleApp, metrics: Metrics, token: string) {
  app.get(
    '/metrics',
    {
      onRequest: scraperGuard(token),
      schema: {
        tags: ['ops'],
        summary: 'Métriques de l’instance au format Prometheus (Authorization: Bearer METRICS_TOKEN ; sans METRICS_TOKEN : 404)',
        security: [{ bearer: [] }],
        response: { 200: z.string().describe('Format texte d’exposition de Prometheus 0.0.4'), 401: apiErrorSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      reply.type(metrics.registry.contentType);
      return metrics.scrape();
    },
  );
}
