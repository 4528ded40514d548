import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { ORDER_CLOSED_STEPS, type OrderFilters, type PieceType } from '@ecare/shared';
import type { Database } from '../../db/client.ts';
import { customerDocuments, orderAddresses, orderEvents, orders, pointsOfSale, subscriptions } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';

/** Total including VAT of the one-off part of an order, in cents. */
const totalTtc = sql<number>`(${orders.totalUniqueHtCentimes} + ${orders.tvaUniqueCentimes})`.mapWith(Number);

const orderColumns = {
  id: orders.id,
  numero: orders.numero,
  idClientBscs: orders.idClientBscs,
  type: orders.type,
  statut: orders.statut,
  etape: orders.etape,
  idSouscription: orders.idSouscription,
  modePaiement: orders.modePaiement,
  acompteCentimes: orders.acompteCentimes,
  totalUniqueHtCentimes: orders.totalUniqueHtCentimes,
  totalMensuelHtCentimes: orders.totalMensuelHtCentimes,
  tvaUniqueCentimes: orders.tvaUniqueCentimes,
  referenceVirement: orders.referenceVirement,
  idPointDeVente: orders.idPointDeVente,
  recapitulatif: orders.recapitulatif,
  createdAt: orders.createdAt,
};
export type OrderRow = {
  id: number;
  numero: string;
  idClientBscs: number;
  type: number;
  statut: number;
  etape: number;
  idSouscription: number | null;
  modePaiement: number | null;
  acompteCentimes: number;
  totalUniqueHtCentimes: number;
  totalMensuelHtCentimes: number;
  tvaUniqueCentimes: number;
  referenceVirement: string | null;
  idPointDeVente: number | null;
  recapitulatif: unknown;
  createdAt: Date;
};

const SORT_COLUMNS = { date: orders.createdAt, numero: orders.numero, type: orders.type, statut: orders.statut, totalTtc } as const;

/** Steps after which an order is no longer pending: confirmed (by the customer or the customer service) or payment cancelled. */
const CLOSED_STEPS = ORDER_CLOSED_STEPS;

function where(idClientBscs: number, filters: Partial<OrderFilters>): SQL | undefined {
  const conditions: SQL[] = [eq(orders.idClientBscs, idClientBscs)];
  if (filters.statut !== undefined) conditions.push(eq(orders.statut, filters.statut));
  if (filters.type !== undefined) conditions.push(eq(orders.type, filters.type));
  if (filters.numero) conditions.push(ilike(orders.numero, `%${filters.numero.replace(/[%_\\]/g, '\\$&')}%`));
  return and(...conditions);
}

export type SubscriptionRow = { idSouscription: number; idClientBscs: number; statut: number; updatedAt: Date };
export type PieceRow = typeof customerDocuments.$inferSelect;

