import { and, asc, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { ReadDatabase } from '../../db/replica.ts';
import { orderEvents, orders } from '../../db/schema.ts';

export interface OrderFilters {
  /** The portal's statuses the state asked for stands for (none: no order). */
  statuts?: readonly number[];
  /** Orders placed from this instant… */
  from?: Date;
  /** …and before this one. */
  before?: Date;
}

const columns = {
  id: orders.id,
  numero: orders.numero,
  type: orders.type,
  statut: orders.statut,
  idContrat: orders.idContrat,
  totalUniqueHtCentimes: orders.totalUniqueHtCentimes,
  totalMensuelHtCentimes: orders.totalMensuelHtCentimes,
  recapitulatif: orders.recapitulatif,
  createdAt: orders.createdAt,
  valideeLe: orders.valideeLe,
};

/**
 * The account's orders as the public API reads them (TMF622): every order of the account, as the
 * portal's own list shows them (it leaves none out), a page at a time, newest first.
 */
export function createProductOrdersRepository(db: ReadDatabase) {
  const where = (idClientBscs: number, filters: OrderFilters): SQL | undefined =>
    and(
      eq(orders.idClientBscs, idClientBscs),
      filters.statuts !== undefined ? inArray(orders.statut, [...filters.statuts]) : undefined,
      filters.from !== undefined ? gte(orders.createdAt, filters.from) : undefined,
      filters.before !== undefined ? lt(orders.createdAt, filters.before) : undefined,
    );

  return {
    async page(idClientBscs: number, filters: OrderFilters, offset: number, limit: number) {
      const condition = where(idClientBscs, filters);
      const [rows, [counted]] = await Promise.all([
        db.select(columns).from(orders).where(condition).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(orders).where(condition),
      ]);
      return { total: counted?.n ?? 0, rows };
    },

    async one(idClientBscs: number, id: number) {
      const [row] = await db
        .select(columns)
        .from(orders)
        .where(and(eq(orders.idClientBscs, idClientBscs), eq(orders.id, id)))
        .limit(1);
      return row;
    },

    /** The timelines of these orders, each in the order it went. */
    async events(orderIds: readonly number[]) {
      if (orderIds.length === 0) return [];
      return db
        .select({ orderId: orderEvents.orderId, statut: orderEvents.statut, libelle: orderEvents.libelle, at: orderEvents.at })
        .from(orderEvents)
        .where(inArray(orderEvents.orderId, [...orderIds]))
        .orderBy(asc(orderEvents.orderId), asc(orderEvents.at), asc(orderEvents.id));
    },
  };
}
export type ProductOrdersRepository = ReturnType<typeof createProductOrdersRepository>;
export type ProductOrderRow = NonNullable<Awaited<ReturnType<ProductOrdersRepository['one']>>>;
export type ProductOrderEventRow = Awaited<ReturnType<ProductOrdersRepository['events']>>[number];
