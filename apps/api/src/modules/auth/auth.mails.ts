import { layoutMail, type MailContent } from '../../platform/mail/index.ts';

const NBSP = '\u00a0';

/** Sent when a login from a source that has failed is refused beyond the ceiling (at most once per period). */
export function unlockLinkMail(brand: string, link: string, validityHours: number): MailContent {
  return layoutMail(brand, {
    title: `${brand} – Déverrouiller la connexion à votre espace client`,
    paragraphs: [
      'De très nombreux codes confidentiels erronés ont été saisis pour votre identifiant. Par sécurité, la connexion à votre espace client Pro est suspendue depuis les connexions Internet d’où venaient ces erreurs.',
      `Si la connexion vous est refusée, ouvrez ce lien dans le navigateur avec lequel vous vous connectez, puis confirmez${NBSP}: vous pourrez à nouveau vous connecter depuis ce navigateur avec votre code confidentiel habituel.`,
      `Ce lien est valable ${validityHours}${NBSP}heures et ne peut servir qu’une fois.`,
    ],
    action: 'Déverrouiller ma connexion',
    link,
    footer: `Si vous n’essayez pas de vous connecter, ignorez ce message${NBSP}: votre code confidentiel reste valable et personne ne peut se connecter sans lui.`,
  });
}

/** Sent when the identifier's failures reach the ceiling (at most once per period). */
export function attackNoticeMail(brand: string, securityInfoLink: string, failures: number): MailContent {
  return layoutMail(brand, {
    title: `${brand} – Tentatives de connexion à votre espace client`,
    paragraphs: [
      `${failures}${NBSP}codes confidentiels erronés ont été saisis pour votre identifiant en moins d’une heure. Ces tentatives ne viennent probablement pas de vous.`,
      `Elles ont échoué et ne révèlent pas votre code confidentiel, qui reste valable${NBSP}: vous pouvez continuer à vous connecter normalement. Si la connexion vous est refusée, un lien de déverrouillage vous sera envoyé par e-mail.`,
      `Par précaution, choisissez un code confidentiel que vous n’utilisez nulle part ailleurs (Mon compte, rubrique Code confidentiel) et ne le communiquez jamais${NBSP}: nous ne vous le demanderons jamais, ni par e-mail ni par téléphone.`,
    ],
    action: 'Nos conseils de sécurité',
    link: securityInfoLink,
    footer: 'Vous n’avez rien d’autre à faire. En cas de doute, contactez notre service client.',
  });
}
