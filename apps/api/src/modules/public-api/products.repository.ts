import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { ReadDatabase } from '../../db/replica.ts';
import { contracts, costCentres, offers } from '../../db/schema.ts';

export interface ProductFilters {
  codeStatut?: (typeof contracts.$inferSelect)['codeStatut'];
  idOffre?: number;
  centreCode?: string;
}

const columns = {
  idContrat: contracts.idContrat,
  numeroLigne: contracts.numeroLigne,
  codeStatut: contracts.codeStatut,
  dateActivation: contracts.dateActivation,
  typeSim: contracts.typeSim,
  iccid: contracts.iccid,
  etiquettes: contracts.etiquettes,
  utilisateurPrenom: contracts.utilisateurPrenom,
  utilisateurNom: contracts.utilisateurNom,
  barrageItinerance: contracts.barrageItinerance,
  barrageInternational: contracts.barrageInternational,
  idOffre: offers.idOffreEngagement,
  offre: offers.libelle,
  centreCode: costCentres.code,
  centreLibelle: costCentres.libelle,
};

/**
 * The lines of an account as the public API reads them: one page at a time, in id order, never the
 * whole fleet. The page's ids are found first on the (account, id) index alone, then only those
 * rows are read with their plan and centre, so that a deep page costs index entries, not rows.
 */
export function createProductsRepository(db: ReadDatabase) {
  const where = (idClientBscs: number, filters: ProductFilters): SQL | undefined =>
    and(
      eq(contracts.idClientBscs, idClientBscs),
      filters.codeStatut ? eq(contracts.codeStatut, filters.codeStatut) : undefined,
      filters.idOffre !== undefined ? eq(contracts.idOffreEngagement, filters.idOffre) : undefined,
      filters.centreCode !== undefined ? inArray(contracts.idCentre, db.select({ id: costCentres.idCentre }).from(costCentres).where(and(eq(costCentres.idClientBscs, idClientBscs), eq(costCentres.code, filters.centreCode)))) : undefined,
    );

  const rows = () => db.select(columns).from(contracts).innerJoin(offers, eq(offers.idOffreEngagement, contracts.idOffreEngagement)).leftJoin(costCentres, eq(costCentres.idCentre, contracts.idCentre));

  return {
    async page(idClientBscs: number, filters: ProductFilters, offset: number, limit: number) {
      const condition = where(idClientBscs, filters);
      const pageIds = db.select({ id: contracts.idContrat }).from(contracts).where(condition).orderBy(asc(contracts.idContrat)).limit(limit).offset(offset);
      const [page, [counted]] = await Promise.all([
        rows().where(inArray(contracts.idContrat, pageIds)).orderBy(asc(contracts.idContrat)),
        db.select({ n: count() }).from(contracts).where(condition),
      ]);
      return { total: counted?.n ?? 0, rows: page };
    },

    async one(idClientBscs: number, idContrat: number) {
      const [row] = await rows().where(and(eq(contracts.idClientBscs, idClientBscs), eq(contracts.idContrat, idContrat))).limit(1);
      return row;
    },
  };
}
export type ProductsRepository = ReturnType<typeof createProductsRepository>;
export type ProductRow = NonNullable<Awaited<ReturnType<ProductsRepository['one']>>>;
