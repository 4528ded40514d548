import { z } from 'zod';

export const LINE_STATUSES = ['ACTIF', 'SUSPENDU', 'RESILIE', 'EN_COURS'] as const;
export const lineStatusSchema = z.enum(LINE_STATUSES);
export type LineStatus = z.infer<typeof lineStatusSchema>;

/** Product range of a contract: 1 mobile, 2 fixed internet (ADSL/fibre). */
export const GAMMES = { mobile: 1, internet: 2 } as const;

/** Line (contract), spec §3, plus the plan it is on. */
export const lineSchema = z.object({
  idContrat: z.number().int(),
  codeStatut: lineStatusSchema,
  id_Gamme: z.number().int(),
  numeroLigne: z.string(),
  id_offre_engagement: z.number().int(),
  libelleOffre: z.string(),
});
export type Line = z.infer<typeof lineSchema>;


export const LINE_SORT_FIELDS = ['numeroLigne', 'libelleOffre', 'codeStatut'] as const;
export const LINE_PAGE_SIZE_MAX = 100;

export const linePageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  taille: z.coerce.number().int().min(1).max(LINE_PAGE_SIZE_MAX).default(20),
  tri: z.enum(LINE_SORT_FIELDS).default('numeroLigne'),
  ordre: z.enum(['asc', 'desc']).default('asc'),
  recherche: z.string().trim().max(50).optional(),
});
export type LinePageQuery = z.infer<typeof linePageQuerySchema>;

export const linePageSchema = z.object({
  contrats: z.array(lineSchema),
  total: z.number().int(),
  page: z.number().int(),
  taille: z.number().int(),
});
export type LinePage = z.infer<typeof linePageSchema>;

export const idContratParamSchema = z.object({
  id_contrat: z.coerce.number().int().positive().max(2_147_483_647),
});

// ---------------------------------------------------------------------------------------------
// Line page (issue 8): detail, PUK, SIM check and activation, RIO, loss or theft.

const contractId = z.coerce.number().int().positive().max(2_147_483_647);
const accountId = z.coerce.number().int().positive().max(2_147_483_647);

export const SIM_KINDS = ['SIM', 'ESIM'] as const;
export const simKindSchema = z.enum(SIM_KINDS);
export type SimKind = z.infer<typeof simKindSchema>;

/** Directory listing of a line: unlisted (rouge), listed but not for marketing (orange), listed. */
export const DIRECTORY_LISTINGS = ['LISTE_ROUGE', 'LISTE_ORANGE', 'PARUTION'] as const;
export const directoryListingSchema = z.enum(DIRECTORY_LISTINGS);
export type DirectoryListing = z.infer<typeof directoryListingSchema>;

/** What the caller may do on a line; the page shows only these. */
export const LINE_ACTIONS = ['PUK', 'RIO', 'ACTIVATION_SIM', 'PERTE_OU_VOL', 'RETABLISSEMENT'] as const;
export const lineActionSchema = z.enum(LINE_ACTIONS);
export type LineAction = z.infer<typeof lineActionSchema>;

export const lineUserSchema = z.object({
  prenom: z.string(),
  nom: z.string(),
  email: z.string().nullable(),
  inscriptionAnnuaire: directoryListingSchema,
});
export type LineUser = z.infer<typeof lineUserSchema>;

/** `GET /api/ligne/{id_contrat}`: the line page. */
export const lineDetailSchema = lineSchema.extend({
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
  actions: z.array(lineActionSchema),
});
export type LineDetail = z.infer<typeof lineDetailSchema>;

export const idContratCamelParamSchema = z.object({ idContrat: contractId });

const eightDigits = z.string().regex(/^\d{8}$/);
/** `GET /api/clients/contrats/{idContrat}/puk`. */
export const pukSchema = z.object({ puk: eightDigits, puk2: eightDigits });
export type Puk = z.infer<typeof pukSchema>;

/** `POST /api/sim/verifier` (spec §3 "SIM check": Id, NumeroSim). `Id` is the contract. */
export const simCheckRequestSchema = z.object({
  Id: z.number().int().positive().max(2_147_483_647),
  NumeroSim: z.string().max(40, 'Le numéro de carte SIM est trop long.'),
});
export const simCheckResponseSchema = z.object({ valide: z.boolean(), message: z.string() });
export type SimCheckResponse = z.infer<typeof simCheckResponseSchema>;

/** `POST /api/contrats/{idContrat}/{numeroLigne}/ActivationSim`. */
export const simActivationParamsSchema = z.object({
  idContrat: contractId,
  numeroLigne: z.string().max(20),
});
export const simActivationBodySchema = z.object({
  numeroSim: z.string().max(40, 'Le numéro de carte SIM est trop long.'),
});

/** `GET /api/contrat/rio?idContrat=…`. */
export const rioQuerySchema = z.object({ idContrat: contractId });
export const rioResponseSchema = z.object({
  /** 12 characters, `OO Q RRRRRR CCC` without the spaces. */
  rio: z.string().regex(/^[0-9A-Z+]{12}$/),
  numeroLigne: z.string(),
});
export type RioResponse = z.infer<typeof rioResponseSchema>;

export const LOSS_THEFT_REASONS = ['PERTE', 'VOL'] as const;
export const lossTheftParamsSchema = z.object({ idContrat: contractId, idClientBscs: accountId });
/** `POST /api/perte-ou-vol/{idContrat}/{idClientBscs}`. */
export const lossTheftBodySchema = z.object({
  motif: z.enum(LOSS_THEFT_REASONS, 'Le motif doit être PERTE ou VOL.'),
  /** ISO date (YYYY-MM-DD) of the loss or theft; not in the future. */
  dateEvenement: z.iso.date('La date de l’événement doit être une date au format AAAA-MM-JJ.'),
  commentaire: z.string().trim().max(500, 'Le commentaire ne peut dépasser 500 caractères.').optional(),
});
export type LossTheftDeclaration = z.infer<typeof lossTheftBodySchema>;
