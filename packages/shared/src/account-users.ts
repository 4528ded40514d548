import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { emailSchema } from './auth.ts';
import { MAX_ID } from './constants.ts';

/**
 * The people of a billing account who use the portal: its managers (gestionnaire: every page of
 * the account, this one included) and the users of its lines (utilisateur: their own line).
 */
export const ACCOUNT_USER_ROLES = ['gestionnaire', 'utilisateur'] as const;
export const accountUserRoleSchema = lazySchema(() =>
  z.enum(ACCOUNT_USER_ROLES, 'Le rôle doit être gestionnaire ou utilisateur.'),
);
export type AccountUserRole = z.infer<typeof accountUserRoleSchema>;

const accountIdMessage = 'Le compte de facturation doit être désigné par son identifiant numérique (idClientBscs).';
const contractIdMessage = 'La ligne doit être désignée par son identifiant de contrat numérique (idContrat).';
/** In a query string or a path: digits. */
const accountIdText = lazySchema(() =>
  z.coerce.number<string>(accountIdMessage).int(accountIdMessage).positive(accountIdMessage).max(MAX_ID, accountIdMessage),
);
/** In a JSON body: a number. */
const accountIdNumber = lazySchema(() =>
  z.number(accountIdMessage).int(accountIdMessage).positive(accountIdMessage).max(MAX_ID, accountIdMessage),
);
const contractIdNumber = lazySchema(() =>
  z.number(contractIdMessage).int(contractIdMessage).positive(contractIdMessage).max(MAX_ID, contractIdMessage),
);

export const ACCOUNT_USER_NAME_MAX = 50;
/** Letters (accented ones too), and the spaces, apostrophes, dots and hyphens of compound names. */
const PERSON_NAME = /^\p{L}[\p{L}\p{M} '’.-]*$/u;

function personName(what: 'prénom' | 'nom') {
  return z
    .string(`Le ${what} est obligatoire.`)
    .trim()
    .min(1, `Le ${what} est obligatoire.`)
    .max(ACCOUNT_USER_NAME_MAX, `Le ${what} ne peut dépasser ${ACCOUNT_USER_NAME_MAX} caractères.`)
    // A refinement rather than a pattern: the OpenAPI document's JSON Schema has no Unicode letter classes.
    .refine(
      (text) => PERSON_NAME.test(text),
      `Le ${what} doit commencer par une lettre et ne contenir que des lettres, des espaces, des apostrophes, des points ou des traits d’union.`,
    );
}
export const personFirstNameSchema = lazySchema(() => personName('prénom'));
export const personLastNameSchema = lazySchema(() => personName('nom'));

/** The line a line user uses, as the list shows it. */
export const accountUserLineSchema = lazySchema(() =>
  z.object({ idContrat: z.number().int(), numeroLigne: z.string() }),
);

/** One person of the account in `GET /api/utilisateurs`. */
export const accountUserSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    prenom: z.string(),
    nom: z.string(),
    email: z.string(),
    role: accountUserRoleSchema,
    /** The line of the account they are the user of (the first one, when several); null when none. */
    ligne: accountUserLineSchema.nullable(),
    /** Whether they have created their confidential code (false: invited, not yet connected). */
    accesActive: z.boolean(),
    /** Whether this is the caller. */
    estMoi: z.boolean(),
  }),
);
export type AccountUser = z.infer<typeof accountUserSchema>;

export const ACCOUNT_USERS_PAGE_SIZE_MAX = 100;

/** `GET /api/utilisateurs?idClientBscs=…&page=…&taille=…`: managers first, then by name. */
export const accountUsersQuerySchema = lazySchema(() =>
  z.object({
    idClientBscs: accountIdText,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    taille: z.coerce.number().int().min(1).max(ACCOUNT_USERS_PAGE_SIZE_MAX).default(50),
  }),
);
export type AccountUsersQuery = z.infer<typeof accountUsersQuerySchema>;

export const accountUserPageSchema = lazySchema(() =>
  z.object({
    utilisateurs: z.array(accountUserSchema),
    total: z.number().int(),
    page: z.number().int(),
    taille: z.number().int(),
    /** Managers of the account: the last one can be neither removed nor made a simple user. */
    nbGestionnaires: z.number().int(),
  }),
);
export type AccountUserPage = z.infer<typeof accountUserPageSchema>;

/**
 * `POST /api/utilisateurs`: invites a person to the account. A line user (`utilisateur`) needs
 * `idContrat`, a line of the account without a portal user; a manager may be given one too.
 */
export const inviteAccountUserSchema = lazySchema(() =>
  z.object({
    idClientBscs: accountIdNumber,
    email: emailSchema,
    prenom: personFirstNameSchema,
    nom: personLastNameSchema,
    role: accountUserRoleSchema,
    idContrat: contractIdNumber.optional(),
    /** The line already names a user (not a portal user): true confirms that this person replaces them (else 409 LINE_USER_REPLACEMENT). */
    remplacerUtilisateur: z.boolean('remplacerUtilisateur doit valoir true ou false.').optional(),
  }),
);
export type InviteAccountUser = z.infer<typeof inviteAccountUserSchema>;

/** `PUT /api/utilisateurs/{id}`: the role on the account; `idContrat` gives them that line too. */
export const changeAccountUserRoleSchema = lazySchema(() =>
  z.object({
    idClientBscs: accountIdNumber,
    role: accountUserRoleSchema,
    idContrat: contractIdNumber.optional(),
    /** As for an invitation: true confirms that they replace the user the line names. */
    remplacerUtilisateur: z.boolean('remplacerUtilisateur doit valoir true ou false.').optional(),
  }),
);
export type ChangeAccountUserRole = z.infer<typeof changeAccountUserRoleSchema>;

export const accountUserIdParamSchema = lazySchema(() =>
  z.object({
    id: z.coerce.number<string>().int().positive().max(MAX_ID),
  }),
);

/** `DELETE /api/utilisateurs/{id}?idClientBscs=…` and `GET /api/utilisateurs/lignes-disponibles?idClientBscs=…`. */
export const accountUserAccountQuerySchema = lazySchema(() => z.object({ idClientBscs: accountIdText }));

/** Lines a line user may be given: the account's lines that have no portal user yet. */
export const ACCOUNT_FREE_LINES_MAX = 1_000;
export const freeLineSchema = lazySchema(() =>
  z.object({
    idContrat: z.number().int(),
    numeroLigne: z.string(),
    libelleOffre: z.string(),
    /** The user the line names now ("Émilie Moreau"), who is not a portal user; null when none. */
    utilisateur: z.string().nullable(),
  }),
);
export type FreeLine = z.infer<typeof freeLineSchema>;
export const freeLinesSchema = lazySchema(() =>
  z.object({
    /** In number order, at most ACCOUNT_FREE_LINES_MAX. */
    lignes: z.array(freeLineSchema),
    /** Every free line of the account, listed or not. */
    total: z.number().int(),
  }),
);
export type FreeLines = z.infer<typeof freeLinesSchema>;

export const ACCOUNT_USER_ROLE_LABELS: Record<AccountUserRole, string> = {
  gestionnaire: 'Gestionnaire',
  utilisateur: 'Utilisateur',
};
