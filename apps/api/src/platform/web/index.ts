import { defineModule } from '../../core/module.ts';
import { registerWeb } from './web.routes.ts';

/** The built single-page app under /ecare/ and its version file. */
export const webModule = defineModule(
  'web',
  async (app, core) => {
    // The login page's HTML carries the information banner (decision 012).
    await registerWeb(app, core.config.webDist, { publicParameters: () => app.parameters.publicParameters() });
  },
  { dependencies: ['parameters'] },
);
