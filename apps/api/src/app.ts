import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LINE_USER_IDS_PARAM_LENGTH } from '@ecare/shared';
import { fastifyTrustProxy, type Config } from './config/env.ts';
import { createCore, type CoreOptions } from './core/create-core.ts';
import { systemClock } from './lib/clock.ts';
import { accountUsersModule } from './modules/account-users/index.ts';
import { accountsModule } from './modules/accounts/index.ts';
import { adminModule } from './modules/admin/index.ts';
import { addLineModule } from './modules/add-line/index.ts';
import { agentsModule } from './modules/agents/index.ts';
import { authModule } from './modules/auth/index.ts';
import { bankDetailsModule } from './modules/bank-details/index.ts';
import { catalogueModule } from './modules/catalogue/index.ts';
import { cleanupModule } from './platform/cleanup/index.ts';
import { consumptionModule } from './modules/consumption/index.ts';
import { contractPdfModule } from './modules/contract-pdf/index.ts';
import { devModule } from './platform/dev/index.ts';
import { emailChangeModule } from './modules/email-change/index.ts';
import { esimModule } from './modules/esim/index.ts';
import { faqModule } from './modules/faq/index.ts';
import { healthModule } from './platform/health/index.ts';
import { invoicesModule } from './modules/invoices/index.ts';
import { legalModule } from './modules/legal/index.ts';
import { linesModule } from './modules/lines/index.ts';
import { menuModule } from './modules/menu/index.ts';
import { newPhoneModule } from './modules/new-phone/index.ts';
import { offersModule } from './modules/offers/index.ts';
import { optinsModule } from './modules/optins/index.ts';
import { ordersModule } from './modules/orders/index.ts';
import { parametersModule } from './modules/parameters/index.ts';
import { passwordModule } from './modules/password/index.ts';
import { paymentSandboxModule } from './platform/payment-sandbox/index.ts';
import { paymentModule } from './modules/payment/index.ts';
import { sessionModule } from './modules/session/index.ts';
import { supportModule } from './modules/support/index.ts';
import { tariffChangeModule } from './modules/tariff-change/index.ts';
import { terminationModule } from './modules/termination/index.ts';
import { unpaidModule } from './modules/unpaid/index.ts';
import { appointmentsModule } from './modules/appointments/index.ts';
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

export type AppOptions = Omit<CoreOptions, 'clock'> & Partial<Pick<CoreOptions, 'clock'>> & { logStream?: LogStream };

/** The feature modules, in an order that satisfies their declared dependencies. */
function featureModules(config: Config) {
  return [
    parametersModule,
    authModule,
    agentsModule,
    accountsModule,
    linesModule,
    esimModule,
    consumptionModule,
    contractPdfModule,
    offersModule,
    sessionModule,
    menuModule,
    passwordModule,
    emailChangeModule,
    optinsModule,
    accountUsersModule,
    legalModule,
    faqModule,
    adminModule,
    supportModule,
    terminationModule,
    invoicesModule,
    ...(config.payment.provider === 'sandbox' ? [paymentSandboxModule] : []),
    paymentModule,
    bankDetailsModule,
    unpaidModule,
    tariffChangeModule,
    ordersModule,
    addLineModule,
    newPhoneModule,
    appointmentsModule,
    catalogueModule,
    cleanupModule,
    ...(config.devTools ? [devModule] : []),
    healthModule,
    webModule,
  ];
}

/** Builds the whole HTTP application: cross-cutting plugins, the core, then the feature modules. */
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
    ...connectionTimeouts(config),
  }).withTypeProvider<ZodTypeProvider>();
  if (config.connections.maxConnectionsPerIp > 0) capConnectionsPerAddress(app.server, config.connections.maxConnectionsPerIp, app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  registerErrorHandling(app);
  registerSecurityHeaders(app, { captcha: Boolean(config.recaptcha.secret), hsts: config.cookieSecure || config.publicUrl.startsWith('https:') });
  registerUrlControlCharacterGuard(app);
  registerJsonControlCharacterGuard(app);
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false }); // JSON above 1 KB; built assets are precompressed (platform/web)
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  registerXsrf(app, { secure: config.cookieSecure });
  await registerDocs(app, config.brandName);

  const core = await createCore(app, { ...options, clock });
  for (const module of featureModules(config)) await app.register(module, { core });
  registerMaintenance(app, () => app.parameters.inMaintenance());
  return app;
}
