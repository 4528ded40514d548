import { layoutMail, type MailContent } from '../../platform/mail/index.ts';

/** Sent to every user of the account when its security policy changes (decision 057). */
export function securityPolicyChangedMail(brand: string, raisonSociale: string, mfaObligatoire: boolean, securityPageLink: string): MailContent {
  return layoutMail(brand, {
    title: `${brand} – Politique de sécurité de votre entreprise`,
    paragraphs: mfaObligatoire
      ? [
          `Un gestionnaire de ${raisonSociale} vient de rendre la vérification en deux étapes obligatoire sur votre espace client Pro.`,
          'À votre prochaine connexion, après votre code confidentiel, vous inscrirez une application d’authentification ; son code vous sera ensuite demandé à chaque connexion.',
        ]
      : [
          `Un gestionnaire de ${raisonSociale} vient de rendre la vérification en deux étapes facultative sur votre espace client Pro.`,
          'Si vous avez inscrit une application d’authentification, elle reste active : vous pouvez la garder, ce que nous vous conseillons, ou la retirer depuis votre page Sécurité.',
        ],
    action: 'Ma page Sécurité',
    link: securityPageLink,
    footer: 'Vous recevez ce message parce que vous êtes utilisateur de ce compte de facturation.',
  });
}
