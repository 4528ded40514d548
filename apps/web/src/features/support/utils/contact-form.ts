import { SUPPORT_ERRORS } from '@ecare/shared/support-errors';
import { contactMessageSchema, contactSenderSchema } from '@ecare/shared/support';
import { z } from 'zod';
import type { FieldMessages } from '../../../components/ui/form/use-zod-form.ts';
import { fileSchema } from '../../../lib/attachment-file.ts';

/** Runs along with the other fields' checks, not only once they all pass. */
const always = { when: () => true };

const EMAIL_MESSAGES = {
  required: 'Veuillez indiquer votre adresse e-mail.',
  invalid: 'Veuillez indiquer une adresse e-mail valide, par exemple prenom.nom@entreprise.fr.',
};

/** The chosen file, checked as the server will check it (its first bytes, its size). */
const attachmentSchema = fileSchema({ required: false });

export interface ContactFormOptions {
  /** A visitor gives their name and e-mail address; a customer's are their session's, shown prefilled. */
  visitor: boolean;
}

/**
 * The contact form as the API checks it (the shared rules of the message and of the sender),
 * with the sub-theme and the attachment as this form holds them: the sub-theme's id as text,
 * the chosen File.
 */
export function contactFormSchema({ visitor }: ContactFormOptions) {
  const sender = contactSenderSchema.shape;
  return contactMessageSchema
    .omit({ captcha: true, idClientBscs: true, idSousTheme: true })
    .extend({
      // The combo box holds the chosen theme's id as text, or null: the shared rule says which.
      idTheme: z.string().nullable().pipe(contactMessageSchema.shape.idTheme),
      idSousTheme: z.string().nullable(),
      /** Whether the chosen theme offers sub-themes (then one must be chosen): kept by the form, not sent. */
      sousThemesProposes: z.boolean(),
      prenom: z.string(),
      nom: z.string(),
      email: z.string(),
      entreprise: z.string(),
      pieceJointe: attachmentSchema,
    })
    .superRefine((values, ctx) => {
      if (values.sousThemesProposes && (values.idSousTheme ?? '') === '') {
        ctx.addIssue({ code: 'custom', path: ['idSousTheme'], message: SUPPORT_ERRORS.CONTACT_SUB_THEME_REQUIRED.message });
      }
      if (!visitor) return;
      for (const name of ['prenom', 'nom', 'entreprise'] as const) {
        const result = sender[name].safeParse(values[name]);
        if (!result.success) ctx.addIssue({ code: 'custom', path: [name], message: result.error.issues[0]?.message ?? 'Valeur invalide.' });
      }
      if (!sender.email.safeParse(values.email).success) {
        ctx.addIssue({ code: 'custom', path: ['email'], message: values.email.trim() === '' ? EMAIL_MESSAGES.required : EMAIL_MESSAGES.invalid });
      }
    }, always);
}

export type ContactFormSchema = ReturnType<typeof contactFormSchema>;
export type ContactFormValues = z.input<ContactFormSchema>;
export type ContactFormOutput = z.output<ContactFormSchema>;

export const CONTACT_MESSAGES: FieldMessages<ContactFormValues> = {
  idTheme: { invalid: 'Veuillez choisir un thème.' },
  telephone: {
    invalid: 'Veuillez indiquer un numéro de téléphone valide, par exemple 06 12 34 56 78, ou laisser le champ vide.',
  },
};
