import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { emailSchema } from './auth.ts';
import { API_ERRORS } from './error-catalogue.ts';

/**
 * A login e-mail change. The code is re-entered: `ancienPassword` is its client-side hash salted
 * with the current address (checked), `Password` the same code salted with the new address
 * (stored when the change is confirmed).
 */
export const emailChangeRequestSchema = lazySchema(() =>
  z.object({
    nouvelEmail: emailSchema,
    ancienPassword: z.string().min(1).max(200),
    Password: z.string().min(1).max(200),
  }),
);
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;

export const EMAIL_CHANGE_STATUSES = ['EN_ATTENTE', 'VALIDEE', 'ANNULEE', 'EXPIREE', 'INCONNUE'] as const;

/** GET /api/emailmanagement/{guid} and the answers of valider/annuler. */
export const emailManagementSchema = lazySchema(() =>
  z.object({
    type: z.enum(['confirmation', 'annulation']).nullable(),
    statut: z.enum(EMAIL_CHANGE_STATUSES),
    ancienEmail: z.string(),
    nouvelEmail: z.string(),
  }),
);
export type EmailManagement = z.infer<typeof emailManagementSchema>;

export const EMAIL_CHANGE_MESSAGES = {
  sameAddress: API_ERRORS.EMAIL_SAME.message,
  unavailable: API_ERRORS.EMAIL_UNAVAILABLE.message,
  requested:
    'Un e-mail de confirmation a été envoyé à votre nouvelle adresse. Votre identifiant changera dès que vous l’aurez confirmée.',
  invalidLink: 'Ce lien n’est plus valide.',
  wrongCode: API_ERRORS.WRONG_CODE.message,
} as const;
