import { ORDER_STATUS_LABELS, ORDER_TYPE_LABELS, orderStepLabel, type OrderStatus, type OrderType } from '@ecare/shared';
import type { Transaction } from '../../db/transaction.ts';
import type { WebhooksModule } from '../webhooks/index.ts';
import { createOrder, recordOrderEvent, type OrderMove } from './order-writes.repository.ts';

/** The webhooks' `commande.statut` of a move, when the status or the step changed (or the order was created). */
async function announce(emit: WebhooksModule['emit'], tx: Transaction, { idClientBscs, numero, type, avant, apres }: Omit<OrderMove, 'avant'> & { avant: OrderMove['avant'] | null }): Promise<void> {
  if (avant && avant.statut === apres.statut && avant.etape === apres.etape) return;
  await emit(tx, {
    idClientBscs,
    type: 'commande.statut',
    data: {
      numero,
      type,
      typeLibelle: ORDER_TYPE_LABELS[type as OrderType] ?? String(type),
      statut: apres.statut,
      statutLibelle: ORDER_STATUS_LABELS[apres.statut as OrderStatus] ?? String(apres.statut),
      etape: apres.etape,
      etapeLibelle: orderStepLabel(apres.etape, apres.statut),
      statutPrecedent: avant?.statut ?? null,
      etapePrecedente: avant?.etape ?? null,
    },
  });
}

/**
 * The orders' write side as other modules get it: each creation and each move of an order's
 * status or step tells the account's webhooks (`commande.statut`), in the same transaction.
 */
export function announcedOrderWrites(emit: WebhooksModule['emit']) {
  return {
    async createOrder(...[tx, order, now]: Parameters<typeof createOrder>): ReturnType<typeof createOrder> {
      const created = await createOrder(tx, order, now);
      if (created.created) await announce(emit, tx, { idClientBscs: order.idClientBscs, numero: created.numero, type: order.type, avant: null, apres: { statut: order.statut, etape: order.etape } });
      return created;
    },
    async recordOrderEvent(...[tx, orderId, event, now]: Parameters<typeof recordOrderEvent>): ReturnType<typeof recordOrderEvent> {
      const move = await recordOrderEvent(tx, orderId, event, now);
      await announce(emit, tx, move);
      return move;
    },
  };
}
