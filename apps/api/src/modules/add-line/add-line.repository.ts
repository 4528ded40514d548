import { and, asc, desc, eq, gt, gte, inArray, lte, min, ne, sql } from 'drizzle-orm';
import { ORDER_TYPE } from '@ecare/shared';
import type { Database } from '../../db/client.ts';
import { auditLog, billingAccounts, contracts, invoices, offers, users } from '../../db/schema.ts';
import {
  catalogAccessories,
  catalogInsurances,
  catalogOptions,
  catalogPhones,
  catalogPromotions,
  orderAddresses,
  orders,
  pointsOfSale,
  riskDecisions,
  subscriptionLineArticles,
  subscriptionLineOptions,
  subscriptionLinePromotions,
  subscriptionLines,
  subscriptions,
} from '../../db/schema/shop.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CartLineRow = typeof subscriptionLines.$inferSelect;
export type PromotionRow = typeof catalogPromotions.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type NewContract = typeof contracts.$inferInsert;
export type LineValues = Omit<typeof subscriptionLines.$inferInsert, 'idLigne' | 'idSouscription' | 'createdAt' | 'idContrats'>;

/** A subscription no order carries yet: a cart (an order's subscription may be Incomplet too, waiting for documents). */
const withoutOrder = sql`not exists (select 1 from ${orders} where ${orders.idSouscription} = ${subscriptions.idSouscription})`;

/** The mobile plans' range (idGamme 1): the only plans a mobile line may be added on. */
export const MOBILE_RANGE = 1;

/**
 * The cart's tables, and the catalogue read at the prices of today. Built over the database or
 * over a transaction's (`createAddLineRepository(tx.db)`) for writes that belong together.
 */
