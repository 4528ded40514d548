import { PAYMENT_MODE_LABELS, formatIban, ibanEnd, maskIban, type MandateType, type PaymentMode } from '@ecare/shared';
import { layoutMail, type MailContent } from '../../platform/mail/index.ts';

/** A change of bank details as the managers are told of it: never the whole IBAN. */
export interface BankDetailsChange {
  raisonSociale: string;
  codeClientBscs: string;
  /** First and last name of the manager who saved them. */
  author: string;
  /** `15/01/2026 à 10 h 00`, French time. */
  at: string;
  titulaire: string;
  iban: string;
  bic: string;
  modePaiement: PaymentMode;
  /** The mandate issued with them (direct debit), and the one it replaces. */
  mandate: { rum: string; type: MandateType; replaced: string | null } | null;
  /** A mandate revoked without a new one (the account leaves direct debit). */
  revoked: string | null;
}

/** To every manager of the account: what changed, by whom, and what to do if it was not them. */
export function bankDetailsChangedMail(brand: string, change: BankDetailsChange, link: string): MailContent {
  const masked = `${formatIban(maskIban(change.iban))} (se terminant par ${ibanEnd(change.iban)})`;
  const mandate = change.mandate
    ? [
        `Un nouveau mandat de prélèvement SEPA${change.mandate.type === 'B2B' ? ' interentreprises' : ''} a été établi avec ces coordonnées, sous la référence unique de mandat (RUM) ${change.mandate.rum}.` +
          (change.mandate.replaced ? ` Il remplace le mandat ${change.mandate.replaced}, révoqué.` : ''),
        change.mandate.type === 'B2B'
          ? 'Téléchargez-le au format PDF depuis votre espace client et transmettez-le à votre banque avant le prochain prélèvement : pour un prélèvement interentreprises, elle vérifie chaque débit au regard du mandat.'
          : 'Il est téléchargeable au format PDF depuis votre espace client.',
      ]
    : change.revoked
      ? [`Le mandat de prélèvement SEPA ${change.revoked} est révoqué : vos factures ne seront plus prélevées.`]
      : [];
  return layoutMail(brand, {
    title: `${brand} – Les coordonnées bancaires de votre compte ont été modifiées`,
    paragraphs: [
      `Les coordonnées bancaires du compte de facturation ${change.codeClientBscs} (${change.raisonSociale}) ont été modifiées le ${change.at} par ${change.author}.`,
      `Titulaire du compte\u00a0: ${change.titulaire}`,
      `IBAN\u00a0: ${masked}`,
      `BIC\u00a0: ${change.bic}`,
      `Mode de paiement\u00a0: ${PAYMENT_MODE_LABELS[change.modePaiement]}`,
      ...mandate,
    ],
    action: 'Voir les coordonnées bancaires',
    link,
    footer:
      'Si vous n’êtes pas à l’origine de cette modification, contactez sans attendre le service client et signalez-la à votre banque : vous pourrez contester tout prélèvement que vous n’avez pas autorisé.',
  });
}
