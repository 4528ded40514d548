import type { Database } from '../../db/client.ts';
import { readLineWithOfferAndAccount } from '../../db/line-reader.ts';
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
    line(idContrat: number): Promise<EsimLineRow | undefined> {
      return readLineWithOfferAndAccount(db, idContrat, {
        idContrat: contracts.idContrat,
        idClientBscs: contracts.idClientBscs,
        raisonSociale: billingAccounts.raisonSociale,
        numeroLigne: contracts.numeroLigne,
        codeStatut: contracts.codeStatut,
        typeSim: contracts.typeSim,
        libelleOffre: offers.libelle,
        codeActivation: contracts.esimCodeActivation,
        adresseSmdp: contracts.esimAdresseSmdp,
      });
    },
  };
}
export type EsimRepository = ReturnType<typeof createEsimRepository>;