export function createOrdersRepository(db: Database) {
  const orderBy = (filters: Pick<OrderFilters, 'tri' | 'ordre'>) => {
    const direction = filters.ordre === 'asc' ? asc : desc;
    return [direction(SORT_COLUMNS[filters.tri]), direction(orders.id)];
  };

  return {
    async page(idClientBscs: number, filters: OrderFilters, page: number, taille: number): Promise<{ rows: OrderRow[]; total: number; page: number }> {
      const [counted] = await db.select({ total: count() }).from(orders).where(where(idClientBscs, filters));
      const total = counted?.total ?? 0;
      const last = Math.max(1, Math.ceil(total / taille));
      const current = Math.min(page, last);
      const rows = await db
        .select(orderColumns)
        .from(orders)
        .where(where(idClientBscs, filters))
        .orderBy(...orderBy(filters))
        .limit(taille)
        .offset((current - 1) * taille);
      return { rows, total, page: current };
    },

    async all(idClientBscs: number, filters: OrderFilters): Promise<OrderRow[]> {
      return db.select(orderColumns).from(orders).where(where(idClientBscs, filters)).orderBy(...orderBy(filters)).limit(10_000);
    },

    async byNumero(numero: string): Promise<OrderRow | undefined> {
      const [row] = await db.select(orderColumns).from(orders).where(eq(orders.numero, numero));
      return row;
    },

    async pending(idClientBscs: number): Promise<OrderRow | undefined> {
      const [row] = await db
        .select(orderColumns)
        .from(orders)
        .where(and(eq(orders.idClientBscs, idClientBscs), sql`${orders.etape} not in (${sql.join(CLOSED_STEPS.map((step) => sql`${step}`), sql`, `)})`))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(1);
      return row;
    },

    async totals(idClientBscs: number): Promise<{ nombre: number; enCours: number; totalTtcCentimes: number }> {
      const [row] = await db
        .select({
          nombre: count(),
          enCours: sql<number>`count(*) filter (where ${orders.etape} not in (${sql.join(CLOSED_STEPS.map((step) => sql`${step}`), sql`, `)}))`.mapWith(Number),
          totalTtcCentimes: sql<number>`coalesce(sum(${orders.totalUniqueHtCentimes} + ${orders.tvaUniqueCentimes}), 0)`.mapWith(Number),
        })
        .from(orders)
        .where(eq(orders.idClientBscs, idClientBscs));
      return row ?? { nombre: 0, enCours: 0, totalTtcCentimes: 0 };
    },

    async events(orderId: number) {
      return db
        .select({ statut: orderEvents.statut, etape: orderEvents.etape, libelle: orderEvents.libelle, at: orderEvents.at })
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(asc(orderEvents.at), asc(orderEvents.id));
    },

    async addresses(orderId: number) {
      return db.select().from(orderAddresses).where(eq(orderAddresses.orderId, orderId)).orderBy(asc(orderAddresses.type));
    },

    async pointOfSale(idPointDeVente: number) {
      const [row] = await db.select().from(pointsOfSale).where(eq(pointsOfSale.idPointDeVente, idPointDeVente));
      return row;
    },

    async subscription(idSouscription: number, tx?: Transaction): Promise<SubscriptionRow | undefined> {
      const [row] = await (tx?.db ?? db)
        .select({ idSouscription: subscriptions.idSouscription, idClientBscs: subscriptions.idClientBscs, statut: subscriptions.statut, updatedAt: subscriptions.updatedAt })
        .from(subscriptions)
        .where(eq(subscriptions.idSouscription, idSouscription));
      return row;
    },

    /**
     * The subscription locked until the transaction ends (`FOR UPDATE`). Whatever writes a piece of
     * it or moves it takes this lock first: a piece's insert takes a key-share lock on its
     * subscription through the foreign key, and a later `FOR UPDATE` on the same row by two uploads
     * at once would be a deadlock.
     */
    async lockSubscription(idSouscription: number, tx: Transaction): Promise<SubscriptionRow | undefined> {
      const [row] = await tx.db
        .select({ idSouscription: subscriptions.idSouscription, idClientBscs: subscriptions.idClientBscs, statut: subscriptions.statut, updatedAt: subscriptions.updatedAt })
        .from(subscriptions)
        .where(eq(subscriptions.idSouscription, idSouscription))
        .for('update');
      return row;
    },

    /** The account's subscriptions that carry an order (carts never submitted are the add-line flow's). */
    async subscriptionsOf(idClientBscs: number): Promise<SubscriptionRow[]> {
      return db
        .select({ idSouscription: subscriptions.idSouscription, idClientBscs: subscriptions.idClientBscs, statut: subscriptions.statut, updatedAt: subscriptions.updatedAt })
        .from(subscriptions)
        .where(and(eq(subscriptions.idClientBscs, idClientBscs), sql`exists (select 1 from ${orders} where ${orders.idSouscription} = ${subscriptions.idSouscription})`))
        .orderBy(desc(subscriptions.createdAt), desc(subscriptions.idSouscription));
    },

    /** The orders a subscription carries, with what their recaps say of the pieces awaited. */
    async ordersOfSubscription(idSouscription: number, tx?: Transaction) {
      return (tx?.db ?? db)
        .select({ id: orders.id, statut: orders.statut, etape: orders.etape, recapitulatif: orders.recapitulatif })
        .from(orders)
        .where(eq(orders.idSouscription, idSouscription))
        .orderBy(asc(orders.id));
    },

    async pieceTypesOf(idSouscription: number, tx?: Transaction): Promise<PieceType[]> {
      const rows = await (tx?.db ?? db)
        .selectDistinct({ type: customerDocuments.type })
        .from(customerDocuments)
        .where(eq(customerDocuments.idSouscription, idSouscription));
      return rows.map((row) => row.type);
    },

    async pieces(idClientBscs: number, filters: { idSouscription?: number | undefined; type?: PieceType | undefined }): Promise<PieceRow[]> {
      const conditions: SQL[] = [eq(customerDocuments.idClientBscs, idClientBscs)];
      if (filters.idSouscription !== undefined) conditions.push(eq(customerDocuments.idSouscription, filters.idSouscription));
      if (filters.type !== undefined) conditions.push(eq(customerDocuments.type, filters.type));
      return db
        .select()
        .from(customerDocuments)
        .where(and(...conditions))
        .orderBy(desc(customerDocuments.createdAt), desc(customerDocuments.idCtrlPiece));
    },

    async piece(idClientBscs: number, idCtrlPiece: number, tx?: Transaction): Promise<PieceRow | undefined> {
      const [row] = await (tx?.db ?? db)
        .select()
        .from(customerDocuments)
        .where(and(eq(customerDocuments.idClientBscs, idClientBscs), eq(customerDocuments.idCtrlPiece, idCtrlPiece)));
      return row;
    },

    async insertPiece(tx: Transaction, piece: typeof customerDocuments.$inferInsert): Promise<PieceRow> {
      const [row] = await tx.db.insert(customerDocuments).values(piece).returning();
      if (!row) throw new Error('piece not stored');
      return row;
    },

    async deletePiece(tx: Transaction, idCtrlPiece: number): Promise<void> {
      await tx.db.delete(customerDocuments).where(eq(customerDocuments.idCtrlPiece, idCtrlPiece));
    },

    /** Pieces of these subscriptions, newest first. */
    async piecesOfSubscriptions(idSouscriptions: number[]): Promise<PieceRow[]> {
      if (idSouscriptions.length === 0) return [];
      return db
        .select()
        .from(customerDocuments)
        .where(inArray(customerDocuments.idSouscription, idSouscriptions))
        .orderBy(desc(customerDocuments.createdAt), desc(customerDocuments.idCtrlPiece));
    },

  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
