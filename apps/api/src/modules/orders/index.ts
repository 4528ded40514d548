import fastifyMultipart from '@fastify/multipart';
import { serviceCore } from '../../core/core.ts';
import { defineModule } from '../../core/module.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderPayments } from '../payment/index.ts';
import { cardOrderPayments, type CardOrder, type CardOrderKind } from './card-order-payments.ts';
import { announcedOrderWrites } from './order-webhooks.ts';
import { ORDERS_AUDIT_ACTIONS } from './orders.audit.ts';
import { setSubscriptionStatus, type createOrder, type recordOrderEvent } from './order-writes.repository.ts';
import { createOrdersRepository } from './orders.repository.ts';
import { ordersRoutes } from './orders.routes.ts';
import { createOrdersService } from './orders.service.ts';
import { piecesRoutes } from './pieces.routes.ts';
import { createPiecesService } from './pieces.service.ts';

export type { CardOrder, CardOrderKind } from './card-order-payments.ts';
export type { CreatedOrder, NewOrder, OrderEvent, OrderMove, SubscriptionStatusChange } from './order-writes.repository.ts';

/**
 * What other modules may use of orders: the write side every order creator calls (decision 036).
 * A creation and a move of status or step tell the account's webhooks (`commande.statut`).
 */
export interface OrdersModule {
  /** Creates an order `CMD-YYYY-NNNNNN` and its first timeline entry; idempotent per account and key. */
  createOrder: typeof createOrder;
  /** Moves an order to a status and step, appended to its timeline. */
  recordOrderEvent: typeof recordOrderEvent;
  /** Moves a subscription along the transitions of decision 036 (409 when illegal). */
  setSubscriptionStatus: typeof setSubscriptionStatus;
  /** The payment module's view of a kind of order paid by card (new lines, new phone). */
  cardOrderPayments<Order extends CardOrder>(kind: CardOrderKind<Order>, log: FastifyBaseLogger): OrderPayments;
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
    const writes = announcedOrderWrites(app.webhooks.emit);
    app.decorate('orders', {
      ...writes,
      setSubscriptionStatus,
      cardOrderPayments: (kind, log) => cardOrderPayments(kind, log, writes.recordOrderEvent),
    } satisfies OrdersModule);
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
  { dependencies: ['auth', 'webhooks'], auditActions: ORDERS_AUDIT_ACTIONS },
);
