import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/*
 * The security page's recent activity, the regeneration of recovery codes and the customer
 * service's reset of a user's second factors (decision 058).
 */

/** GET /api/securite/activite: at most this many events, of at most this many days. */
export const SECURITY_ACTIVITY_MAX = 30;
export const SECURITY_ACTIVITY_DAYS = 90;

/** How a sign-in was proved, as the `CONNEXION` audit entry records it. */
export const SIGN_IN_METHODS = ['code', 'totp', 'secours', 'passkey'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export const SIGN_IN_LABELS: Record<SignInMethod, string> = {
  code: 'Connexion',
  totp: 'Connexion avec l’application d’authentification',
  secours: 'Connexion avec un code de secours',
  passkey: 'Connexion avec une clé d’accès',
};

/**
 * The audited actions the activity lists, with their French label (audit entries of other
 * actions are not security events). A module that audits a new security action (a passkey
 * added, the company's policy changed) adds it here; auditActionLabel reads them after
 * AUDIT_ACTION_LABELS.
 */
export const SECURITY_AUDIT_LABELS = {
  CONNEXION: 'Connexion',
  CONNEXION_CODE_SECOURS: 'Code de secours utilisé',
  INSCRIPTION_TOTP: 'Application d’authentification ajoutée',
  SUPPRESSION_TOTP: 'Application d’authentification retirée',
  AJOUT_PASSKEY: 'Clé d’accès ajoutée',
  SUPPRESSION_PASSKEY: 'Clé d’accès retirée',
  REGENERATION_CODES_SECOURS: 'Nouveaux codes de secours générés',
  FIN_SESSION: 'Session terminée',
  FIN_AUTRES_SESSIONS: 'Fin des autres sessions',
  REINITIALISATION_MFA: 'Vérification en deux étapes réinitialisée',
  CHANGEMENT_CODE: 'Code confidentiel changé',
  CODE_DEPUIS_LIEN: 'Code confidentiel créé depuis un lien e-mail',
  CHANGEMENT_EMAIL: 'Adresse e-mail de connexion changée',
  ANNULATION_CHANGEMENT_EMAIL: 'Changement d’adresse e-mail de connexion annulé',
} as const satisfies Record<string, string>;
export const SECURITY_ACTIVITY_ACTIONS = /* @__PURE__ */ Object.keys(SECURITY_AUDIT_LABELS) as (keyof typeof SECURITY_AUDIT_LABELS)[];

/** Added to the label of what an agent did in the user's name. */
export const BY_CUSTOMER_SERVICE = 'par le service client';

export const securityActivityEntrySchema = lazySchema(() =>
  z.object({
    date: z.iso.datetime({ offset: true }).describe('Date et heure de l’événement'),
    evenement: z.string().describe('Ce qui s’est passé (« Connexion », « Application d’authentification ajoutée par le service client »)'),
    appareil: z.string().nullable().describe('L’appareil d’une connexion (« iPhone sous iOS 17 ») ; null pour un autre événement'),
    navigateur: z.string().nullable().describe('Le navigateur d’une connexion (« Safari 17 ») ; null pour un autre événement'),
    lieu: z
      .string()
      .nullable()
      .describe('Lieu approché : le réseau de l’adresse (« Réseau 203.0.113.0/24 »), jamais l’adresse ; null pour une action du service client'),
  }),
);
export type SecurityActivityEntry = z.infer<typeof securityActivityEntrySchema>;

/** GET /api/securite/activite: newest first. */
export const securityActivitySchema = lazySchema(() => z.array(securityActivityEntrySchema));

/** The reason an agent gives for resetting a user's second factors. */
export const MFA_RESET_MOTIF = { min: 3, max: 500 } as const;

export const MFA_RESET_TEXTS = {
  motifLength: `Indiquez le motif de la réinitialisation, de ${MFA_RESET_MOTIF.min} à ${MFA_RESET_MOTIF.max} caractères.`,
  motifControl: 'Le motif ne peut pas contenir de caractères de contrôle.',
} as const;

/** C0 and C1 control characters (line breaks included: the motif is one line), and the line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- what the motif refuses
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** POST /api/clients/{idClientBscs}/utilisateurs/{idUtilisateur}/reinitialisation-mfa. */
export const mfaResetRequestSchema = lazySchema(() =>
  z.object({
    motif: z
      .string()
      .trim()
      .min(MFA_RESET_MOTIF.min, MFA_RESET_TEXTS.motifLength)
      .max(MFA_RESET_MOTIF.max, MFA_RESET_TEXTS.motifLength)
      .refine((motif) => !CONTROL.test(motif), MFA_RESET_TEXTS.motifControl),
  }),
);
export type MfaResetRequest = z.infer<typeof mfaResetRequestSchema>;

export const mfaResetParamsSchema = lazySchema(() =>
  z.object({
    idClientBscs: z.coerce.number().int().positive().max(2_147_483_647),
    idUtilisateur: z.coerce.number().int().positive().max(2_147_483_647),
  }),
);
