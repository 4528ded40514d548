import { z } from 'zod';
import { MAX_ID } from './constants.ts';
import { lazySchema } from './lazy-schema.ts';
import { wellFormed, themeId, orderOf } from './admin-fields.ts';

/** The back office's contact themes and sub-themes (decision 030), as the contact form offers them. */

export const ADMIN_CONTACT_LABEL_MAX_LENGTH = 100;

const subThemeIdMessage = 'Le sous-thème doit être désigné par son identifiant numérique.';
const subThemeId = lazySchema(() =>
  z.number(subThemeIdMessage).int(subThemeIdMessage).positive(subThemeIdMessage).max(MAX_ID, subThemeIdMessage),
);

export const adminContactSubThemeParamSchema = lazySchema(() =>
  z.object({
    idSousTheme: z.coerce.number<string>(subThemeIdMessage).int(subThemeIdMessage).positive(subThemeIdMessage).max(MAX_ID, subThemeIdMessage),
  }),
);

export const adminContactSubThemeSchema = lazySchema(() =>
  z.object({
    idSousTheme: z.number().int(),
    idTheme: z.number().int(),
    libelle: z.string(),
    ordre: z.number().int(),
  }),
);
export type AdminContactSubTheme = z.infer<typeof adminContactSubThemeSchema>;

/** A contact theme with its sub-themes, each level in its order. */
export const adminContactThemeSchema = lazySchema(() =>
  z.object({
    idTheme: z.number().int(),
    libelle: z.string(),
    ordre: z.number().int(),
    sousThemes: z.array(adminContactSubThemeSchema),
  }),
);
export type AdminContactTheme = z.infer<typeof adminContactThemeSchema>;
export const adminContactThemeListSchema = lazySchema(() => z.array(adminContactThemeSchema));

/** Creating or renaming a contact theme or sub-theme. */
export const adminContactLabelBodySchema = lazySchema(() =>
  z.strictObject({
    libelle: wellFormed(
      z
        .string('Le libellé doit être un texte.')
        .trim()
        .min(1, 'Veuillez saisir le libellé.')
        .max(ADMIN_CONTACT_LABEL_MAX_LENGTH, `Le libellé ne peut dépasser ${ADMIN_CONTACT_LABEL_MAX_LENGTH} caractères.`),
    ),
  }),
);
export type AdminContactLabelBody = z.infer<typeof adminContactLabelBodySchema>;

/** `PUT /api/admin/contact/themes/ordre`: every contact theme, in the new order. */
export const adminContactThemeOrderBodySchema = lazySchema(() =>
  z.strictObject({ idThemes: orderOf(themeId, 'L’ordre des thèmes') }),
);
/** `PUT /api/admin/contact/themes/{idTheme}/sous-themes/ordre`: every sub-theme of the theme, in the new order. */
export const adminContactSubThemeOrderBodySchema = lazySchema(() =>
  z.strictObject({ idSousThemes: orderOf(subThemeId, 'L’ordre des sous-thèmes') }),
);
