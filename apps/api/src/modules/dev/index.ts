import { isLoopbackAddress } from '../../config/env.ts';
import { defineModule } from '../../core/module.ts';
import { createMailRepository } from '../mail/index.ts';
import { devRoutes } from './dev.routes.ts';

export { localOnly } from './local-only.ts';

/**
 * Development tools, registered only when DEV_TOOLS is on: by default only on a server that
 * listens on a loopback address outside production (decision 013). Announced at start-up, so
 * a server that has them never has them unnoticed.
 */
export const devModule = defineModule(
  'dev',
  async (app, core) => {
    const exposed = !isLoopbackAddress(core.config.host);
    core.log.warn(
      `Development tools are on (mailbox /dev/boite-mail, parameter switch PUT /api/dev/parametres/{name})${exposed ? ` although the server listens on ${core.config.host}` : ''}: they answer only direct requests from this machine; set DEV_TOOLS=false to remove them`,
    );
    await devRoutes(app, createMailRepository(core.db));
  },
  { dependencies: ['parameters', 'auth'] },
);
