import { UNPAID_CHECK_ACTION_LABELS, type UnpaidCheckAction } from '@ecare/shared';
import { formatSirenSiret } from '@ecare/shared/siren-siret';

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** '1 234,56 €' from integer cents. */
export const formatEuros = (centimes: number) => euros.format(centimes / 100);

/** What is overdue: on the account the journey is for, and on the company's other accounts. */
export interface OverdueSummary {
  account: { factures: number; centimes: number };
  others: { comptes: number; factures: number; centimes: number };
  siren: string;
}

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

const invoices = (count: number) => (count === 1 ? 'une facture échue' : `${count} factures échues`);
const accounts = (count: number) => (count === 1 ? 'un autre compte de facturation' : `${count} autres comptes de facturation`);

/**
 * The French text of a stopped journey (plain text: the page adds the link to pay). It names the
 * amount overdue, where it is, and how to pay it; the amounts of other accounts of the company
 * are told as a total, the company owing them as a whole.
 */
export function unpaidMessage(action: UnpaidCheckAction, overdue: OverdueSummary): string {
  const what = UNPAID_CHECK_ACTION_LABELS[action];
  const { account, others } = overdue;
  const owed = (count: number) => (count === 1 ? 'n’est pas réglée' : 'ne sont pas réglées');
  if (others.factures === 0) {
    return [
      `${capitalised(invoices(account.factures))} de ce compte de facturation ${owed(account.factures)}\u00a0: ${formatEuros(account.centimes)} restent à payer.`,
      `Pour ${what}, veuillez d’abord régler ce montant. Vous pouvez payer vos factures en ligne par carte bancaire.`,
    ].join(' ');
  }
  const count = account.factures + others.factures;
  const total = account.centimes + others.centimes;
  const company = `${capitalised(invoices(count))} de votre entreprise (SIREN ${formatSirenSiret(overdue.siren)}) ${owed(count)}`;
  if (account.factures === 0) {
    return [
      `${company}\u00a0: ${formatEuros(total)} restent à payer sur ${accounts(others.comptes)}.`,
      `Pour ${what}, ${count === 1 ? 'cette facture doit' : 'ces factures doivent'} d’abord être réglée${count === 1 ? '' : 's'}, depuis le compte de facturation concerné (en ligne par carte bancaire) ou par son gestionnaire.`,
    ].join(' ');
  }
  return [
    `${company}\u00a0: ${formatEuros(total)} restent à payer, dont ${formatEuros(account.centimes)} sur ce compte de facturation (${invoices(account.factures)}) et ${formatEuros(others.centimes)} sur ${accounts(others.comptes)}.`,
    `Pour ${what}, ces factures doivent d’abord être réglées\u00a0: payez en ligne par carte bancaire celles de ce compte\u00a0; celles des autres comptes se règlent depuis chacun d’eux.`,
  ].join(' ');
}
