import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { lineCentreSchema, LINE_LABEL_LENGTH_MAX } from './cost-centres.ts';
import { idSchema } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';
import { lineBarringsSchema } from './line-barrings.ts';

export const LINE_STATUSES = ['ACTIF', 'SUSPENDU', 'RESILIE', 'EN_COURS'] as const;
export const lineStatusSchema = lazySchema(() => z.enum(LINE_STATUSES));
export type LineStatus = z.infer<typeof lineStatusSchema>;

/** Product range of a contract: 1 mobile, 2 fixed internet (ADSL/fibre). */
export const GAMMES = { mobile: 1, internet: 2 } as const;

/** Line (contract), spec §3, plus the plan it is on. */
export const lineSchema = lazySchema(() =>
  z.object({
    idContrat: z.number().int(),
    codeStatut: lineStatusSchema,
    id_Gamme: z.number().int(),
    numeroLigne: z.string(),
    id_offre_engagement: z.number().int(),
    libelleOffre: z.string(),
    /** The line's cost centre (decision 048); null when it has none. */
    centre: lineCentreSchema.nullable(),
    etiquettes: z.array(z.string()),
  }),
);
export type Line = z.infer<typeof lineSchema>;


export const LINE_SORT_FIELDS = ['numeroLigne', 'libelleOffre', 'codeStatut', 'centre'] as const;
export const LINE_PAGE_SIZE_MAX = 100;
/** Plans one list or export may be filtered on at once. */
export const LINE_PLAN_FILTER_MAX = 50;
/** Contracts an export of a selection may name. */
export const LINE_EXPORT_IDS_MAX = 1_000;

/** How the fleet list names a line status to people (export, filters). */
export const LINE_STATUS_LABELS: Record<LineStatus, string> = {
  ACTIF: 'Active',
  SUSPENDU: 'Suspendue',
  RESILIE: 'Résiliée',
  EN_COURS: 'En cours d’activation',
};

/**
 * A comma-separated list in one query parameter (`statut=ACTIF,SUSPENDU`), each item checked by
 * `item`; empty items are dropped, so an empty parameter filters nothing.
 */
function commaList<Item extends z.ZodType<unknown, string>>(item: Item, { maxItems, maxLength, tooMany }: { maxItems: number; maxLength: number; tooMany: string }) {
  return z
    .string()
    .max(maxLength, tooMany)
    .transform((text) => text.split(',').map((part) => part.trim()).filter((part) => part !== ''))
    .pipe(z.array(item).max(maxItems, tooMany));
}

const positiveId = (message: string) => z.coerce.number<string>(message).int(message).positive(message).max(2_147_483_647, message);

/**
 * The filters of the fleet list, shared by the list and its export: a search (a number typed in
 * any usual way, a line user's first or last name, a plan name), statuses and plans.
 */
const lineFilterFields = {
  recherche: z
    .string()
    .trim()
    .max(50)
    .optional()
    .describe(
      'Un numéro de ligne, entier ou en partie et sous toute forme (06…, +33 6…, avec espaces ou points), le prénom ou le nom de l’utilisateur de la ligne (accents et casse indifférents) ou le nom du forfait',
    ),
  statut: commaList(z.enum(LINE_STATUSES, `Statut de ligne inconnu : les statuts possibles sont ${LINE_STATUSES.join(', ')}.`), {
    maxItems: LINE_STATUSES.length,
    maxLength: 100,
    tooMany: 'La liste des statuts est trop longue.',
  })
    .optional()
    .describe(`Statuts de ligne, séparés par des virgules (${LINE_STATUSES.join(', ')}) : les lignes ayant l’un d’eux.`),
  idOffreEngagement: commaList(positiveId('Le forfait doit être désigné par son identifiant numérique.'), {
    maxItems: LINE_PLAN_FILTER_MAX,
    maxLength: 600,
    tooMany: `Au plus ${LINE_PLAN_FILTER_MAX} forfaits peuvent être choisis à la fois.`,
  })
    .optional()
    .describe('Identifiants de forfait (idOffreEngagement), séparés par des virgules : les lignes sur l’un d’eux.'),
  idCentre: z
    .union([z.literal('aucun'), idSchema('Le centre de coût')], 'Le centre de coût doit être désigné par son identifiant numérique, ou « aucun ».')
    .optional()
    .describe('Un centre de coût du compte : les lignes de ce centre et de ses sous-centres ; « aucun » : les lignes sans centre'),
  etiquette: z
    .string()
    .trim()
    .max(LINE_LABEL_LENGTH_MAX, `Une étiquette compte au plus ${LINE_LABEL_LENGTH_MAX} caractères.`)
    .optional()
    .describe('Une étiquette : les lignes qui la portent (casse indifférente)'),
};

