import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { billingAccounts, contracts, offers } from '../../db/schema.ts';

/** A line as the eSIM page needs it: its number and plan, and its eSIM profile when it has one. */
export interface EsimLineRow {
  idContrat: number;
  idClientBscs: number;
  raisonSociale: string;
  numeroLigne: string;
  codeStatut: 'ACTIF' | 'SUSPENDU' | 'RESILIE' | 'EN_COURS';
  typeSim: 'SIM' | 'ESIM';
  libelleOffre: string;
  codeActivation: string | null;
  adresseSmdp: string | null;
}

/** Reads only: the eSIM feature writes nothing of its own but the audit log and the outbox. */
export function createEsimRepository(db: Database) {
  return {
    async line(idContrat: number): Promise<EsimLineRow | undefined> {
      const [row] = await db
        .select({
          idContrat: contracts.idContrat,
          idClientBscs: contracts.idClientBscs,
          raisonSociale: billingAccounts.raisonSociale,
          numeroLigne: contracts.numeroLigne,
          codeStatut: contracts.codeStatut,
          typeSim: contracts.typeSim,
          libelleOffre: offers.libelle,
          codeActivation: contracts.esimCodeActivation,
          adresseSmdp: contracts.esimAdresseSmdp,
        })
        .from(contracts)
        .innerJoin(offers, eq(offers.idOffreEngagement, contracts.idOffreEngagement))
        .innerJoin(billingAccounts, eq(billingAccounts.idClientBscs, contracts.idClientBscs))
        .where(eq(contracts.idContrat, idContrat))
        .limit(1);
      return row;
    },
  };
}
export type EsimRepository = ReturnType<typeof createEsimRepository>;
