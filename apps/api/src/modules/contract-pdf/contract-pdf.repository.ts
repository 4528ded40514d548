import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { billingAccounts, companies, contracts, offers } from '../../db/schema.ts';

/** Everything the contract document shows of a line, its plan and its account holder. */
export interface ContractRecord {
  idContrat: number;
  numeroLigne: string;
  codeStatut: 'ACTIF' | 'SUSPENDU' | 'RESILIE' | 'EN_COURS';
  typeSim: 'SIM' | 'ESIM';
  dateActivation: Date;
  dateFinEngagement: string | null;
  options: string[];
  utilisateurPrenom: string | null;
  utilisateurNom: string | null;
  libelleOffre: string;
  descriptionOffre: string;
  prixMensuelCentimes: number;
  optionsIncluses: string[];
  idClientBscs: number;
  codeClientBscs: string;
  raisonSociale: string;
  siren: string;
  sirenSiret: string;
  adresseNumero: string;
  adresseVoie: string;
  adresseCodePostal: string;
  adresseVille: string;
}

export function createContractPdfRepository(db: Database) {
  return {
    async contract(idContrat: number): Promise<ContractRecord | null> {
      const [row] = await db
        .select({
          idContrat: contracts.idContrat,
          numeroLigne: contracts.numeroLigne,
          codeStatut: contracts.codeStatut,
          typeSim: contracts.typeSim,
          dateActivation: contracts.dateActivation,
          dateFinEngagement: contracts.dateFinEngagement,
          options: contracts.options,
          utilisateurPrenom: contracts.utilisateurPrenom,
          utilisateurNom: contracts.utilisateurNom,
          libelleOffre: offers.libelle,
          descriptionOffre: offers.description,
          prixMensuelCentimes: offers.prixMensuelCentimes,
          optionsIncluses: offers.optionsIncluses,
          idClientBscs: billingAccounts.idClientBscs,
          codeClientBscs: billingAccounts.codeClientBscs,
          raisonSociale: billingAccounts.raisonSociale,
          siren: companies.siren,
          sirenSiret: billingAccounts.sirenSiret,
          adresseNumero: billingAccounts.adresseNumero,
          adresseVoie: billingAccounts.adresseVoie,
          adresseCodePostal: billingAccounts.adresseCodePostal,
          adresseVille: billingAccounts.adresseVille,
        })
        .from(contracts)
        .innerJoin(offers, eq(offers.idOffreEngagement, contracts.idOffreEngagement))
        .innerJoin(billingAccounts, eq(billingAccounts.idClientBscs, contracts.idClientBscs))
        .innerJoin(companies, eq(companies.id, billingAccounts.companyId))
        .where(eq(contracts.idContrat, idContrat))
        .limit(1);
      return row ?? null;
    },
  };
}
export type ContractPdfRepository = ReturnType<typeof createContractPdfRepository>;
