import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { offers } from '../../db/schema.ts';

export function createOffersRepository(db: Database) {
  return {
    /** The whole catalogue: mobile plans first, each range by price. */
    async list() {
      return db.select().from(offers).orderBy(asc(offers.idGamme), asc(offers.prixMensuelCentimes), asc(offers.idOffreEngagement));
    },
  };
}
export type OffersRepository = ReturnType<typeof createOffersRepository>;
