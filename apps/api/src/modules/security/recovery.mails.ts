import { layoutMail, type MailContent } from '../../platform/mail/index.ts';

const NBSP = '\u00a0';

/** Sent when the user generated new recovery codes: the old ones no longer work (decision 058). */
export function recoveryCodesRegeneratedMail(brand: string, securityLink: string): MailContent {
  return layoutMail(brand, {
    title: `${brand} – Nouveaux codes de secours`,
    paragraphs: [
      'De nouveaux codes de secours viennent d’être générés pour votre espace client Pro. Vos anciens codes ne fonctionnent plus.',
      `Conservez les nouveaux en lieu sûr${NBSP}: chacun permet une connexion si vous n’avez plus accès à votre application d’authentification.`,
    ],
    action: 'Voir ma page Sécurité',
    link: securityLink,
    footer: `Si vous n’êtes pas à l’origine de cette demande, changez votre code confidentiel sans attendre et contactez notre service client.`,
  });
}

/** Sent to the user whose second factors the customer service reset (decision 058). */
export function mfaResetUserMail(brand: string, securityLink: string): MailContent {
  return layoutMail(brand, {
    title: `${brand} – Vérification en deux étapes réinitialisée`,
    paragraphs: [
      `À votre demande, notre service client a réinitialisé la vérification en deux étapes de votre espace client Pro${NBSP}: votre application d’authentification et vos codes de secours ont été retirés, et vos sessions ont pris fin.`,
      `Connectez-vous avec votre identifiant et votre code confidentiel, puis configurez à nouveau une application d’authentification depuis votre page Sécurité.`,
    ],
    action: 'Voir ma page Sécurité',
    link: securityLink,
    footer: `Si vous n’avez rien demandé, changez votre code confidentiel sans attendre et contactez notre service client.`,
  });
}

/** Sent to the account's managers when the customer service reset a user's second factors (decision 058). */
export function mfaResetManagerMail(brand: string, user: { name: string; email: string }, accountCode: string, link: string): MailContent {
  return layoutMail(brand, {
    title: `${brand} – Vérification en deux étapes d’un utilisateur réinitialisée`,
    paragraphs: [
      `Notre service client a réinitialisé la vérification en deux étapes de ${user.name} (${user.email}) sur le compte ${accountCode}${NBSP}: ses seconds facteurs et ses codes de secours ont été retirés, et ses sessions ont pris fin.`,
      'Cette personne devra configurer à nouveau une application d’authentification à sa prochaine connexion si votre entreprise l’exige.',
    ],
    action: 'Voir les utilisateurs du compte',
    link,
    footer: `Si personne dans votre entreprise n’a demandé cette réinitialisation, contactez notre service client.`,
  });
}
