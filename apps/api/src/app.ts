import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LINE_USER_IDS_PARAM_LENGTH } from '@ecare/shared';
import { fastifyTrustProxy, type Config } from './config/env.ts';
import { createCore, type CoreOptions } from './core/create-core.ts';
import { systemClock } from './lib/clock.ts';
import { FEATURE_MODULES } from './modules/index.ts';
import { cleanupModule } from './platform/cleanup/index.ts';
import { devModule } from './platform/dev/index.ts';
import { healthModule } from './platform/health/index.ts';
import { createMetrics, observabilityModule, observeRequests, requestIdOf } from './platform/observability/index.ts';
import { paymentSandboxModule } from './platform/payment-sandbox/index.ts';
import { webModule } from './platform/web/index.ts';
import { capConnectionsPerAddress, connectionTimeouts } from './plugins/connection-limits.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { clientErrorHandler, frameworkErrors } from './plugins/framework-errors.ts';
import { loggerOptions, type LogStream } from './plugins/logging.ts';
import { registerMaintenance } from './plugins/maintenance.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { responseSerializerCompiler } from './plugins/serializer.ts';
import { registerJsonControlCharacterGuard, registerUrlControlCharacterGuard, validatorCompiler } from './plugins/validation.ts';
import { registerXsrf } from './plugins/xsrf.ts';

export type AppOptions = Omit<CoreOptions, 'clock' | 'metrics'> & Partial<Pick<CoreOptions, 'clock'>> & { logStream?: LogStream };

/**
 * The modules in registration order: the sandbox payment provider before the payment module that
 * uses it, then the features (modules/index.ts), then the platform's own routes and jobs.
 */
function appModules(config: Config) {
  return [
    ...(config.payment.provider === 'sandbox' ? [paymentSandboxModule] : []),
    ...FEATURE_MODULES,
    cleanupModule,
    ...(config.devTools ? [devModule] : []),
    healthModule,
    observabilityModule,
    webModule,
  ];
}

/** Builds the whole HTTP application: cross-cutting plugins, the core, then the modules. */
export async function buildApp({ clock = systemClock, logStream, ...options }: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1_048_576,
    // The longest path parameter is a list of contract ids (GET /api/lignes/{ids}/utilisateurs);
    // anything longer is answered 414 by the router (decision 020).
    routerOptions: { maxParamLength: LINE_USER_IDS_PARAM_LENGTH },
    frameworkErrors,
    clientErrorHandler,
    // The proxy's X-Request-Id when sane, else a new one (platform/observability).
    genReqId: requestIdOf,
    ...connectionTimeouts(config),
  }).withTypeProvider<ZodTypeProvider>();
  if (config.connections.maxConnectionsPerIp > 0) capConnectionsPerAddress(app.server, config.connections.maxConnectionsPerIp, app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  // First of the hooks: every answer, refusals included, carries its X-Request-Id and is counted.
  const metrics = createMetrics({ processMetrics: config.metricsToken !== null });
  observeRequests(app, metrics);

  registerErrorHandling(app);
  registerSecurityHeaders(app, { captcha: Boolean(config.recaptcha.secret), hsts: config.cookieSecure || config.publicUrl.startsWith('https:') });
  registerUrlControlCharacterGuard(app);
  registerJsonControlCharacterGuard(app);
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false }); // JSON above 1 KB; built assets are precompressed (platform/web)
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  registerXsrf(app, { secure: config.cookieSecure });
  await registerDocs(app, config.brandName);

  const core = await createCore(app, { ...options, clock, metrics });
  for (const module of appModules(config)) await app.register(module, { core });
  registerMaintenance(app, () => app.parameters.inMaintenance());
  return app;
}
