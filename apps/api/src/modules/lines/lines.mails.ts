import { formatPhone } from '@ecare/shared/phone';
import { layoutMail, type MailContent } from '../../platform/mail/index.ts';

const frenchDate = (isoDate: string) => {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
};

/** Confirmation to the account's manager that a line was suspended after a loss or a theft. */
export function lossTheftMail(
  brand: string,
  declaration: { numeroLigne: string; motif: 'PERTE' | 'VOL'; dateEvenement: string; declarant: string },
  link: string,
): MailContent {
  const what = declaration.motif === 'VOL' ? 'le vol' : 'la perte';
  return layoutMail(brand, {
    title: `${brand} – Ligne ${formatPhone(declaration.numeroLigne)} suspendue`,
    paragraphs: [
      `${declaration.declarant} a déclaré ${what} du téléphone de la ligne ${formatPhone(declaration.numeroLigne)} (événement du ${frenchDate(declaration.dateEvenement)}).`,
      'La ligne est suspendue depuis cette déclaration : plus aucun appel, SMS ni échange de données ne peut être fait avec sa carte SIM.',
      'Vous pouvez commander une carte SIM de remplacement, puis rétablir la ligne depuis votre espace client.',
    ],
    action: 'Voir la ligne',
    link,
    footer: 'Si vous n’êtes pas à l’origine de cette déclaration, contactez sans attendre le service client.',
  });
}
