import { isLoopbackAddress } from '../../config/env.ts';
import { defineModule } from '../../core/module.ts';
import { createMailRepository } from '../mail/index.ts';
import { devRoutes } from './dev.routes.ts';

export { localOnly } from './local-only.ts';

/**
 * Development tools, registered only when DEV_TOOLS=true, which the demo configuration of
 * `npm start` sets and nothing else does (decision 013). Announced at start-up, so a server that
 * has them never has them unnoticed.
 */
export const devModule = defineModule(
  'dev',
  async (app, core) => {
    const exposed = !isLoopbackAddress(core.config.host);
    core.log.warn(
      `Development tools are on (mailbox /dev/boite-mail, parameter switch PUT /api/dev/parametres/{name})${exposed ? ` although the server listens on ${core.config.host}` : ''}: they answer only direct requests from this machine; DEV_TOOLS=true turns them on (npm start's demo configuration sets it), DEV_TOOLS=false or unset removes them`,
    );
    await devRoutes(app, createMailRepository(core.db));
  },
  { dependencies: ['parameters', 'auth'] },
);