const lineSortFields = {
  tri: z.enum(LINE_SORT_FIELDS).default('numeroLigne'),
  ordre: z.enum(['asc', 'desc']).default('asc'),
};

/** `GET /api/contrats_pagination/{id_client_bscs}`: a page past the last one answers the last one. */
export const linePageQuerySchema = lazySchema(() =>
  z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    taille: z.coerce.number().int().min(1).max(LINE_PAGE_SIZE_MAX).default(20),
    ...lineSortFields,
    ...lineFilterFields,
  }),
);
export type LinePageQuery = z.infer<typeof linePageQuerySchema>;
/** What selects the lines of a list or an export, whatever the page. */
export type LineFilters = Pick<LinePageQuery, 'recherche' | 'statut' | 'idOffreEngagement' | 'idCentre' | 'etiquette'> & { ids?: number[] };
export type LineSort = Pick<LinePageQuery, 'tri' | 'ordre'>;

export const LINE_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type LineExportFormat = (typeof LINE_EXPORT_FORMATS)[number];

/** `GET /api/contrats_pagination/{id_client_bscs}/export`: the list's filters and order, every page. */
export const lineExportQuerySchema = lazySchema(() =>
  z.object({
    format: z
      .enum(LINE_EXPORT_FORMATS, 'Le format d’export doit être csv ou xlsx.')
      .default('csv')
      .describe('csv (séparateur point-virgule, UTF-8 avec BOM) ou xlsx (classeur Excel)'),
    ...lineSortFields,
    ...lineFilterFields,
    ids: commaList(positiveId('Les lignes sélectionnées doivent être désignées par leurs identifiants de contrat.'), {
      maxItems: LINE_EXPORT_IDS_MAX,
      maxLength: 12 * LINE_EXPORT_IDS_MAX,
      tooMany: `Au plus ${LINE_EXPORT_IDS_MAX} lignes sélectionnées peuvent être exportées à la fois.`,
    })
      .optional()
      .describe(
        `Identifiants de contrat (idContrat) des lignes sélectionnées, séparés par des virgules (${LINE_EXPORT_IDS_MAX} au plus) : l’export se limite à celles-ci, qui doivent toutes être du compte.`,
      ),
  }),
);
export type LineExportQuery = z.infer<typeof lineExportQuerySchema>;

/**
 * The digits of a line number as the portal stores them (national form, `0612345678`) from the
 * way people type one, whole or in part: `06 12…`, `06.12…`, `06-12…`, `+33 6 12…`,
 * `+33 (0)6…`, `0033 6…`. Null when the text is not a number.
 */
