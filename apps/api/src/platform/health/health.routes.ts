import { z } from 'zod';
import type { ModuleApp } from '../../core/module.ts';
import type { Database } from '../../db/client.ts';
import { checkReadiness } from '../../db/readiness.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/unavailable.ts';
import type { InstanceLifecycle } from './instance.ts';

/** GET /health: the process answers. */
export const healthSchema = z.object({ status: z.literal('ok') });
/** GET /ready, with 200 or 503: whether this instance can serve, and why not. */
export const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.string().describe("'ok', 'unreachable', 'no answer within 3 s' ou 'error <SQLSTATE>'"),
  migrations: z.string().describe("'ok', '<n> pending', 'not applied' ou 'not checked'"),
  stopping: z.literal(true).optional().describe('L’instance s’arrête : elle finit son travail en cours et ne reçoit plus de nouvelles requêtes'),
});

/**
 * Probes for the platform, outside /api (no maintenance guard, no session): /health says the
 * process answers, /ready says this instance can serve (its database answers and is migrated, and
 * it is not stopping).
 */
export async function healthRoutes(app: ModuleApp, db: Database, instance: InstanceLifecycle) {
  app.get(
    '/health',
    {
      schema: {
        tags: ['ops'],
        summary: 'Le processus répond (ne consulte pas la base de données)',
        security: [],
        response: { 200: healthSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['ops'],
        summary: 'L’instance peut servir : base de données joignable, migrations appliquées, pas en cours d’arrêt (503 sinon, avec la cause)',
        security: [],
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (instance.stopping()) {
        return reply.status(503).send({ status: 'unavailable' as const, database: 'not checked', migrations: 'not checked', stopping: true as const });
      }
      const { ready, database, migrations, cause } = await checkReadiness(db);
      if (ready) return { status: 'ok' as const, database, migrations };
      request.log.warn({ err: cause, database, migrations }, 'not ready');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send({ status: 'unavailable' as const, database, migrations });
    },
  );
}
