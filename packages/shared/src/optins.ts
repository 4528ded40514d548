import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/**
 * Contact choices (spec §7 "opt-ins"): commercial offers ("marketing") and news about the
 * service ("actualités"), each by e-mail and by SMS. A user has their own; a billing account has
 * its own too, set by its manager, for the mails and SMS sent to the company's contact.
 */
export const OPTIN_FIELDS = ['emailMarketing', 'smsMarketing', 'emailActualites', 'smsActualites'] as const;
export type OptinField = (typeof OPTIN_FIELDS)[number];

const choice = lazySchema(() => z.boolean('Chaque choix doit valoir true ou false.'));

/** `PUT /api/contacts/optins` and `PUT /api/contacts/{id_client_bscs}/optins`: every choice, each time. */
export const optinChoicesSchema = lazySchema(() =>
  z.object({
    emailMarketing: choice.describe('Offres commerciales par e-mail'),
    smsMarketing: choice.describe('Offres commerciales par SMS'),
    emailActualites: choice.describe('Actualités du service (nouveautés, évolutions de l’espace client) par e-mail'),
    smsActualites: choice.describe('Actualités du service par SMS'),
  }),
);
export type OptinChoices = z.infer<typeof optinChoicesSchema>;

/** The answer of the reads and the writes: the choices and when they were last saved. */
export const optinsSchema = lazySchema(() =>
  optinChoicesSchema.extend({
    /** ISO date-time of the last save; null when nothing was ever chosen (every choice false). */
    dateMiseAJour: z.string().nullable(),
  }),
);
export type Optins = z.infer<typeof optinsSchema>;

/** What nobody has chosen yet: no consent is ever assumed. */
export const NO_OPTINS: OptinChoices = { emailMarketing: false, smsMarketing: false, emailActualites: false, smsActualites: false };
