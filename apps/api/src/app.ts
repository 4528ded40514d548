import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createAccess } from './access/access.repository.ts';
import type { RouteDeps, Services } from './app-deps.ts';
import type { Config } from './config/env.ts';
import type { Database } from './db/client.ts';
import { createCaptchaVerifier, type CaptchaVerifier } from './lib/captcha.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createLimits, type Limits } from './lib/limits.ts';
import { postgresRateLimitStore, redisRateLimitStore, type RateLimitStore } from './lib/rate-limit.ts';
import { createAccountsRepository } from './modules/accounts/accounts.repository.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { createEmailChangeRepository } from './modules/email-change/email-change.repository.ts';
import { emailChangeRoutes } from './modules/email-change/email-change.routes.ts';
import { createEmailChangeService } from './modules/email-change/email-change.service.ts';
import { inlineMailQueue, type MailQueue } from './modules/mail/mail.queue.ts';
import { createMailRepository } from './modules/mail/mail.repository.ts';
import { createMailDelivery, createMailService, type MailService } from './modules/mail/mail.service.ts';
import { mailboxTransport, smtpTransport, type MailTransport } from './modules/mail/mail.transport.ts';
import { createPasswordRepository } from './modules/password/password.repository.ts';
import { passwordRoutes } from './modules/password/password.routes.ts';
import { createPasswordService } from './modules/password/password.service.ts';
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
import { registerMaintenance } from './plugins/maintenance.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { responseSerializerCompiler } from './plugins/serializer.ts';
import { registerXsrf } from './plugins/xsrf.ts';

export interface AppOptions {
  config: Config;
  db: Database;
  clock?: Clock;
  /** Delivery of outbox e-mails; pg-boss in the server, inline by default (tests). */
  mailQueue?: (log: FastifyBaseLogger) => MailQueue;
  /** Where e-mails go; from SMTP_URL by default. */
  mailTransport?: MailTransport;
}

interface Infrastructure {
  db: Database;
  config: Config;
  clock: Clock;
  limits: Limits;
  captcha: CaptchaVerifier;
  mail: MailService;
}

function createServices({ db, config, clock, limits, captcha, mail }: Infrastructure): Services {
  const access = createAccess(db);
  const auth = createAuthService(
    createAuthRepository(db),
    clock,
    { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs, cacheMs: config.sessionCacheMs },
    { limits, captcha },
  );
  const accounts = createAccountsService(createAccountsRepository(db), { clock, cacheMs: config.readCacheMs });
  const linesRepository = createLinesRepository(db);
  const passwordRepository = createPasswordRepository(db);
  const links = { brandName: config.brandName, publicUrl: config.publicUrl, linkValidityMs: config.linkValidityMs };
  return {
    auth,
    accounts,
    lines: createLinesService(linesRepository, access),
    session: createSessionService({ access, auth, accounts, lines: linesRepository }),
    menu: createMenuService(createMenuRepository(db)),
    parameters: createParametersService(createParametersRepository(db), clock, config.sessionCacheMs),
    password: createPasswordService({
      repo: passwordRepository,
      mail,
      captcha,
      limits,
      clock,
      forgetSessions: (userId) => auth.forgetUser(userId),
      ...links,
    }),
    emailChange: createEmailChangeService({
      repo: createEmailChangeRepository(db),
      mail,
      clock,
      limits,
      revokeSessions: async (userId) => {
        await passwordRepository.revokeSessions(userId, clock.now());
        auth.forgetUser(userId);
      },
      ...links,
    }),
  };
}

function rateLimitStore(app: FastifyInstance, config: Config, db: Database): RateLimitStore {
  if (!config.redisUrl) return postgresRateLimitStore(db);
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  redis.on('error', (error) => app.log.error({ err: error }, 'redis error'));
  app.addHook('onClose', async () => {
    await redis.quit();
  });
  return redisRateLimitStore(redis);
}

/** Builds the whole HTTP application; features plug in as route modules receiving RouteDeps. */
export async function buildApp({ config, db, clock = systemClock, mailQueue, mailTransport }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorateRequest('auth', null);

  registerErrorHandling(app);
  registerSecurityHeaders(app, { captcha: Boolean(config.recaptcha.secret) });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  registerXsrf(app, { secure: config.cookieSecure });
  await registerDocs(app, config.brandName);

  const mailRepository = createMailRepository(db);
  const queue = (mailQueue ?? inlineMailQueue)(app.log);
  const transport = mailTransport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : mailboxTransport);
  await queue.start(createMailDelivery(mailRepository, transport, clock, app.log));
  app.addHook('onClose', async () => {
    await queue.stop();
    transport.close();
  });

  const limits = createLimits(rateLimitStore(app, config, db), clock);
  const captcha = createCaptchaVerifier(config.recaptcha);
  const services = createServices({ db, config, clock, limits, captcha, mail: createMailService(mailRepository, queue, clock) });
  registerMaintenance(app, services.parameters);

  const deps: RouteDeps = {
    services,
    authenticate: createAuthenticate(services.auth),
    limitPerIp: (group) => async (request) => limits.perIp(group, request.ip),
  };
  const features = [authRoutes, accountsRoutes, linesRoutes, sessionRoutes, menuRoutes, parametersRoutes, passwordRoutes, emailChangeRoutes];
  if (config.devTools) features.push(devRoutes(mailRepository));
  for (const routes of features) await app.register(routes, deps);
  await registerWeb(app, config.webDist);
  return app;
}
