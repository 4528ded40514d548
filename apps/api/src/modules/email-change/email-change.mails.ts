import { layoutMail, type MailContent } from '../../platform/mail/index.ts';

export function emailChangeConfirmMail(brand: string, link: string, newEmail: string, validityHours: number): MailContent {
  return layoutMail(brand, {
    title: `${brand} – Confirmez votre nouvelle adresse e-mail`,
    paragraphs: [
      `Vous avez demandé à utiliser ${newEmail} comme identifiant de votre espace client Pro.`,
      `Confirmez ce changement dans les ${validityHours} heures.`,
    ],
    action: 'Confirmer ma nouvelle adresse',
    link,
    footer: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
  });
}

export function emailChangeCancelMail(brand: string, link: string, newEmail: string, validityHours: number): MailContent {
  return layoutMail(brand, {
    title: `${brand} – Changement de l’adresse e-mail de votre espace client`,
    paragraphs: [
      `Une demande a été faite pour remplacer votre identifiant de connexion par ${newEmail}.`,
      `Si vous n’en êtes pas à l’origine, annulez-la dans les ${validityHours} heures : votre adresse actuelle sera conservée.`,
    ],
    action: 'Annuler ce changement',
    link,
    footer: 'Si vous êtes à l’origine de cette demande, vous n’avez rien à faire.',
  });
}
