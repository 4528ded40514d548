import { layoutMail, type MailContent } from '../../platform/mail/index.ts';

const NBSP = '\u00a0';

/** Sent when a user signs in from a device and browser not seen in the last 90 days (decision 055). */
export function newDeviceMail(
  brand: string,
  signIn: { appareil: string; navigateur: string; lieu: string; at: string },
  link: string,
): MailContent {
  return layoutMail(brand, {
    title: `${brand} – Nouvelle connexion à votre espace client`,
    paragraphs: [
      `Une connexion à votre espace client Pro vient d’avoir lieu depuis un appareil ou un navigateur que vous n’aviez pas utilisé ces 90${NBSP}derniers jours${NBSP}:`,
      `Appareil${NBSP}: ${signIn.appareil}`,
      `Navigateur${NBSP}: ${signIn.navigateur}`,
      `Lieu approché${NBSP}: ${signIn.lieu}`,
      `Date${NBSP}: le ${signIn.at} (heure de Paris)`,
      'Si c’est vous, vous n’avez rien à faire.',
      `Sinon, déconnectez cette session depuis la page Sécurité de votre compte et changez votre code confidentiel sans attendre${NBSP}: nous ne vous le demanderons jamais, ni par e-mail ni par téléphone.`,
    ],
    action: 'Voir mes sessions',
    link,
    footer: 'Vous recevez ce message pour la sécurité de votre compte. En cas de doute, contactez notre service client.',
  });
}
