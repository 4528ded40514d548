import { monthlyPrices, type Offer } from '@ecare/shared';
import type { OffersRepository } from './offers.repository.ts';

export function createOffersService(repo: OffersRepository) {
  return {
    async list(): Promise<Offer[]> {
      const rows = await repo.list();
      return rows.map((row) => ({
        idOffreEngagement: row.idOffreEngagement,
        libelle: row.libelle,
        id_Gamme: row.idGamme,
        description: row.description,
        ...monthlyPrices(row.prixMensuelCentimes),
        dataMo: row.dataMo,
        dataIllimitee: row.dataIllimitee,
        optionsIncluses: row.optionsIncluses,
      }));
    },
  };
}
export type OffersService = ReturnType<typeof createOffersService>;
