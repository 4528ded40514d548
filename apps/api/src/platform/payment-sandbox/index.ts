import { readFileSync } from 'node:fs';
import pg from 'pg';
import { defineModule } from '../../core/module.ts';
import type { Database } from '../../db/client.ts';
import type { PaymentProvider } from '../../modules/payment/index.ts';
import { createSandboxNotifier } from './sandbox-notifier.ts';
import { createSandboxProvider } from './sandbox-provider.ts';
import { createMemorySandboxSessions } from './sandbox-sessions.ts';
import { createDatabaseSandboxSessions, createSandboxRepository } from './sandbox.repository.ts';
import { sandboxRoutes } from './sandbox.routes.ts';
import { createSandboxTokenCodec } from './sandbox-token.ts';

export { signNotification, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './sandbox-notification.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The built-in payment provider, when PAYMENT_PROVIDER is `sandbox`. */
    paymentSandbox: { provider: PaymentProvider };
  }
}

const stylesheet = readFileSync(new URL('./sandbox.css', import.meta.url), 'utf8');

/**
 * Whether a query may run while a transaction holds a connection: a pool of several (PostgreSQL),
 * not PGlite's one, which a single process serves. The portal stops a page inside its transaction.
 */
function besideTransactions(db: Database): boolean {
  const pool: unknown = '$client' in db ? db.$client : undefined;
  return pool instanceof pg.Pool && (pool.options.max ?? 10) > 1;
}

/**
 * The built-in card payment provider (decision 027): hosted pages at /sandbox-paiement/… that
 * take test cards, and their signed notifications to the portal. It stands where a real
 * provider's site would; the portal reaches it only through the PaymentProvider interface.
 */
export const paymentSandboxModule = defineModule('payment-sandbox', async (app, core) => {
  const { config, clock, log } = core;
  const { secret, secretConfigured } = config.payment;
  if (config.env === 'production') {
    // The demo's documented default: said, not warned about.
    log.info('PAYMENT_PROVIDER is sandbox: invoices are paid with test cards and no money is taken');
    if (!secretConfigured) log.warn('PAYMENT_PROVIDER_SECRET is not set: payment notifications are accepted from this process only');
  }
  const codec = createSandboxTokenCodec(secret);
  // Several instances run on PostgreSQL only, and share the pages' state there (decision 066).
  const sessions = besideTransactions(core.db) ? createDatabaseSandboxSessions(core.db) : createMemorySandboxSessions();
  const notifier = createSandboxNotifier({ url: `${config.publicUrl}/api/paiement/notification`, secret, clock, log });
  app.addHook('onClose', async () => notifier.close());
  app.decorate('paymentSandbox', { provider: createSandboxProvider({ codec, sessions, clock, publicUrl: config.publicUrl, secret }) });
  const { transactionWaiting } = createSandboxRepository(core.db);
  await sandboxRoutes(app, { brand: config.brandName, publicUrl: config.publicUrl, stylesheet, codec, sessions, notifier, clock, limits: core.limits, transactionWaiting });
});
