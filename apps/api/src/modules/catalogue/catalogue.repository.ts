import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  billingAccounts,
  catalogAccessories,
  catalogInsurances,
  catalogOptions,
  catalogPhones,
  catalogPromotions,
  contracts,
  offers,
  pointsOfSale,
} from '../../db/schema.ts';

/** Reads of the catalogue (reference data, a few dozen rows each) and of a line's plan. */
export function createCatalogueRepository(db: Database) {
  return {
    /** Phones still sold, in the catalogue's order. */
    async phones() {
      return db.select().from(catalogPhones).where(eq(catalogPhones.commercialise, true)).orderBy(asc(catalogPhones.ordre), asc(catalogPhones.idArticle));
    },
    async phone(idArticle: number) {
      const [row] = await db.select().from(catalogPhones).where(eq(catalogPhones.idArticle, idArticle)).limit(1);
      return row;
    },
    /** Every plan, each range by price. */
    async plans() {
      return db.select().from(offers).orderBy(asc(offers.idGamme), asc(offers.prixMensuelCentimes), asc(offers.idOffreEngagement));
    },
    async plan(idOffreEngagement: number) {
      const [row] = await db.select().from(offers).where(eq(offers.idOffreEngagement, idOffreEngagement)).limit(1);
      return row;
    },
    async contract(idContrat: number) {
      const [row] = await db
        .select({ idContrat: contracts.idContrat, idClientBscs: contracts.idClientBscs, idOffreEngagement: contracts.idOffreEngagement, idGamme: contracts.idGamme })
        .from(contracts)
        .where(eq(contracts.idContrat, idContrat))
        .limit(1);
      return row;
    },
    async options() {
      return db.select().from(catalogOptions).where(eq(catalogOptions.commercialise, true)).orderBy(asc(catalogOptions.famille), asc(catalogOptions.ordre), asc(catalogOptions.idOption));
    },
    async accessories() {
      return db.select().from(catalogAccessories).where(eq(catalogAccessories.commercialise, true)).orderBy(asc(catalogAccessories.categorie), asc(catalogAccessories.idArticle));
    },
    async insurances() {
      return db.select().from(catalogInsurances).where(eq(catalogInsurances.commercialise, true)).orderBy(asc(catalogInsurances.prixMensuelCentimes));
    },
    async promotions() {
      return db.select().from(catalogPromotions).orderBy(asc(catalogPromotions.idPromotion));
    },
    async pointsOfSale() {
      return db.select().from(pointsOfSale).orderBy(asc(pointsOfSale.codePostal), asc(pointsOfSale.idPointDeVente));
    },
    /** A billing account's postal code and city. */
    async accountAddress(idClientBscs: number): Promise<{ codePostal: string; ville: string } | undefined> {
      const [row] = await db
        .select({ codePostal: billingAccounts.adresseCodePostal, ville: billingAccounts.adresseVille })
        .from(billingAccounts)
        .where(eq(billingAccounts.idClientBscs, idClientBscs));
      return row;
    },
  };
}
export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
type Rows<K extends keyof CatalogueRepository> = Awaited<ReturnType<CatalogueRepository[K]>>;
export type PhoneRow = Rows<'phones'>[number];
export type PlanRow = Rows<'plans'>[number];
export type PromotionRow = Rows<'promotions'>[number];
