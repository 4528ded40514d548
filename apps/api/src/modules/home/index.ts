import { defineModule } from '../../core/module.ts';
import { createHomeRepository } from './home.repository.ts';
import { homeRoutes } from './home.routes.ts';
import { createHomeService } from './home.service.ts';

/** The manager's home page: what needs attention on the account, in one read (decision 046). */
export const homeModule = defineModule(
  'home',
  async (app, core) => {
    const service = createHomeService({ repo: createHomeRepository(core.db), policy: core.policy, clock: core.clock });
    await homeRoutes(app, service);
  },
  { dependencies: ['auth'] },
);
