import { eq } from 'drizzle-orm';
import { billingAccounts, contracts, costCentres, type InvoiceCustomerSnapshot } from './schema.ts';

/**
 * What an invoice freezes of its customer and of its lines' users and cost centres when it is
 * issued (decisions 025 and 049), for the invoices module and the demo seed alike.
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

/**
 * The columns of a line an invoice's charges record, to select from `contracts` left-joined to
 * `cost_centres` on the line's centre (`lineSnapshotJoin`).
 */
export const lineSnapshotColumns = {
  utilisateurPrenom: contracts.utilisateurPrenom,
  utilisateurNom: contracts.utilisateurNom,
  idCentre: costCentres.idCentre,
  centreCode: costCentres.code,
  centreLibelle: costCentres.libelle,
};

/** The join `lineSnapshotColumns` reads the line's centre through. */
export const lineSnapshotJoin = [costCentres, eq(costCentres.idCentre, contracts.idCentre)] as const;

/** What a line is when its invoice is issued: its user's names, its cost centre (none: all null). */
export interface LineForInvoice {
  utilisateurPrenom: string | null;
  utilisateurNom: string | null;
  idCentre: number | null;
  centreCode: string | null;
  centreLibelle: string | null;
}

/** What each of a line's charges records of the line when issued; an account's own charge records none. */
export interface LineSnapshot {
  utilisateur: string | null;
  idCentre: number | null;
  centreCode: string | null;
  centreLibelle: string | null;
}

/** The account's own charges (the fixed line, a rejected debit): no user, no centre. */
export const ACCOUNT_CHARGE_SNAPSHOT: LineSnapshot = { utilisateur: null, idCentre: null, centreCode: null, centreLibelle: null };

/**
 * The one function both issuers (invoice-issue.repository.ts, the demo seed) copy a line into its
 * charges with: its user's name and the centre it is charged to, as they are at that moment. A
 * line without a centre (or a centre read without its code) records none.
 */
export function lineSnapshot(line: LineForInvoice): LineSnapshot {
  const centred = line.idCentre !== null && line.centreCode !== null && line.centreLibelle !== null;
  return {
    utilisateur: lineUserName(line.utilisateurPrenom, line.utilisateurNom),
    idCentre: centred ? line.idCentre : null,
    centreCode: centred ? line.centreCode : null,
    centreLibelle: centred ? line.centreLibelle : null,
  };
}
