import { defineModule } from '../../core/module.ts';
import { healthRoutes } from './health.routes.ts';

export { healthSchema, readinessSchema } from './health.routes.ts';

/** Liveness and readiness probes (GET /health, GET /ready). */
export const healthModule = defineModule('health', async (app, core) => {
  await healthRoutes(app, core.db);
});
