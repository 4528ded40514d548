import type { FastifyInstance } from 'fastify';
import type { Transaction } from '../../db/transaction.ts';
import type { Config } from '../../config/env.ts';
import { defineModule } from '../../core/module.ts';
import { PAYMENT_AUDIT_ACTIONS } from './payment.audit.ts';
import { orderPaymentsOf, type OrderPayments } from './order-payments.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createPaymentRepository } from './payment.repository.ts';
import { paymentRoutes } from './payment.routes.ts';
import { createPaymentService } from './payment.service.ts';

export type { OrderPayments, OrderSettlement, PayableOrder } from './order-payments.ts';
export type { NotificationCheck, NotificationRejection, PaymentEvent, PaymentProvider, ProviderCancellation, ProviderTransaction } from './payment-provider.ts';

/** The provider PAYMENT_PROVIDER names, as the module that brings it decorated the app with it. */
function configuredProvider(app: FastifyInstance, config: Config): PaymentProvider {
  switch (config.payment.provider) {
    case 'sandbox':
      if (!app.hasDecorator('paymentSandbox')) throw new Error('PAYMENT_PROVIDER=sandbox needs the payment-sandbox module registered before payment');
      return app.paymentSandbox.provider;
  }
}

/** What other modules may use of payment. */
export interface PaymentModule {
  /**
   * Orders payable by card (decisions 038, 039), given by a module that takes them; several modules
   * may, each answering only for its own orders (see `orderPaymentsOf`).
   */
  useOrderPayments(orders: OrderPayments): void;
  /**
   * An order's payment still waiting is given up (the order is paid another way): in the caller's
   * transaction, after the order was locked; the provider's page is stopped first, and one that
   * already took a card is kept (409 PAYMENT_IN_PROGRESS, decision 027).
   */
  giveUpOrderPayment(transactionReference: string, now: Date, tx: Transaction): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    payment: PaymentModule;
  }
}

/**
 * Card payment of unpaid invoices (decision 027) and of orders (decision 038): what is due, the
 * payment link, the provider's notifications.
 */
export const paymentModule = defineModule(
  'payment',
  async (app, core) => {
    const registered: OrderPayments[] = [];
    const orders = orderPaymentsOf(registered);
    const repo = createPaymentRepository(core.db);
    const provider = configuredProvider(app, core.config);
    const service = createPaymentService({
      repo,
      policy: core.policy,
      audit: core.audit,
      transaction: core.transaction,
      mail: core.mail,
      clock: core.clock,
      limits: core.limits,
      provider,
      log: core.log,
      brandName: core.config.brandName,
      publicUrl: core.config.publicUrl,
      orders: () => (registered.length === 0 ? undefined : orders),
      webhooks: app.webhooks,
      metrics: core.metrics,
    });
    app.decorate('payment', {
      useOrderPayments(given) {
        if (registered.includes(given)) throw new Error('these orders payable by card are already given');
        registered.push(given);
      },
      giveUpOrderPayment: (transactionReference, now, tx) => service.giveUpOrderPayment(transactionReference, now, tx),
    } satisfies PaymentModule);
    await paymentRoutes(app, { service });
  },
  { dependencies: ['auth', 'webhooks'], auditActions: PAYMENT_AUDIT_ACTIONS },
);
