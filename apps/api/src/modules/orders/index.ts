import fastifyMultipart from '@fastify/multipart';
import { serviceCore } from '../../core/core.ts';
import { defineModule } from '../../core/module.ts';
import { cardOrderPayments } from './card-order-payments.ts';
import { ORDERS_AUDIT_ACTIONS } from './orders.audit.ts';
import { createOrder, recordOrderEvent, setSubscriptionStatus } from './order-writes.repository.ts';
import { createOrdersRepository } from './orders.repository.ts';
import { ordersRoutes } from './orders.routes.ts';
import { createOrdersService } from './orders.service.ts';
import { piecesRoutes } from './pieces.routes.ts';
import { createPiecesService } from './pieces.service.ts';

export type { CardOrder, CardOrderKind } from './card-order-payments.ts';
export type { CreatedOrder, NewOrder, OrderEvent, SubscriptionStatusChange } from './order-writes.repository.ts';

/** What other modules may use of orders: the write side every order creator calls (decision 036). */
export interface OrdersModule {
  /** Creates an order `CMD-YYYY-NNNNNN` and its first timeline entry; idempotent per account and key. */
  createOrder: typeof createOrder;
  /** Moves an order to a status and step, appended to its timeline. */
  recordOrderEvent: typeof recordOrderEvent;
  /** Moves a subscription along the transitions of decision 036 (409 when illegal). */
  setSubscriptionStatus: typeof setSubscriptionStatus;
  /** The payment module's view of a kind of order paid by card (new lines, new phone). */
  cardOrderPayments: typeof cardOrderPayments;
}

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersModule;
  }
}

/** Orders and their timeline, subscriptions and their status, supporting documents (decision 036). */
export const ordersModule = defineModule(
  'orders',
  async (app, core) => {
    app.decorate('orders', { createOrder, recordOrderEvent, setSubscriptionStatus, cardOrderPayments } satisfies OrdersModule);
    const store = core.files.pieces;
    const repo = createOrdersRepository(core.db);
    const { policy, audit, transaction, limits, clock } = serviceCore(core);
    const orders = createOrdersService({ repo, policy, audit, transaction, limits, clock });
    const pieces = createPiecesService({ repo, store, orders, policy, audit, transaction, limits, clock });
    await ordersRoutes(app, orders);
    // The multipart parser in a scope of its own: only the upload accepts such bodies.
    await app.register(async (scope) => {
      await scope.register(fastifyMultipart);
      await piecesRoutes(scope, { service: pieces, store });
    });
  },
  { dependencies: ['auth'], auditActions: ORDERS_AUDIT_ACTIONS },
);
