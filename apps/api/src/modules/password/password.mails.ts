import { layoutMail, type MailContent } from '../../platform/mail/index.ts';

export function resetPasswordMail(brand: string, link: string, validityHours: number): MailContent {
  return layoutMail(brand, {
    title: `${brand} – Initialisation de votre code confidentiel`,
    paragraphs: [
      'Vous avez demandé à initialiser le code confidentiel de votre espace client Pro.',
      `Ce lien est valable ${validityHours} heures et ne peut servir qu’une fois.`,
    ],
    action: 'Créer mon code confidentiel',
    link,
    footer: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre code actuel reste valable.',
  });
}
