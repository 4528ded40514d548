import { and, eq, sql } from 'drizzle-orm';
import {
  orderNumber,
  subscriptionStatusName,
  subscriptionTransition,
  type FlowStep,
  type OrderPaymentMode,
  type OrderStatus,
  type OrderType,
  type PieceType,
  type RiskLevel,
  type SubscriptionActor,
  type SubscriptionStatus,
} from '@ecare/shared';
import { parisDay } from '@ecare/shared/paris-time';
import { nextReferenceNumber } from '../../db/reference-counters.ts';
import { orderEvents, orders, subscriptions } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';
import { fail } from '../../lib/errors.ts';

/**
 * The write side of orders, for the modules that create and move them (add lines, new phone):
 * each function works in the caller's transaction, so that an order, its timeline and the rest
 * of the submission commit together or not at all. No access check here: callers check first.
 */

export interface NewOrder {
  idClientBscs: number;
  userId: number | null;
  agentId?: number | null;
  type: OrderType;
  statut: OrderStatus;
  etape: FlowStep;
  idSouscription?: number | null;
  /** The line a new phone (RM) is for. */
  idContrat?: number | null;
  modePaiement?: OrderPaymentMode | null;
  niveauRisque?: RiskLevel;
  acompteCentimes?: number;
  totalUniqueHtCentimes?: number;
  totalMensuelHtCentimes?: number;
  tvaUniqueCentimes?: number;
  referenceVirement?: string | null;
  referenceTransaction?: string | null;
  idPointDeVente?: number | null;
  /** The browser's `Idempotency-Key`: a second order with the same key and account is the first one. */
  idempotencyKey?: string | null;
  /** What the order is, as the recap showed it (lines, articles, totals), frozen. */
  recapitulatif: Record<string, unknown>;
  /** Pieces its subscription waits for (decision 036); kept in the recap as `piecesAttendues`. */
  piecesAttendues?: readonly PieceType[];
  /** First entry of the timeline; "Commande enregistrée" by default. */
  libelle?: string;
}

export interface CreatedOrder {
  id: number;
  numero: string;
  /** False when the idempotency key named an order created before: nothing was written. */
  created: boolean;
}

/**
 * Creates an order numbered `CMD-YYYY-NNNNNN` (year in France) with the first entry of its
 * timeline. With an idempotency key already used on the account, answers that order instead.
 */