export function createAddLineRepository(db: Database) {
  return {
    /** Serialises the writes on one account's cart (two first lines at once make one cart). */
    async lockAccount(idClientBscs: number): Promise<boolean> {
      const [row] = await db
        .select({ id: billingAccounts.idClientBscs })
        .from(billingAccounts)
        .where(eq(billingAccounts.idClientBscs, idClientBscs))
        .for('update');
      return row !== undefined;
    },

    /** The account's cart being filled: Incomplet, before the order's recap was sent for payment. */
    async openCart(idClientBscs: number, lastEditableStep: number): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.idClientBscs, idClientBscs), eq(subscriptions.statut, 2), lte(subscriptions.etape, lastEditableStep), withoutOrder))
        .orderBy(desc(subscriptions.idSouscription))
        .limit(1);
      return row;
    },

    async createCart(idClientBscs: number, userId: number): Promise<SubscriptionRow> {
      const [row] = await db.insert(subscriptions).values({ idClientBscs, userId }).returning();
      if (!row) throw new Error('cart not created');
      return row;
    },

    /** The Coordonnées kept with the cart (its addresses by type), as the service validated them. */
    async setCoordinates(idSouscription: number, coordonnees: Record<string, unknown>): Promise<void> {
      await db.update(subscriptions).set({ coordonnees }).where(eq(subscriptions.idSouscription, idSouscription));
    },

    async touchCart(idSouscription: number, now: Date): Promise<void> {
      await db.update(subscriptions).set({ updatedAt: now }).where(eq(subscriptions.idSouscription, idSouscription));
    },

    async cart(idSouscription: number): Promise<SubscriptionRow | undefined> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.idSouscription, idSouscription));
      return row;
    },

    /** Empties an account's carts that no order carries (tests, and a future clean-up). */
    async deleteCarts(idClientBscs: number): Promise<void> {
      await db.delete(subscriptions).where(and(eq(subscriptions.idClientBscs, idClientBscs), withoutOrder));
    },

    /** A cart line with its cart, the cart row locked when `lock` (inside a transaction). */
    async lineWithCart(idLigne: number, lock = false): Promise<{ line: CartLineRow; cart: SubscriptionRow } | undefined> {
      const query = db
        .select({ line: subscriptionLines, cart: subscriptions })
        .from(subscriptionLines)
        .innerJoin(subscriptions, eq(subscriptions.idSouscription, subscriptionLines.idSouscription))
        .where(eq(subscriptionLines.idLigne, idLigne));
      const [row] = lock ? await query.for('update', { of: subscriptions }) : await query;
      return row;
    },

    async lineCount(idSouscription: number): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(subscriptionLines).where(eq(subscriptionLines.idSouscription, idSouscription));
      return row?.n ?? 0;
    },

    // --- the catalogue, as sold today -------------------------------------------------------

    async mobileOffer(idOffreEngagement: number) {
      const [row] = await db
        .select()
        .from(offers)
        .where(and(eq(offers.idOffreEngagement, idOffreEngagement), eq(offers.idGamme, MOBILE_RANGE), eq(offers.commercialise, true)));
      return row;
    },

    async phone(idArticle: number) {
      const [row] = await db.select().from(catalogPhones).where(and(eq(catalogPhones.idArticle, idArticle), eq(catalogPhones.commercialise, true)));
      return row;
    },

    async options(idOptions: readonly number[]) {
      if (idOptions.length === 0) return [];
      return db.select().from(catalogOptions).where(and(inArray(catalogOptions.idOption, [...idOptions]), eq(catalogOptions.commercialise, true)));
    },

    async accessory(idArticle: number) {
      const [row] = await db
        .select()
        .from(catalogAccessories)
        .where(and(eq(catalogAccessories.idArticle, idArticle), eq(catalogAccessories.commercialise, true)));
      return row;
    },

    async promotionByCode(code: string): Promise<PromotionRow | undefined> {
      const [row] = await db.select().from(catalogPromotions).where(sql`upper(${catalogPromotions.codePromo}) = ${code.toUpperCase()}`);
      return row;
    },

    async promotions(idPromotions: readonly number[]): Promise<PromotionRow[]> {
      if (idPromotions.length === 0) return [];
      return db.select().from(catalogPromotions).where(inArray(catalogPromotions.idPromotion, [...idPromotions]));
    },

    /** Promotions that apply by themselves (no code), running on `today`. */
    async automaticPromotions(today: string): Promise<PromotionRow[]> {
      return db
        .select()
        .from(catalogPromotions)
        .where(
          and(
            sql`${catalogPromotions.codePromo} is null`,
            lte(catalogPromotions.debut, today),
            sql`(${catalogPromotions.fin} is null or ${catalogPromotions.fin} >= ${today})`,
          ),
        )
        .orderBy(asc(catalogPromotions.idPromotion));
    },

    // --- the cart's lines ------------------------------------------------------------------

    async insertLine(idSouscription: number, values: LineValues): Promise<CartLineRow> {
      const [row] = await db.insert(subscriptionLines).values({ ...values, idSouscription }).returning();
      if (!row) throw new Error('line not created');
      return row;
    },

    async updateLine(idLigne: number, values: Partial<LineValues>): Promise<void> {
      await db.update(subscriptionLines).set(values).where(eq(subscriptionLines.idLigne, idLigne));
    },

    async deleteLine(idLigne: number): Promise<void> {
      await db.delete(subscriptionLines).where(eq(subscriptionLines.idLigne, idLigne));
    },

    async setOptions(idLigne: number, rows: readonly { idOption: number; prixOptionCentimes: number }[]): Promise<void> {
      await db.delete(subscriptionLineOptions).where(eq(subscriptionLineOptions.idLigne, idLigne));
      if (rows.length > 0) await db.insert(subscriptionLineOptions).values(rows.map((row) => ({ ...row, idLigne })));
    },

    async lineOptions(idLigne: number) {
      return db.select().from(subscriptionLineOptions).where(eq(subscriptionLineOptions.idLigne, idLigne));
    },

    async addOption(idLigne: number, idOption: number, prixOptionCentimes: number): Promise<void> {
      await db.insert(subscriptionLineOptions).values({ idLigne, idOption, prixOptionCentimes }).onConflictDoNothing();
    },

    async removeOption(idLigne: number, idOption: number): Promise<void> {
      await db.delete(subscriptionLineOptions).where(and(eq(subscriptionLineOptions.idLigne, idLigne), eq(subscriptionLineOptions.idOption, idOption)));
    },

    async articleCount(idLigne: number): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(subscriptionLineArticles).where(eq(subscriptionLineArticles.idLigne, idLigne));
      return row?.n ?? 0;
    },

    async setArticle(idLigne: number, idArticle: number, quantite: number, prixArticleCentimes: number): Promise<void> {
      await db
        .insert(subscriptionLineArticles)
        .values({ idLigne, idArticle, quantite, prixArticleCentimes, estAccessoire: true })
        .onConflictDoUpdate({ target: [subscriptionLineArticles.idLigne, subscriptionLineArticles.idArticle], set: { quantite, prixArticleCentimes } });
    },

    async removeArticle(idLigne: number, idArticle: number): Promise<void> {
      await db.delete(subscriptionLineArticles).where(and(eq(subscriptionLineArticles.idLigne, idLigne), eq(subscriptionLineArticles.idArticle, idArticle)));
    },

    async linePromotions(idLigne: number) {
      return db
        .select({ applied: subscriptionLinePromotions, promotion: catalogPromotions })
        .from(subscriptionLinePromotions)
        .innerJoin(catalogPromotions, eq(catalogPromotions.idPromotion, subscriptionLinePromotions.idPromotion))
        .where(eq(subscriptionLinePromotions.idLigne, idLigne));
    },

    async setPromotions(idLigne: number, rows: readonly { idPromotion: number; prixPromotionCentimes: number; remisePromotionCentimes: number }[]): Promise<void> {
      await db.delete(subscriptionLinePromotions).where(eq(subscriptionLinePromotions.idLigne, idLigne));
      if (rows.length > 0) await db.insert(subscriptionLinePromotions).values(rows.map((row) => ({ ...row, idLigne })));
    },

    async lineArticles(idLigne: number) {
      return db.select().from(subscriptionLineArticles).where(eq(subscriptionLineArticles.idLigne, idLigne));
    },

    /** Whether the number is already a line of the account (not terminated) or of another line of the cart. */
    async numberTaken(idClientBscs: number, idSouscription: number, idLigne: number, msisdn: string): Promise<boolean> {
      const [fleet] = await db
        .select({ one: sql<number>`1` })
        .from(contracts)
        .where(and(eq(contracts.numeroLigne, msisdn), ne(contracts.codeStatut, 'RESILIE'), eq(contracts.idClientBscs, idClientBscs)))
        .limit(1);
      if (fleet) return true;
      const [cart] = await db
        .select({ one: sql<number>`1` })
        .from(subscriptionLines)
        .where(and(eq(subscriptionLines.idSouscription, idSouscription), eq(subscriptionLines.msisdn, msisdn), ne(subscriptionLines.idLigne, idLigne)))
        .limit(1);
      return cart !== undefined;
    },

    // --- the cart as shown -----------------------------------------------------------------

    async cartLines(idSouscription: number) {
      const lines = await db
        .select({
          line: subscriptionLines,
          offre: offers.libelle,
          marque: catalogPhones.marque,
          modele: catalogPhones.modele,
          stockageGo: catalogPhones.stockageGo,
          assurance: catalogInsurances.libelle,
          franchise: catalogInsurances.franchiseCentimes,
        })
        .from(subscriptionLines)
        .innerJoin(offers, eq(offers.idOffreEngagement, subscriptionLines.idOffreEngagement))
        .leftJoin(catalogPhones, eq(catalogPhones.idArticle, subscriptionLines.idArticleMobile))
        .leftJoin(catalogInsurances, eq(catalogInsurances.idAssurance, subscriptionLines.idAssurance))
        .where(eq(subscriptionLines.idSouscription, idSouscription))
        .orderBy(asc(subscriptionLines.idLigne));
      const ids = lines.map((row) => row.line.idLigne);
      if (ids.length === 0) return [];
      const [options, articles, promotions] = await Promise.all([
        db
          .select({ idLigne: subscriptionLineOptions.idLigne, idOption: subscriptionLineOptions.idOption, prix: subscriptionLineOptions.prixOptionCentimes, libelle: catalogOptions.libelle })
          .from(subscriptionLineOptions)
          .innerJoin(catalogOptions, eq(catalogOptions.idOption, subscriptionLineOptions.idOption))
          .where(inArray(subscriptionLineOptions.idLigne, ids))
          .orderBy(asc(subscriptionLineOptions.idOption)),
        db
          .select({ article: subscriptionLineArticles, libelle: catalogAccessories.libelle })
          .from(subscriptionLineArticles)
          .leftJoin(catalogAccessories, eq(catalogAccessories.idArticle, subscriptionLineArticles.idArticle))
          .where(inArray(subscriptionLineArticles.idLigne, ids))
          .orderBy(asc(subscriptionLineArticles.idArticle)),
        db
          .select({ applied: subscriptionLinePromotions, promotion: catalogPromotions })
          .from(subscriptionLinePromotions)
          .innerJoin(catalogPromotions, eq(catalogPromotions.idPromotion, subscriptionLinePromotions.idPromotion))
          .where(inArray(subscriptionLinePromotions.idLigne, ids))
          .orderBy(asc(subscriptionLinePromotions.idPromotion)),
      ]);
      return lines.map((row) => ({
        ...row,
        options: options.filter((option) => option.idLigne === row.line.idLigne),
        articles: articles.filter((item) => item.article.idLigne === row.line.idLigne),
        promotions: promotions.filter((item) => item.applied.idLigne === row.line.idLigne),
      }));
    },

    /** An insurance still sold. */
    async insurance(idAssurance: number) {
      const [row] = await db
        .select()
        .from(catalogInsurances)
        .where(and(eq(catalogInsurances.idAssurance, idAssurance), eq(catalogInsurances.commercialise, true)));
      return row;
    },

    // --- submission ------------------------------------------------------------------------

    /** The order an idempotency key already made on the account, if any. */
    async orderByKey(idClientBscs: number, key: string) {
      const [row] = await db.select().from(orders).where(and(eq(orders.idClientBscs, idClientBscs), eq(orders.idempotencyKey, key)));
      return row;
    },

    /** An order as it is now, by its id. */
    async order(orderId: number) {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
      return row;
    },

    /** The e-mail address of a user (the payer of an order), if the user still exists. */
    async userEmail(userId: number): Promise<string | undefined> {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email;
    },

    /** An order of new lines (ExtensionParc) by its number, locked when `lock` (inside a transaction). */
    async addLineOrder(numero: string, lock = false) {
      const query = db.select().from(orders).where(and(eq(orders.numero, numero), eq(orders.type, ORDER_TYPE.ExtensionParc)));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    /** The order of new lines whose last card payment is this transaction, locked when `lock`. */
    async addLineOrderPaidBy(transactionReference: string, lock = false) {
      const query = db.select().from(orders).where(and(eq(orders.referenceTransaction, transactionReference), eq(orders.type, ORDER_TYPE.ExtensionParc)));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    /** How an order is paid: its mode, transfer reference, card transaction. */
    async setOrderPayment(orderId: number, values: Partial<Pick<typeof orders.$inferInsert, 'modePaiement' | 'referenceVirement' | 'referenceTransaction'>>, now: Date) {
      const [row] = await db.update(orders).set({ ...values, updatedAt: now }).where(eq(orders.id, orderId)).returning();
      return row;
    },

    async lockCart(idSouscription: number): Promise<SubscriptionRow | undefined> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.idSouscription, idSouscription)).for('update');
      return row;
    },

    async setCartStep(idSouscription: number, etape: number, now: Date): Promise<void> {
      await db.update(subscriptions).set({ etape, updatedAt: now }).where(eq(subscriptions.idSouscription, idSouscription));
    },

    /** What the risk score reads: invoices left unpaid in the last 24 months, the account's first line. */
    async riskInputs(idClientBscs: number, since: string, today: string): Promise<{ facturesImpayees: number; premiereActivation: Date | null }> {
      const [unpaid] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(invoices)
        .where(and(eq(invoices.idClientBscs, idClientBscs), gte(invoices.dateFacture, since), gt(invoices.resteAPayerCentimes, 0), lte(invoices.dateEcheance, today)));
      const [first] = await db.select({ at: min(contracts.dateActivation) }).from(contracts).where(eq(contracts.idClientBscs, idClientBscs));
      return { facturesImpayees: unpaid?.n ?? 0, premiereActivation: first?.at ?? null };
    },

    async account(idClientBscs: number) {
      const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.idClientBscs, idClientBscs));
      return row;
    },

    async pointOfSale(idPointDeVente: number) {
      const [row] = await db.select().from(pointsOfSale).where(eq(pointsOfSale.idPointDeVente, idPointDeVente));
      return row;
    },

    async insertRisk(row: typeof riskDecisions.$inferInsert): Promise<void> {
      await db.insert(riskDecisions).values(row);
    },

    async insertOrderAddress(row: typeof orderAddresses.$inferInsert): Promise<void> {
      await db.insert(orderAddresses).values(row).onConflictDoNothing();
    },

    /** The plan's commitment and the options' labels of each line, for the contracts made from them. */
    async linesForContracts(idSouscription: number) {
      const lines = await db
        .select({ line: subscriptionLines, engagementMois: offers.engagementMois, idGamme: offers.idGamme })
        .from(subscriptionLines)
        .innerJoin(offers, eq(offers.idOffreEngagement, subscriptionLines.idOffreEngagement))
        .where(eq(subscriptionLines.idSouscription, idSouscription))
        .orderBy(asc(subscriptionLines.idLigne));
      const ids = lines.map((row) => row.line.idLigne);
      const options =
        ids.length === 0
          ? []
          : await db
              .select({ idLigne: subscriptionLineOptions.idLigne, libelle: catalogOptions.libelle })
              .from(subscriptionLineOptions)
              .innerJoin(catalogOptions, eq(catalogOptions.idOption, subscriptionLineOptions.idOption))
              .where(inArray(subscriptionLineOptions.idLigne, ids));
      return lines.map((row) => ({ ...row, options: options.filter((option) => option.idLigne === row.line.idLigne).map((option) => option.libelle) }));
    },

    /**
     * The next contract ids and new numbers (from the range kept for the shop, 07 80 00 00 00 up),
     * one allocation at a time across instances: the lock lasts until the transaction ends.
     */
    async allocate(count: number, rangeStart: string, rangeEnd: string): Promise<{ ids: number[]; numbers: string[] }> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('add-line:contracts'))`);
      const [top] = await db.select({ id: sql<number | null>`max(${contracts.idContrat})` }).from(contracts);
      const [last] = await db
        .select({ numero: sql<string | null>`max(${contracts.numeroLigne})` })
        .from(contracts)
        .where(and(gte(contracts.numeroLigne, rangeStart), lte(contracts.numeroLigne, rangeEnd)));
      const firstId = (top?.id ?? 0) + 1;
      const firstNumber = last?.numero ? Number(last.numero) + 1 : Number(rangeStart);
      return {
        ids: Array.from({ length: count }, (_, i) => firstId + i),
        numbers: Array.from({ length: count }, (_, i) => `0${firstNumber + i}`),
      };
    },

    async setCartCentre(idSouscription: number, idCentre: number | null): Promise<void> {
      await db.update(subscriptions).set({ idCentre }).where(eq(subscriptions.idSouscription, idSouscription));
    },

    async cartCentre(idSouscription: number): Promise<number | null> {
      const [row] = await db.select({ idCentre: subscriptions.idCentre }).from(subscriptions).where(eq(subscriptions.idSouscription, idSouscription));
      return row?.idCentre ?? null;
    },

    async insertContracts(rows: NewContract[]): Promise<void> {
      if (rows.length > 0) await db.insert(contracts).values(rows);
    },

    async setLineContracts(idLigne: number, idContrats: number[]): Promise<void> {
      await db.update(subscriptionLines).set({ idContrats }).where(eq(subscriptionLines.idLigne, idLigne));
    },

    async latestRisk(idClientBscs: number, idSouscription: number) {
      return db
        .select()
        .from(riskDecisions)
        .where(and(eq(riskDecisions.idClientBscs, idClientBscs), eq(riskDecisions.idSouscription, idSouscription)))
        .orderBy(desc(riskDecisions.id))
        .limit(1);
    },

    /** The recap documents of a cart opened since its last change (audit entries, decision 038). */
    async recapsOpenedSince(idClientBscs: number, idSouscription: number, since: Date): Promise<string[]> {
      const rows = await db
        .select({ document: sql<string>`${auditLog.details}->>'document'` })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'LECTURE_RECAPITULATIF_COMMANDE'),
            eq(auditLog.idClientBscs, idClientBscs),
            gte(auditLog.at, since),
            sql`(${auditLog.details}->>'idSouscription')::int = ${idSouscription}`,
          ),
        );
      return [...new Set(rows.map((row) => row.document))];
    },
  };
}
export type AddLineRepository = ReturnType<typeof createAddLineRepository>;
