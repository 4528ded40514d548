import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { NEW_PHONE_PENDING_STATUSES, ORDER_TYPE } from '@ecare/shared';
import type { Database } from '../../db/client.ts';
import { lineTerminationScheduled, readLineWithOfferAndAccount } from '../../db/line-reader.ts';
import { billingAccounts, catalogPhones, contracts, offers, orderAddresses, orders, pointsOfSale, users } from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type PhoneRow = typeof catalogPhones.$inferSelect;

/** What a new phone needs to know of a line. */
export interface NewPhoneLine {
  idContrat: number;
  idClientBscs: number;
  numeroLigne: string;
  codeStatut: 'ACTIF' | 'SUSPENDU' | 'RESILIE' | 'EN_COURS';
  idOffreEngagement: number;
  offre: string;
  dateFinEngagement: string | null;
}

/** Reads and writes of the new-phone orders; `db` is the pool or a transaction's. */
export function createNewPhoneRepository(db: Database) {
  return {
    line(idContrat: number): Promise<NewPhoneLine | undefined> {
      return readLineWithOfferAndAccount(db, idContrat, {
        idContrat: contracts.idContrat,
        idClientBscs: contracts.idClientBscs,
        numeroLigne: contracts.numeroLigne,
        codeStatut: contracts.codeStatut,
        idOffreEngagement: contracts.idOffreEngagement,
        offre: offers.libelle,
        dateFinEngagement: contracts.dateFinEngagement,
      });
    },

    /** One phone taken from the stock, if one is left (the update decides under concurrency): false when none was. */
    async takeFromStock(idArticle: number): Promise<boolean> {
      const taken = await db
        .update(catalogPhones)
        .set({ stock: sql`${catalogPhones.stock} - 1` })
        .where(and(eq(catalogPhones.idArticle, idArticle), gt(catalogPhones.stock, 0)))
        .returning({ stock: catalogPhones.stock });
      return taken.length > 0;
    },

    /** A phone reserved for an order that will not be made (refused or expired approval) back in the stock. */
    async returnToStock(idArticle: number): Promise<void> {
      await db
        .update(catalogPhones)
        .set({ stock: sql`${catalogPhones.stock} + 1` })
        .where(eq(catalogPhones.idArticle, idArticle));
    },

    /** Locks the line's row until the transaction ends: submissions for one line run one after the other. */
    async lockLine(idContrat: number): Promise<void> {
      await db.select({ idContrat: contracts.idContrat }).from(contracts).where(eq(contracts.idContrat, idContrat)).for('update');
    },

    terminationScheduled: (idContrat: number): Promise<boolean> => lineTerminationScheduled(db, idContrat),

    /** The line's RM order not paid yet, newest first. */
    async pendingOrder(idContrat: number): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.idContrat, idContrat), eq(orders.type, ORDER_TYPE.RM), inArray(orders.statut, [...NEW_PHONE_PENDING_STATUSES])))
        .orderBy(desc(orders.id))
        .limit(1);
      return row;
    },

    async orderByKey(idClientBscs: number, key: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.idClientBscs, idClientBscs), eq(orders.idempotencyKey, key)))
        .limit(1);
      return row;
    },

    /** An RM order by number, locked when `lock`. */
    async order(numero: string, lock = false): Promise<OrderRow | undefined> {
      const query = db.select().from(orders).where(and(eq(orders.numero, numero), eq(orders.type, ORDER_TYPE.RM)));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async orderById(id: number): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      return row;
    },

    /** The RM order whose last card payment is this transaction, locked when `lock`. */
    async orderPaidBy(transactionReference: string, lock = false): Promise<OrderRow | undefined> {
      const query = db.select().from(orders).where(and(eq(orders.referenceTransaction, transactionReference), eq(orders.type, ORDER_TYPE.RM)));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async setOrder(orderId: number, values: Partial<Pick<typeof orders.$inferInsert, 'referenceVirement' | 'referenceTransaction' | 'recapitulatif'>>, now: Date): Promise<OrderRow | undefined> {
      const [row] = await db.update(orders).set({ ...values, updatedAt: now }).where(eq(orders.id, orderId)).returning();
      return row;
    },

    /** Phones on sale, in the catalogue's order. */
    phones(): Promise<PhoneRow[]> {
      return db.select().from(catalogPhones).where(eq(catalogPhones.commercialise, true)).orderBy(asc(catalogPhones.ordre), asc(catalogPhones.idArticle));
    },

    async phone(idArticle: number): Promise<PhoneRow | undefined> {
      const [row] = await db.select().from(catalogPhones).where(eq(catalogPhones.idArticle, idArticle));
      return row;
    },

    async account(idClientBscs: number) {
      const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.idClientBscs, idClientBscs));
      return row;
    },

    async pointOfSale(idPointDeVente: number) {
      const [row] = await db.select().from(pointsOfSale).where(eq(pointsOfSale.idPointDeVente, idPointDeVente));
      return row;
    },

    async insertAddress(row: typeof orderAddresses.$inferInsert): Promise<void> {
      await db.insert(orderAddresses).values(row);
    },

    async userEmail(userId: number): Promise<string | undefined> {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email;
    },
  };
}
export type NewPhoneRepository = ReturnType<typeof createNewPhoneRepository>;
