import { layoutMail, type MailContent } from '../../platform/mail/index.ts';

const NBSP = '\u00a0';

/** Sent when an authenticator app is confirmed as the user's second factor. */
export function totpEnrolledMail(brand: string, securityInfoLink: string): MailContent {
  return layoutMail(brand, {
    title: `${brand} – Application d’authentification activée`,
    paragraphs: [
      'Une application d’authentification vient d’être activée sur votre espace client Pro. À chaque connexion, le code qu’elle affiche vous sera demandé après votre code confidentiel.',
      `Conservez vos codes de secours en lieu sûr${NBSP}: chacun permet une connexion si vous n’avez plus accès à votre application.`,
    ],
    action: 'Nos conseils de sécurité',
    link: securityInfoLink,
    footer: `Si vous n’êtes pas à l’origine de cette activation, changez votre code confidentiel sans attendre et contactez notre service client.`,
  });
}

/** Sent when the user's authenticator app is removed. */
export function totpRemovedMail(brand: string, securityInfoLink: string, lastFactor = true): MailContent {
  return layoutMail(brand, {
    title: `${brand} – Application d’authentification retirée`,
    paragraphs: [
      lastFactor
        ? 'L’application d’authentification de votre espace client Pro vient d’être retirée, avec vos codes de secours. Votre code confidentiel suffit désormais pour vous connecter.'
        : 'L’application d’authentification de votre espace client Pro vient d’être retirée. Vos clés d’accès et vos codes de secours restent actifs.',
    ],
    action: 'Nos conseils de sécurité',
    link: securityInfoLink,
    footer: `Si vous n’êtes pas à l’origine de ce retrait, changez votre code confidentiel sans attendre et contactez notre service client.`,
  });
}

/** Sent when a recovery code signed the user in. */
export function recoveryCodeUsedMail(brand: string, securityInfoLink: string, remaining: number): MailContent {
  return layoutMail(brand, {
    title: `${brand} – Connexion avec un code de secours`,
    paragraphs: [
      'Un code de secours vient de servir à vous connecter à votre espace client Pro. Il ne servira plus.',
      remaining > 1
        ? `Il vous reste ${remaining}${NBSP}codes de secours.`
        : remaining === 1
          ? 'Il vous reste un seul code de secours.'
          : `Il ne vous reste aucun code de secours${NBSP}: si vous perdez l’accès à votre application d’authentification, contactez notre service client.`,
    ],
    action: 'Nos conseils de sécurité',
    link: securityInfoLink,
    footer: `Si vous n’êtes pas à l’origine de cette connexion, changez votre code confidentiel sans attendre et contactez notre service client.`,
  });
}
