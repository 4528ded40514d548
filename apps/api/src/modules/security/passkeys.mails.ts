import { layoutMail, type MailContent } from '../../platform/mail/index.ts';

const NBSP = '\u00a0';
const quoted = (name: string) => `«${NBSP}${name}${NBSP}»`;

/** Sent when a passkey is added to the user's account (decision 056). */
export function passkeyAddedMail(brand: string, securityInfoLink: string, name: string): MailContent {
  return layoutMail(brand, {
    title: `${brand} – Clé d’accès ajoutée`,
    paragraphs: [
      `Une clé d’accès, ${quoted(name)}, vient d’être ajoutée à votre espace client Pro. Elle permet de vous connecter sans code confidentiel, ou de confirmer une connexion après votre code.`,
    ],
    action: 'Nos conseils de sécurité',
    link: securityInfoLink,
    footer: `Si vous n’êtes pas à l’origine de cet ajout, retirez cette clé depuis la page Sécurité de votre espace, changez votre code confidentiel sans attendre et contactez notre service client.`,
  });
}

/** Sent when a passkey is removed from the user's account; `lastFactor`: the recovery codes went with it. */
export function passkeyRemovedMail(brand: string, securityInfoLink: string, name: string, lastFactor: boolean): MailContent {
  return layoutMail(brand, {
    title: `${brand} – Clé d’accès retirée`,
    paragraphs: [
      `La clé d’accès ${quoted(name)} vient d’être retirée de votre espace client Pro${NBSP}: elle ne permet plus de vous connecter.`,
      ...(lastFactor ? [`C’était votre dernier second facteur${NBSP}: vos codes de secours ne servent plus, et votre code confidentiel suffit désormais pour vous connecter.`] : []),
    ],
    action: 'Nos conseils de sécurité',
    link: securityInfoLink,
    footer: `Si vous n’êtes pas à l’origine de ce retrait, changez votre code confidentiel sans attendre et contactez notre service client.`,
  });
}
