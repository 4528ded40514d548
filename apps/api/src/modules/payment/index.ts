import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env.ts';
import { defineModule } from '../../core/module.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createPaymentRepository } from './payment.repository.ts';
import { paymentRoutes } from './payment.routes.ts';
import { createPaymentService } from './payment.service.ts';

export type { NotificationCheck, NotificationRejection, PaymentEvent, PaymentProvider, ProviderTransaction } from './payment-provider.ts';

/** The provider PAYMENT_PROVIDER names, as the module that brings it decorated the app with it. */
function configuredProvider(app: FastifyInstance, config: Config): PaymentProvider {
  switch (config.payment.provider) {
    case 'sandbox':
      if (!app.hasDecorator('paymentSandbox')) throw new Error('PAYMENT_PROVIDER=sandbox needs the payment-sandbox module registered before payment');
      return app.paymentSandbox.provider;
  }
}

/** Card payment of unpaid invoices (decision 027): what is due, the payment link, the provider's notifications. */
export const paymentModule = defineModule(
  'payment',
  async (app, core) => {
    const service = createPaymentService({
      repo: createPaymentRepository(core.db),
      policy: core.policy,
      audit: core.audit,
      transaction: core.transaction,
      mail: core.mail,
      clock: core.clock,
      limits: core.limits,
      provider: configuredProvider(app, core.config),
      log: core.log,
      brandName: core.config.brandName,
      publicUrl: core.config.publicUrl,
    });
    await paymentRoutes(app, { service });
  },
  { dependencies: ['auth'] },
);