export async function createOrder(tx: Transaction, order: NewOrder, now: Date = new Date()): Promise<CreatedOrder> {
  const key = order.idempotencyKey ?? null;
  if (key !== null) {
    // Waits for a concurrent submission with the same key to commit or roll back.
    await tx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`order:${order.idClientBscs}:${key}`}))`);
    const [existing] = await tx.db
      .select({ id: orders.id, numero: orders.numero })
      .from(orders)
      .where(and(eq(orders.idClientBscs, order.idClientBscs), eq(orders.idempotencyKey, key)));
    if (existing) return { ...existing, created: false };
  }
  const year = Number(parisDay(now).slice(0, 4));
  const numero = orderNumber(year, await nextReferenceNumber('CMD', year, tx));
  const recapitulatif = order.piecesAttendues ? { ...order.recapitulatif, piecesAttendues: [...order.piecesAttendues] } : order.recapitulatif;
  const [row] = await tx.db
    .insert(orders)
    .values({
      numero,
      idClientBscs: order.idClientBscs,
      userId: order.userId,
      agentId: order.agentId ?? null,
      type: order.type,
      statut: order.statut,
      etape: order.etape,
      idSouscription: order.idSouscription ?? null,
      idContrat: order.idContrat ?? null,
      modePaiement: order.modePaiement ?? null,
      niveauRisque: order.niveauRisque ?? 0,
      acompteCentimes: order.acompteCentimes ?? 0,
      totalUniqueHtCentimes: order.totalUniqueHtCentimes ?? 0,
      totalMensuelHtCentimes: order.totalMensuelHtCentimes ?? 0,
      tvaUniqueCentimes: order.tvaUniqueCentimes ?? 0,
      referenceVirement: order.referenceVirement ?? null,
      referenceTransaction: order.referenceTransaction ?? null,
      idPointDeVente: order.idPointDeVente ?? null,
      idempotencyKey: key,
      recapitulatif,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: orders.id, numero: orders.numero });
  if (!row) throw new Error('order not created');
  await tx.db.insert(orderEvents).values({
    orderId: row.id,
    statut: order.statut,
    etape: order.etape,
    libelle: order.libelle ?? 'Commande enregistrée',
    at: now,
  });
  return { ...row, created: true };
}

export interface OrderEvent {
  statut: OrderStatus;
  etape: FlowStep;
  libelle: string;
}

/** An order's move: its status and step before and after (the same when only the timeline grew). */
export interface OrderMove {
  idClientBscs: number;
  numero: string;
  type: number;
  avant: { statut: number; etape: number };
  apres: { statut: number; etape: number };
}

/** Moves an order to a status and step and appends it to its timeline; answers the move. */
export async function recordOrderEvent(tx: Transaction, orderId: number, event: OrderEvent, now: Date = new Date()): Promise<OrderMove> {
  const validated = event.etape === 9 || event.etape === 21;
  const [avant] = await tx.db.select({ statut: orders.statut, etape: orders.etape }).from(orders).where(eq(orders.id, orderId)).for('update');
  if (!avant) throw fail('ORDER_NOT_FOUND');
  const [updated] = await tx.db
    .update(orders)
    .set({
      statut: event.statut,
      etape: event.etape,
      updatedAt: now,
      ...(validated ? { valideeLe: sql`coalesce(${orders.valideeLe}, ${now.toISOString()}::timestamptz)` } : {}),
    })
    .where(eq(orders.id, orderId))
    .returning({ idClientBscs: orders.idClientBscs, numero: orders.numero, type: orders.type });
  if (!updated) throw fail('ORDER_NOT_FOUND');
  await tx.db.insert(orderEvents).values({ orderId, statut: event.statut, etape: event.etape, libelle: event.libelle, at: now });
  return { ...updated, avant, apres: { statut: event.statut, etape: event.etape } };
}

export interface SubscriptionStatusChange {
  avant: SubscriptionStatus;
  apres: SubscriptionStatus;
  /** False when the subscription already had that status. */
  changed: boolean;
}

/**
 * Moves a subscription to a status along the transitions of decision 036 (the portal's own
 * moves by default): an illegal one is refused (409), one the actor may not make too (403).
 * The row is locked until the caller's transaction ends.
 */
export async function setSubscriptionStatus(
  tx: Transaction,
  idSouscription: number,
  statut: SubscriptionStatus,
  options: { actor?: SubscriptionActor; now?: Date } = {},
): Promise<SubscriptionStatusChange> {
  const [row] = await tx.db
    .select({ statut: subscriptions.statut })
    .from(subscriptions)
    .where(eq(subscriptions.idSouscription, idSouscription))
    .for('update');
  if (!row) throw fail('SUBSCRIPTION_NOT_FOUND');
  const avant = row.statut as SubscriptionStatus;
  const check = subscriptionTransition(avant, statut, options.actor ?? 'SYSTEME');
  if (check === 'SAME') return { avant, apres: avant, changed: false };
  if (check === 'ILLEGAL') {
    throw fail('SUBSCRIPTION_TRANSITION_REFUSED', { values: { avant: subscriptionStatusName(avant), apres: subscriptionStatusName(statut) } });
  }
  if (check === 'NOT_FOR_ACTOR') throw fail('SUBSCRIPTION_TRANSITION_FORBIDDEN');
  await tx.db
    .update(subscriptions)
    .set({ statut, updatedAt: options.now ?? new Date() })
    .where(eq(subscriptions.idSouscription, idSouscription));
  return { avant, apres: statut, changed: true };
}
