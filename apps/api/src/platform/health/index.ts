import { defineModule } from '../../core/module.ts';
import { healthRoutes } from './health.routes.ts';
import { instanceLifecycle, type InstanceLifecycle } from './instance.ts';

export { healthSchema, readinessSchema } from './health.routes.ts';
export type { InstanceLifecycle } from './instance.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance: its name (X-Instance-Id) and whether it is stopping (/ready then answers 503). */
    instance: InstanceLifecycle;
  }
}

/** Liveness and readiness probes (GET /health, GET /ready), and every answer's X-Instance-Id. */
export const healthModule = defineModule('health', async (app, core) => {
  const instance = instanceLifecycle(core.config.instanceId);
  app.decorate('instance', instance);
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('X-Instance-Id', instance.id);
  });
  await healthRoutes(app, core.db, instance);
});
