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

export const lineDetailSchema = lineSchema.extend({
  idClientBscs: z.number().int(),
  dateActivation: z.string(),
  utilisateur: z.object({ prenom: z.string(), nom: z.string() }).nullable(),
});
export type LineDetail = z.infer<typeof lineDetailSchema>;

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
