import { serviceCore } from '../../core/core.ts';
import { defineModule } from '../../core/module.ts';
import { API_KEYS_AUDIT_ACTIONS } from './api-keys.audit.ts';
import { createApiKeysRepository } from './api-keys.repository.ts';
import { apiKeysRoutes } from './api-keys.routes.ts';
import { createApiKeysService, type ApiClient, type ApiKeysService } from './api-keys.service.ts';

export type { ApiClient } from './api-keys.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The public API's credentials, which its routes check on every request. */
    apiKeys: {
      /** The client of `Authorization: Bearer` a key or a token, or API_CREDENTIALS_INVALID (401). */
      authenticate(authorization: string | undefined): Promise<ApiClient>;
      /** OAuth 2 client credentials: the key's id and the key traded for an hour-long token. */
      token: ApiKeysService['token'];
    };
  }
}

/** The page that lists the keys, which the e-mails link to. */
const API_PAGE = '/mon-compte/api';

/** API keys of the public API, and the OAuth token they are traded for (decision 061). */
export const apiKeysModule = defineModule(
  'api-keys',
  async (app, core) => {
    const base = serviceCore(core);
    const service = createApiKeysService({ ...base, repo: createApiKeysRepository(core.db), pageLink: `${base.publicUrl}/ecare${API_PAGE}` });
    app.decorate('apiKeys', { authenticate: service.authenticate, token: service.token });
    await core.jobs.schedule('api-keys.forget-expired-tokens', '25 * * * *', async () => void (await service.forgetExpiredTokens()));
    await apiKeysRoutes(app, service);
  },
  { dependencies: ['auth'], auditActions: API_KEYS_AUDIT_ACTIONS },
);
