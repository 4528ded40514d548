import { planPhrase } from '@ecare/shared';
import { formatPhone } from '@ecare/shared/phone';
import { layoutMail, type MailContent } from '../../platform/mail/index.ts';
import { parisDateTimeFormat } from '@ecare/shared/paris-time';

const parisDateTime = parisDateTimeFormat({ dateStyle: 'long', timeStyle: 'short' });

/** The eSIM installation link, sent by a manager to the person who will install the line. */
export function esimLinkMail(
  brand: string,
  line: { numeroLigne: string; libelleOffre: string; raisonSociale: string; sender: string; expiresAt: Date },
  link: string,
): MailContent {
  const number = formatPhone(line.numeroLigne);
  return layoutMail(brand, {
    title: `${brand} – Installez l’eSIM de la ligne ${number}`,
    paragraphs: [
      `${line.sender} (${line.raisonSociale}) vous envoie le lien d’installation de l’eSIM de la ligne ${number}, ${planPhrase(line.libelleOffre)}.`,
      'Ouvrez ce lien sur un autre écran que celui du téléphone à équiper (ordinateur, tablette) : la page affiche le QR code à scanner avec le téléphone, et les informations pour une installation manuelle.',
      `Ce lien est valable jusqu’au ${parisDateTime.format(line.expiresAt)}. Ne le transférez pas : il permet d’installer la ligne sur un téléphone.`,
    ],
    action: 'Installer mon eSIM',
    link,
    footer: 'Si vous n’attendiez pas ce message, n’ouvrez pas le lien et prévenez le gestionnaire de votre compte.',
  });
}
