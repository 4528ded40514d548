import { z } from 'zod';
import { idSchema } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';

/*
 * A company's security policy (decision 057): whether every user of the billing account must sign in
 * with a second factor. GET/PUT /api/clients/{idClientBscs}/politique-securite, managers of the account.
 */

export const securityPolicyParamSchema = lazySchema(() => z.object({ idClientBscs: idSchema('Le compte de facturation') }));

export const securityPolicySchema = lazySchema(() =>
  z.strictObject({
    mfaObligatoire: z
      .boolean({ error: 'Indiquez si la vérification en deux étapes est obligatoire.' })
      .describe('Chaque utilisateur du compte doit se connecter avec un second facteur (il l’inscrit à sa prochaine connexion)'),
  }),
);
export type SecurityPolicy = z.infer<typeof securityPolicySchema>;

export const SECURITY_POLICY_TEXTS = {
  title: 'Politique de sécurité de l’entreprise',
  switchLabel: 'Vérification en deux étapes obligatoire pour tous les utilisateurs du compte',
  confirmTitle: 'Rendre la vérification en deux étapes obligatoire ?',
  confirmBody:
    'Chaque utilisateur de ce compte devra inscrire une application d’authentification à sa prochaine connexion, puis saisir le code qu’elle affiche à chaque connexion. Tous les utilisateurs du compte seront prévenus par e-mail.',
  confirm: 'Rendre obligatoire',
  saved: 'La politique de sécurité de l’entreprise est enregistrée.',
} as const;

/** DELETE /api/admin/conseillers/{agentId}/totp: the back office resets an agent's authenticator app. */
export const agentFactorParamSchema = lazySchema(() => z.object({ agentId: idSchema('Le conseiller') }));
