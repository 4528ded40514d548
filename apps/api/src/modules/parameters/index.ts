import { defineModule } from '../../core/module.ts';
import { createParametersRepository } from './parameters.repository.ts';
import { parametersRoutes } from './parameters.routes.ts';
import { createParametersService, type ParametersService } from './parameters.service.ts';

/** What other modules and the maintenance guard may use of server parameters. */
export interface ParametersModule {
  inMaintenance: ParametersService['inMaintenance'];
  set: ParametersService['set'];
  lockedValues: ParametersService['lockedValues'];
  publicParameters: ParametersService['publicParameters'];
  /** How long an instance keeps the maintenance flag: a switch reaches every instance within it. */
  maintenanceCacheMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    parameters: ParametersModule;
  }
}

/** Public server parameters (banners, maintenance, captcha). */
export const parametersModule = defineModule('parameters', async (app, core) => {
  const service = createParametersService(createParametersRepository(core.db), core.clock, core.config.sessionCacheMs);
  app.decorate('parameters', {
    inMaintenance: service.inMaintenance,
    set: service.set,
    lockedValues: service.lockedValues,
    publicParameters: service.publicParameters,
    maintenanceCacheMs: core.config.sessionCacheMs,
  } satisfies ParametersModule);
  await parametersRoutes(app, service);
});
