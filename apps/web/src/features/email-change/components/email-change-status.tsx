import { EMAIL_CHANGE_MESSAGES, type EmailManagement } from '@ecare/shared/email-change';
import type { ReactNode } from 'react';

export type EmailLinkKind = 'confirmation' | 'annulation';

export interface EmailChangeView {
  tone: 'info' | 'success' | 'error';
  text: ReactNode;
  /** Label of the button that applies the link's decision; null when nothing is left to do. */
  action: string | null;
}

const Email = ({ children }: { children: string }) => <strong className="break-all">{children}</strong>;

/**
 * What a link's page says for each state of the change (spec §2), and whether its decision can
 * still be taken. `attempted` is set once the decision was sent and the state did not move.
 */
export function emailChangeView(kind: EmailLinkKind, state: EmailManagement, attempted: boolean): EmailChangeView {
  const { ancienEmail, nouvelEmail } = state;
  if (state.type !== kind || state.statut === 'INCONNUE') {
    return { tone: 'error', text: `${EMAIL_CHANGE_MESSAGES.invalidLink} Vérifiez que vous avez ouvert le dernier lien reçu.`, action: null };
  }
  switch (state.statut) {
    case 'EN_ATTENTE':
      return kind === 'confirmation'
        ? {
            tone: 'info',
            text: (
              <>
                Vous avez demandé à remplacer l’identifiant de votre espace client <Email>{ancienEmail}</Email> par{' '}
                <Email>{nouvelEmail}</Email>. Confirmez ce changement pour utiliser votre nouvelle adresse.
              </>
            ),
            action: 'Confirmer ma nouvelle adresse',
          }
        : {
            tone: 'info',
            text: (
              <>
                Une demande a été faite pour remplacer l’identifiant de votre espace client <Email>{ancienEmail}</Email> par{' '}
                <Email>{nouvelEmail}</Email>. Si vous n’en êtes pas à l’origine, annulez ce changement.
              </>
            ),
            action: 'Annuler le changement',
          };
    case 'VALIDEE':
      if (kind === 'annulation') {
        return attempted
          ? {
              tone: 'error',
              text: (
                <>
                  Ce changement ne peut plus être annulé : votre identifiant est <Email>{nouvelEmail}</Email>. Contactez
                  le service client si vous n’en êtes pas à l’origine.
                </>
              ),
              action: null,
            }
          : {
              tone: 'info',
              text: (
                <>
                  Ce changement a été confirmé : votre identifiant est désormais <Email>{nouvelEmail}</Email>. Si vous
                  n’en êtes pas à l’origine, annulez-le pour retrouver votre adresse <Email>{ancienEmail}</Email>.
                </>
              ),
              action: 'Annuler le changement',
            };
      }
      return {
        tone: 'success',
        text: (
          <>
            Votre nouvelle adresse <Email>{nouvelEmail}</Email> est désormais votre identifiant de connexion. Pour votre
            sécurité, vos sessions en cours ont été fermées : connectez-vous avec cette adresse.
          </>
        ),
        action: null,
      };
    case 'ANNULEE':
      return {
        tone: kind === 'annulation' ? 'success' : 'error',
        text: (
          <>
            Le changement d’adresse e-mail a été annulé. Votre identifiant reste <Email>{ancienEmail}</Email>.
          </>
        ),
        action: null,
      };
    case 'EXPIREE':
      return {
        tone: 'error',
        text: (
          <>
            Ce lien a expiré : le changement d’adresse e-mail n’a pas été appliqué et votre identifiant reste{' '}
            <Email>{ancienEmail}</Email>. Vous pouvez refaire une demande depuis votre espace client, rubrique « Mon
            profil ».
          </>
        ),
        action: null,
      };
  }
}
