import { billingAccounts, type InvoiceCustomerSnapshot } from './schema.ts';

/**
 * What an invoice freezes of its customer and of its lines' users when it is issued (decision 025),
 * for the invoices module and the demo seed alike.
 */

/** The columns of an account an invoice names its customer from, to select. */
export const invoiceAccountColumns = {
  codeClientBscs: billingAccounts.codeClientBscs,
  raisonSociale: billingAccounts.raisonSociale,
  sirenSiret: billingAccounts.sirenSiret,
  adresseNumero: billingAccounts.adresseNumero,
  adresseVoie: billingAccounts.adresseVoie,
  adresseCodePostal: billingAccounts.adresseCodePostal,
  adresseVille: billingAccounts.adresseVille,
};

/** The columns of an account an invoice names its customer from. */
export interface AccountForInvoice {
  codeClientBscs: string;
  raisonSociale: string;
  sirenSiret: string;
  adresseNumero: string;
  adresseVoie: string;
  adresseCodePostal: string;
  adresseVille: string;
}

export function customerSnapshot(account: AccountForInvoice): InvoiceCustomerSnapshot {
  return {
    codeClientBscs: account.codeClientBscs,
    raisonSociale: account.raisonSociale,
    sirenSiret: account.sirenSiret,
    adresse: { numero: account.adresseNumero, voie: account.adresseVoie, codePostal: account.adresseCodePostal, ville: account.adresseVille },
  };
}

/** "Émilie Moreau" from the names a line carries; null when it has none. */
export function lineUserName(prenom: string | null, nom: string | null): string | null {
  return [prenom, nom].filter((part): part is string => part !== null && part.trim() !== '').join(' ') || null;
}
