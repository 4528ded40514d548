import { isRobustPassword, NEW_CODE_LENGTH } from '@ecare/shared/password';
import { z } from 'zod';
import type { ApiErrorFields } from '../../../components/ui/form/api-error-to-form.ts';
import type { FieldMessages } from '../../../components/ui/form/use-zod-form.ts';

/**
 * Forms of the strength widget, built on the rules of @ecare/shared/password. A link's code
 * creation needs a new code meeting every rule (spec §5).
 */
export const createCodeFormSchema = z.object({ newCode: z.string().refine(isRobustPassword) });

/** The signed-in user's change also asks for the current code: 8 to 20 characters (spec §5). */
export const changeCodeFormSchema = createCodeFormSchema.extend({
  oldCode: z.string().min(NEW_CODE_LENGTH.min).max(NEW_CODE_LENGTH.max),
});

export type ChangeCodeFormValues = z.input<typeof changeCodeFormSchema>;

export const CODE_FORM_MESSAGES: FieldMessages<ChangeCodeFormValues> = {
  oldCode: {
    required: 'Veuillez saisir votre code confidentiel actuel.',
    invalid: `Votre code confidentiel actuel compte de ${NEW_CODE_LENGTH.min} à ${NEW_CODE_LENGTH.max} caractères.`,
  },
  newCode: { invalid: 'Toutes les exigences requises ne sont pas remplies' },
};

/** Said instead of cutting a pasted code at the maximum length. */
export function tooLongMessage(code: string): string | null {
  const length = [...code].length;
  return length > NEW_CODE_LENGTH.max
    ? `Le code saisi compte ${length} caractères\u00a0: ${NEW_CODE_LENGTH.max} au maximum. Raccourcissez-le.`
    : null;
}

/** Refusals of a new code that are about one field: their message goes under it. */
export const NEW_CODE_ERROR_FIELDS: ApiErrorFields<{ newCode: string }> = {
  PASSWORD_RULES: 'newCode',
  PASSWORD_FORBIDDEN_CHARACTERS: 'newCode',
  PASSWORD_COMMON: 'newCode',
  PASSWORD_SAME: 'newCode',
};

export const CHANGE_CODE_ERROR_FIELDS: ApiErrorFields<ChangeCodeFormValues> = {
  ...NEW_CODE_ERROR_FIELDS,
  OLD_PASSWORD: 'oldCode',
};
