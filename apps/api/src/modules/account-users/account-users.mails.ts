import type { AccountUserRole } from '@ecare/shared';
import { formatPhone } from '@ecare/shared/phone';
import { layoutMail, type MailContent } from '../../platform/mail/index.ts';

export interface Invitation {
  /** First and last name of the manager who invites. */
  inviter: string;
  raisonSociale: string;
  role: AccountUserRole;
  email: string;
  /** The line a line user is given. */
  numeroLigne: string | null;
}

/** The first-connection mail of an invited user: who invites them, to do what, and the link that creates their code. */
export function invitationMail(brand: string, invitation: Invitation, link: string, validityHours: number): MailContent {
  const company = invitation.raisonSociale || 'votre entreprise';
  const what =
    invitation.role === 'gestionnaire'
      ? `gérer le compte de facturation de ${company} (lignes, utilisateurs, préférences de contact)`
      : invitation.numeroLigne
        ? `suivre la ligne mobile ${formatPhone(invitation.numeroLigne)} de ${company} (forfait, options, codes PUK et RIO)`
        : `suivre votre ligne mobile de ${company}`;
  return layoutMail(brand, {
    title: `${brand} – Votre accès à l’espace client Pro`,
    paragraphs: [
      `${invitation.inviter} vous invite à utiliser l’espace client Pro ${brand} pour ${what}.`,
      `Votre identifiant de connexion est votre adresse e-mail, ${invitation.email}. Pour activer votre accès, créez votre code confidentiel en suivant le lien ci-dessous.`,
      `Ce lien est valable ${validityHours} heures et ne peut servir qu’une fois. Passé ce délai, demandez-en un nouveau avec « Code confidentiel oublié ou première connexion » sur la page de connexion.`,
    ],
    action: 'Créer mon code confidentiel',
    link,
    footer: 'Si vous ne connaissez pas cette entreprise, ignorez ce message : aucun accès n’est ouvert sans code confidentiel.',
  });
}