export function nationalLineDigits(text: string): string | null {
  const compact = text.replace(/\(0\)/g, '').replace(/[\s.()/-]/g, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  const whole = parsePhoneNumberFromString(compact, 'FR');
  if (whole?.country === 'FR' && whole.isValid()) return `0${whole.nationalNumber}`;
  const international = /^(?:\+|00)33(\d*)$/.exec(compact);
  if (international) return `0${(international[1] ?? '').replace(/^0/, '')}`;
  return compact.replace(/^\+/, '');
}

export const linePageSchema = lazySchema(() =>
  z.object({
    contrats: z.array(lineSchema),
    total: z.number().int(),
    page: z.number().int(),
    taille: z.number().int(),
  }),
);
export type LinePage = z.infer<typeof linePageSchema>;

export const idContratParamSchema = lazySchema(() =>
  z.object({
    id_contrat: z.coerce.number().int().positive().max(2_147_483_647),
  }),
);

// ---------------------------------------------------------------------------------------------
// Line page (issue 8): detail, PUK, SIM check and activation, RIO, loss or theft.

const contractId = lazySchema(() => z.coerce.number().int().positive().max(2_147_483_647));
const accountId = lazySchema(() => z.coerce.number().int().positive().max(2_147_483_647));

export const SIM_KINDS = ['SIM', 'ESIM'] as const;
export const simKindSchema = lazySchema(() => z.enum(SIM_KINDS));
export type SimKind = z.infer<typeof simKindSchema>;

/** Directory listing of a line: unlisted (rouge), listed but not for marketing (orange), listed. */
export const DIRECTORY_LISTINGS = ['LISTE_ROUGE', 'LISTE_ORANGE', 'PARUTION'] as const;
export const directoryListingSchema = lazySchema(() => z.enum(DIRECTORY_LISTINGS));
export type DirectoryListing = z.infer<typeof directoryListingSchema>;

/**
 * What the caller may do on a line; the page shows only these. UTILISATEUR names the line's
 * user (names, e-mail, directory listing), ANNUAIRE changes the directory listing alone,
 * BARRAGE bars or allows roaming and international calls (decision 053).
 */
export const LINE_ACTIONS = ['PUK', 'RIO', 'ACTIVATION_SIM', 'PERTE_OU_VOL', 'RETABLISSEMENT', 'UTILISATEUR', 'ANNUAIRE', 'BARRAGE'] as const;
export const lineActionSchema = lazySchema(() => z.enum(LINE_ACTIONS));
export type LineAction = z.infer<typeof lineActionSchema>;

export const lineUserSchema = lazySchema(() =>
  z.object({
    prenom: z.string(),
    nom: z.string(),
    email: z.string().nullable(),
    inscriptionAnnuaire: directoryListingSchema,
  }),
);
export type LineUser = z.infer<typeof lineUserSchema>;

/** `GET /api/ligne/{id_contrat}`: the line page. */
export const lineDetailSchema = lazySchema(() =>
  lineSchema.extend({
    idClientBscs: z.number().int(),
    /** Monthly price of the plan in euros, excluding and including VAT. */
    prixMensuelHT: z.number(),
    prixMensuelTTC: z.number(),
    /** Options subscribed on the line, by label. */
    options: z.array(z.string()),
    /** ISO date-time. */
    dateActivation: z.string(),
    /** End of the commitment period, ISO date (YYYY-MM-DD); null without commitment. */
    dateFinEngagement: z.string().nullable(),
    /** The person using the line; null when none is named. */
    utilisateur: lineUserSchema.nullable(),
    typeSim: simKindSchema,
    /** Last 4 digits of the SIM card's ICCID; null when no card is known. */
    iccidFin: z.string().nullable(),
    /** Roaming and international calls, barred or not (decision 053). */
    barrages: lineBarringsSchema,
    actions: z.array(lineActionSchema),
  }),
);
export type LineDetail = z.infer<typeof lineDetailSchema>;

export const idContratCamelParamSchema = lazySchema(() => z.object({ idContrat: contractId }));

const eightDigits = lazySchema(() => z.string().regex(/^\d{8}$/));
/** `GET /api/clients/contrats/{idContrat}/puk`. */
export const pukSchema = lazySchema(() => z.object({ puk: eightDigits, puk2: eightDigits }));
export type Puk = z.infer<typeof pukSchema>;

/** `POST /api/sim/verifier` (spec §3 "SIM check": Id, NumeroSim). `Id` is the contract. */
export const simCheckRequestSchema = lazySchema(() =>
  z.object({
    Id: z.number().int().positive().max(2_147_483_647),
    NumeroSim: z.string().max(40, 'Le numéro de carte SIM est trop long.'),
  }),
);
export const simCheckResponseSchema = lazySchema(() => z.object({ valide: z.boolean(), message: z.string() }));
export type SimCheckResponse = z.infer<typeof simCheckResponseSchema>;

/** `POST /api/contrats/{idContrat}/{numeroLigne}/ActivationSim`. */
export const simActivationParamsSchema = lazySchema(() =>
  z.object({
    idContrat: contractId,
    numeroLigne: z.string().max(20),
  }),
);
export const simActivationBodySchema = lazySchema(() =>
  z.object({
    numeroSim: z.string().max(40, 'Le numéro de carte SIM est trop long.'),
  }),
);

/** `GET /api/contrat/rio?idContrat=…`. */
export const rioQuerySchema = lazySchema(() => z.object({ idContrat: contractId }));
export const rioResponseSchema = lazySchema(() =>
  z.object({
    /** 12 characters, `OO Q RRRRRR CCC` without the spaces. */
    rio: z.string().regex(/^[0-9A-Z+]{12}$/),
    numeroLigne: z.string(),
  }),
);
export type RioResponse = z.infer<typeof rioResponseSchema>;

export const LOSS_THEFT_REASONS = ['PERTE', 'VOL'] as const;
export const lossTheftParamsSchema = lazySchema(() => z.object({ idContrat: contractId, idClientBscs: accountId }));
/** `POST /api/perte-ou-vol/{idContrat}/{idClientBscs}`. */
export const lossTheftBodySchema = lazySchema(() =>
  z.object({
    motif: z.enum(LOSS_THEFT_REASONS, 'Le motif doit être PERTE ou VOL.'),
    /** ISO date (YYYY-MM-DD) of the loss or theft; not in the future. */
    dateEvenement: z.iso.date('La date de l’événement doit être une date au format AAAA-MM-JJ.'),
    commentaire: z.string().trim().max(500, 'Le commentaire ne peut dépasser 500 caractères.').optional(),
  }),
);
export type LossTheftDeclaration = z.infer<typeof lossTheftBodySchema>;

// ---------------------------------------------------------------------------------------------
// Line users: who uses each line, as named by the account's manager, and the directory listing.

/** Lines whose users one call may read: one page of the fleet list at its largest. */
export const LINE_USER_IDS_MAX = LINE_PAGE_SIZE_MAX;
/**
 * Longest `{ids}` path segment: LINE_USER_IDS_MAX contract ids of up to 10 digits and the commas
 * between them. The router refuses a longer path parameter (414) before any schema runs.
 */
export const LINE_USER_IDS_PARAM_LENGTH = LINE_USER_IDS_MAX * 11 - 1;
/** Longest first or last name of a line user. */
export const LINE_USER_NAME_MAX = 50;

const idsListMessage = 'Les lignes doivent être désignées par leurs identifiants de contrat (nombres entiers positifs), séparés par des virgules.';
const idsTooManyMessage = `Au plus ${LINE_USER_IDS_MAX} lignes peuvent être demandées à la fois.`;

/** `GET /api/lignes/{ids}/utilisateurs`: 1 to 100 distinct contract ids, comma-separated, nothing else. */
export const lineUserIdsParamSchema = lazySchema(() =>
  z.object({
    ids: z
      .string()
      .max(LINE_USER_IDS_PARAM_LENGTH, idsTooManyMessage)
      .regex(/^\d{1,10}(?:,\d{1,10})*$/, idsListMessage)
      .transform((text) => text.split(',').map(Number))
      .pipe(
        z
          .array(z.number().int().positive(idsListMessage).max(2_147_483_647, idsListMessage))
          .max(LINE_USER_IDS_MAX, idsTooManyMessage)
          .refine((ids) => new Set(ids).size === ids.length, 'Chaque ligne ne peut être demandée qu’une fois.'),
      )
      .describe(`Identifiants de contrat (idContrat) séparés par des virgules, ${LINE_USER_IDS_MAX} au plus, chacun une seule fois`),
  }),
);

/** The user of one line; first and last name are null when the manager has named nobody. */
export const lineUserEntrySchema = lazySchema(() =>
  z.object({
    idContrat: z.number().int(),
    prenom: z.string().nullable(),
    nom: z.string().nullable(),
    email: z.string().nullable(),
    inscriptionAnnuaire: directoryListingSchema,
  }),
);
export type LineUserEntry = z.infer<typeof lineUserEntrySchema>;
export const lineUserListSchema = lazySchema(() => z.array(lineUserEntrySchema));

/** Letters (any alphabet, accents), then letters, spaces, apostrophes, dots or hyphens. */
const PERSON_NAME = /^\p{L}[\p{L}\p{M} '’.-]*$/u;

const personName = (what: 'prénom' | 'nom') =>
  z
    .string(`Veuillez indiquer le ${what} de l’utilisateur.`)
    .trim()
    .min(1, `Veuillez indiquer le ${what} de l’utilisateur.`)
    .max(LINE_USER_NAME_MAX, `Le ${what} ne peut dépasser ${LINE_USER_NAME_MAX} caractères.`)
    // A refinement rather than a pattern: the rule needs Unicode letter classes.
    .refine(
      (text) => PERSON_NAME.test(text),
      `Le ${what} doit commencer par une lettre et ne contenir que des lettres, des espaces, des apostrophes, des points ou des traits d’union.`,
    );

const directoryListingChoice = lazySchema(() =>
  z.enum(DIRECTORY_LISTINGS, 'L’inscription à l’annuaire doit être LISTE_ROUGE, LISTE_ORANGE ou PARUTION.'),
);

/** `POST /api/lignes/{idContrat}/utilisateur`: names the line's user (the account's manager only). */
export const lineUserBodySchema = lazySchema(() =>
  z.object({
    prenom: personName('prénom'),
    nom: personName('nom'),
    email: z
      .string('L’adresse e-mail de l’utilisateur est invalide.')
      .trim()
      .max(254, 'L’adresse e-mail ne peut dépasser 254 caractères.')
      .pipe(z.union([z.literal(''), z.email('L’adresse e-mail de l’utilisateur est invalide.')]))
      .optional()
      .describe('Adresse e-mail de l’utilisateur ; absente ou vide, la ligne n’en a plus'),
    inscriptionAnnuaire: directoryListingChoice
      .optional()
      .describe('LISTE_ROUGE (numéro non publié), LISTE_ORANGE (publié, sans prospection commerciale) ou PARUTION ; absente, inchangée'),
  }),
);
export type LineUserUpdate = z.output<typeof lineUserBodySchema>;

/** `POST /api/lignes/{idContrat}/annuaire`: the directory listing alone (the manager, or the line's own user). */
export const directoryListingBodySchema = lazySchema(() => z.object({ inscriptionAnnuaire: directoryListingChoice }));
