import { layoutMail, type MailContent } from '../../platform/mail/index.ts';
import { parisDateTimeFormat } from '@ecare/shared/paris-time';

const parisDateTime = parisDateTimeFormat({ dateStyle: 'long', timeStyle: 'short' });
const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

export interface ReceiptFacts {
  payer: string;
  raisonSociale: string;
  transactionReference: string;
  paidAt: Date;
  montantCentimes: number;
  invoices: { referenceNumber: string; montantCentimes: number }[];
  /** How it was paid, as said in the receipt ('par carte' when absent). */
  means?: string;
}

/** The receipt of a card payment accepted by the bank, to the person who paid. */
export function paymentReceiptMail(brand: string, facts: ReceiptFacts, link: string): MailContent {
  const amount = euros.format(facts.montantCentimes / 100);
  const lines = facts.invoices.map((invoice) => `facture ${invoice.referenceNumber} : ${euros.format(invoice.montantCentimes / 100)}`);
  return layoutMail(brand, {
    title: `${brand} – Reçu de votre paiement de ${amount}`,
    paragraphs: [
      `${facts.payer}, votre paiement ${facts.means ?? 'par carte'} de ${amount} pour ${facts.raisonSociale} a été ${facts.means ? 'enregistré' : 'accepté'} le ${parisDateTime.format(facts.paidAt)}.`,
      `Référence du paiement : ${facts.transactionReference}.`,
      `Factures réglées : ${lines.join(' ; ')}.`,
      'Conservez ce message : il vaut reçu. Le détail de vos factures et de leurs règlements est dans votre espace client.',
    ],
    action: 'Voir mes factures',
    link,
    footer: 'Si vous n’êtes pas à l’origine de ce paiement, contactez sans attendre le service client.',
  });
}
