import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createAccess } from './access/access.repository.ts';
import type { RouteDeps, Services } from './app-deps.ts';
import type { Config } from './config/env.ts';
import type { Database } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createAccountsRepository } from './modules/accounts/accounts.repository.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createLinesRepository } from './modules/lines/lines.repository.ts';
import { linesRoutes } from './modules/lines/lines.routes.ts';
import { createLinesService } from './modules/lines/lines.service.ts';
import { createMenuRepository } from './modules/menu/menu.repository.ts';
import { menuRoutes } from './modules/menu/menu.routes.ts';
import { createMenuService } from './modules/menu/menu.service.ts';
import { createParametersRepository } from './modules/parameters/parameters.repository.ts';
import { parametersRoutes } from './modules/parameters/parameters.routes.ts';
import { createParametersService } from './modules/parameters/parameters.service.ts';
import { sessionRoutes } from './modules/session/session.routes.ts';
import { createSessionService } from './modules/session/session.service.ts';
import { registerWeb } from './modules/web/web.routes.ts';
import { createAuthenticate } from './plugins/authenticate.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerXsrf } from './plugins/xsrf.ts';

export interface AppOptions {
  config: Config;
  db: Database;
  clock?: Clock;
}

function createServices(db: Database, config: Config, clock: Clock): Services {
  const access = createAccess(db);
  const auth = createAuthService(createAuthRepository(db), clock, {
    idleMs: config.sessionIdleMs,
    maxMs: config.sessionMaxMs,
    cacheMs: config.sessionCacheMs,
  });
  const accounts = createAccountsService(createAccountsRepository(db), access);
  const linesRepository = createLinesRepository(db);
  return {
    auth,
    accounts,
    lines: createLinesService(linesRepository, access),
    session: createSessionService({ access, auth, accounts, lines: linesRepository }),
    menu: createMenuService(createMenuRepository(db)),
    parameters: createParametersService(createParametersRepository(db)),
  };
}

/** Builds the whole HTTP application; features plug in as route modules receiving RouteDeps. */
export async function buildApp({ config, db, clock = systemClock }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: true,
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);

  registerErrorHandling(app);
  registerSecurityHeaders(app);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  registerXsrf(app, { secure: config.cookieSecure });
  await registerDocs(app, config.brandName);

  const services = createServices(db, config, clock);
  const deps: RouteDeps = { services, authenticate: createAuthenticate(services.auth) };
  for (const routes of [authRoutes, accountsRoutes, linesRoutes, sessionRoutes, menuRoutes, parametersRoutes]) {
    await app.register(routes, deps);
  }
  await registerWeb(app, config.webDist);
  return app;
}
