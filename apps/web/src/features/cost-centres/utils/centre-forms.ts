import { COST_CENTRES_ERRORS } from '@ecare/shared/cost-centres-errors';
import { costCentreBodySchema, LINE_LABEL_LENGTH_MAX, LINE_LABELS_MAX, normalizeLabels } from '@ecare/shared/cost-centres';
import { lazySchema } from '@ecare/shared/lazy-schema';
import { z } from 'zod';

/** The labels typed in one field, separated by commas: split, then the shared rule (normalizeLabels). */
export function labelsFromText(text: string) {
  const parts = text.split(/[,;]/).filter((part) => part.trim() !== '');
  return normalizeLabels(parts);
}

/** The line page's form: its centre ('' for none) and its labels as one text. */
export const lineAllocationFormSchema = lazySchema(() =>
  z.object({
  idCentre: z.string().regex(/^\d*$/),
  etiquettes: z
    .string()
    .max(LINE_LABELS_MAX * (LINE_LABEL_LENGTH_MAX + 2) + 50, COST_CENTRES_ERRORS.LINE_LABELS_TOO_MANY.message)
    .transform((text, context) => {
      const result = labelsFromText(text);
      if (result.ok) return result.etiquettes;
      context.addIssue({ code: 'custom', message: COST_CENTRES_ERRORS[result.code].message });
      return z.NEVER;
    }),
  }),
);
export type LineAllocationFormInput = z.input<typeof lineAllocationFormSchema>;

/** The tree page's form of a centre: the shared body, the parent as a select gives it ('' for the top). */
export const centreFormSchema = lazySchema(() => costCentreBodySchema.omit({ idParent: true }).extend({ idParent: z.string().regex(/^\d*$/) }));
export type CentreFormInput = z.input<typeof centreFormSchema>;
