import { and, eq, sql } from 'drizzle-orm';
import { GAMMES, type BillingAccount } from '@ecare/shared';
import type { Database } from '../../db/client.ts';
import { billingAccounts, contracts, userBillingAccounts } from '../../db/schema.ts';

const mobileCount = sql<number>`(
  select count(*)::int from ${contracts}
  where ${contracts.idClientBscs} = ${billingAccounts.idClientBscs}
    and ${contracts.idGamme} = ${GAMMES.mobile}
    and ${contracts.codeStatut} <> 'RESILIE'
)`;

const columns = {
  idClientBscs: billingAccounts.idClientBscs,
  codeClientBscs: billingAccounts.codeClientBscs,
  statut: billingAccounts.statut,
  statutContratFixe: billingAccounts.statutContratFixe,
  nbContratsMobile: mobileCount,
  isGestionnaire: userBillingAccounts.isGestionnaire,
  sirenSiret: billingAccounts.sirenSiret,
  raisonSociale: billingAccounts.raisonSociale,
  nom: billingAccounts.nom,
  prenom: billingAccounts.prenom,
  email: billingAccounts.email,
  telephone: billingAccounts.telephone,
  numero: billingAccounts.adresseNumero,
  voie: billingAccounts.adresseVoie,
  codePostal: billingAccounts.adresseCodePostal,
  ville: billingAccounts.adresseVille,
};

type Row = Omit<BillingAccount, 'adresse'> & BillingAccount['adresse'];

function toBillingAccount({ numero, voie, codePostal, ville, ...rest }: Row): BillingAccount {
  return { ...rest, adresse: { numero, voie, codePostal, ville } };
}

export function createAccountsRepository(db: Database) {
  const base = () =>
    db
      .select(columns)
      .from(userBillingAccounts)
      .innerJoin(billingAccounts, eq(billingAccounts.idClientBscs, userBillingAccounts.idClientBscs));

  // Only managed accounts: an account the user is merely attached to is never offered for choice
  // (spec §4, §6), so its company, contact and address details are not theirs to read.
  const listForUser = base()
    .where(and(eq(userBillingAccounts.userId, sql.placeholder('userId')), eq(userBillingAccounts.isGestionnaire, true)))
    .orderBy(billingAccounts.raisonSociale, billingAccounts.idClientBscs)
    .prepare('list_accounts_for_user');

  return {
    /** The accounts the user manages (isGestionnaire), one query. */
    async listForUser(userId: number): Promise<BillingAccount[]> {
      const rows = await listForUser.execute({ userId });
      return rows.map(toBillingAccount);
    },

    async findForUser(userId: number, idClientBscs: number): Promise<BillingAccount | undefined> {
      const [row] = await base()
        .where(and(eq(userBillingAccounts.userId, userId), eq(userBillingAccounts.idClientBscs, idClientBscs)))
        .limit(1);
      return row && toBillingAccount(row);
    },
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
