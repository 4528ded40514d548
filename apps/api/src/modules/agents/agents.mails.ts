import { layoutMail, type MailContent } from '../../platform/mail/index.ts';

/** Tells a manager that a customer-service agent connected to their account, and why (decision 032). */
export function agentConnectionMail(
  brand: string,
  connection: { raisonSociale: string; codeClientBscs: string; agent: string; motif: string; at: string },
  link: string,
): MailContent {
  return layoutMail(brand, {
    title: `${brand} – Un conseiller s’est connecté à votre compte`,
    paragraphs: [
      `Un conseiller du service client, ${connection.agent}, s’est connecté le ${connection.at} au compte de facturation ${connection.codeClientBscs} (${connection.raisonSociale}) pour agir pour votre compte.`,
      `Motif indiqué : ${connection.motif}`,
      'Chacune de ses actions est enregistrée : vous les retrouvez dans « Actions du service client » de votre espace client.',
    ],
    action: 'Voir les actions du service client',
    link,
    footer: 'Si vous n’avez pas sollicité le service client, contactez-nous.',
  });
}
