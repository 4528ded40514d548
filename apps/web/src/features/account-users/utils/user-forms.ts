import { ACCOUNT_USER_ERRORS } from '@ecare/shared/account-users-errors';
import {
  accountUserRoleSchema,
  personFirstNameSchema,
  personLastNameSchema,
  type AccountUserRole,
  type FreeLine,
} from '@ecare/shared/account-users';
import { emailSchema } from '@ecare/shared/auth';
import { formatPhone } from '@ecare/shared/phone';
import { z } from 'zod';
import type { ComboBoxOption } from '../../../components/ui/form/combo-box-field.tsx';
import type { RadioOption } from '../../../components/ui/form/radio-group-field.tsx';
import type { FieldMessages } from '../../../components/ui/form/use-zod-form.ts';

/** A line user needs a line: the combo box holds its idContrat as text, or null. */
const needsLine = {
  path: ['idContrat'],
  message: ACCOUNT_USER_ERRORS.USER_LINE_REQUIRED.message,
  // Checked along with the other fields, not only once they are all valid.
  when: ({ value }: { value: unknown }) => typeof value === 'object' && value !== null,
};
const lineGiven = (values: { role: AccountUserRole; idContrat: string | null }) => values.role !== 'utilisateur' || (values.idContrat ?? '') !== '';

/** The invitation, as the API checks it; the line is asked for only for a line user. */
export const inviteFormSchema = z
  .object({
    prenom: personFirstNameSchema,
    nom: personLastNameSchema,
    email: emailSchema,
    role: accountUserRoleSchema,
    idContrat: z.string().nullable(),
  })
  .refine(lineGiven, needsLine);
export type InviteFormValues = z.input<typeof inviteFormSchema>;

export const INVITE_MESSAGES: FieldMessages<InviteFormValues> = {
  email: {
    required: 'Veuillez indiquer l’adresse e-mail.',
    invalid: 'Veuillez indiquer une adresse e-mail valide, par exemple prenom.nom@entreprise.fr.',
  },
};

/**
 * A new role; `needsLine` when the person would become a line user without a line of the
 * account (a manager has none), so the form asks for one.
 */
export function roleFormSchema(needsLineChoice: boolean) {
  return z
    .object({ role: accountUserRoleSchema, idContrat: z.string().nullable() })
    .refine((values) => !needsLineChoice || lineGiven(values), needsLine);
}
export type RoleFormValues = z.input<ReturnType<typeof roleFormSchema>>;

/** What each role may do, said where it is chosen. */
export const ROLE_OPTIONS: RadioOption[] = [
  {
    value: 'utilisateur',
    label: 'Utilisateur',
    description: 'Suit sa propre ligne mobile : forfait, options, consommation, codes PUK et RIO.',
  },
  {
    value: 'gestionnaire',
    label: 'Gestionnaire',
    description: 'Gère tout le compte de facturation : lignes, factures, utilisateurs et préférences de contact.',
  },
];

/** The combo box's choices: “06 12 34 56 78 – Forfait Pro 100 Go”, “… – utilisée par Émilie Moreau” when the line names its user. */
export function lineOptions(lines: readonly FreeLine[]): ComboBoxOption[] {
  return lines.map((line) => ({
    id: String(line.idContrat),
    label: `${formatPhone(line.numeroLigne)} – ${line.libelleOffre}${line.utilisateur ? ` – utilisée par ${line.utilisateur}` : ''}`,
  }));
}

/** The idContrat the combo box holds, for the API. */
export function chosenLine(idContrat: string | null): number | undefined {
  return idContrat ? Number(idContrat) : undefined;
}

export const fullName = (person: { prenom: string; nom: string }) => `${person.prenom} ${person.nom}`.trim();
