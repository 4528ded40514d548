import { z } from 'zod';
import { COST_CENTRES_ERRORS } from './cost-centres-errors.ts';
import { idSchema } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';

/*
 * Cost centres of a billing account (a tree of at most three levels) and the centre and labels
 * of each line (decision 048).
 */

/** Levels of the tree: a centre at the top is level 1. */
export const COST_CENTRE_DEPTH_MAX = 3;
export const COST_CENTRE_CODE_MAX = 20;
export const COST_CENTRE_LABEL_MAX = 60;
/** Labels of one line, each of at most LINE_LABEL_LENGTH_MAX characters once trimmed. */
export const LINE_LABELS_MAX = 10;
export const LINE_LABEL_LENGTH_MAX = 30;
/** What a request may name before duplicates are dropped (beyond it, refused without reading further). */
const LINE_LABELS_SENT_MAX = 50;

/** C0 and C1 control characters, and the line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- what it refuses
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export const COST_CENTRE_CODE_PATTERN = /^[A-Z0-9][A-Z0-9._-]*$/;

/** A centre as written and answered: `idParent` null at the top of the tree. */
export const costCentreSchema = lazySchema(() =>
  z.object({
    idCentre: z.number().int(),
    code: z.string(),
    libelle: z.string(),
    idParent: z.number().int().nullable(),
  }),
);
export type CostCentre = z.infer<typeof costCentreSchema>;

/** A centre in the account's list: its place in the tree and what it holds. */
export const costCentreEntrySchema = lazySchema(() =>
  costCentreSchema.extend({
    niveau: z.number().int().describe('1 au sommet de l’arborescence, 3 au plus'),
    nombreLignes: z.number().int().describe('Lignes rattachées à ce centre même (hors sous-centres)'),
    nombreLignesTotal: z.number().int().describe('Lignes de ce centre et de ses sous-centres'),
    nombreSousCentres: z.number().int().describe('Sous-centres directs'),
  }),
);
export type CostCentreEntry = z.infer<typeof costCentreEntrySchema>;

/** `GET /api/clients/{idClientBscs}/centres-de-cout`: the tree in reading order (each centre followed by its sub-centres, by code). */
export const costCentreListSchema = lazySchema(() =>
  z.object({
    centres: z.array(costCentreEntrySchema),
    lignesSansCentre: z.number().int().describe('Lignes du compte rattachées à aucun centre'),
  }),
);
export type CostCentreList = z.infer<typeof costCentreListSchema>;

export const costCentresAccountParamSchema = lazySchema(() => z.object({ idClientBscs: idSchema('Le compte de facturation') }));
export const costCentreParamSchema = lazySchema(() =>
  z.object({ idClientBscs: idSchema('Le compte de facturation'), idCentre: idSchema('Le centre de coût') }),
);
export const costCentreLineParamSchema = lazySchema(() => z.object({ idContrat: idSchema('La ligne (contrat)') }));

const noControl = (text: string) => !CONTROL.test(text);

/** `POST` and `PUT /api/clients/{idClientBscs}/centres-de-cout[/{idCentre}]`: a PUT renames and moves at once. */
export const costCentreBodySchema = lazySchema(() =>
  z.strictObject({
    code: z
      .string('Veuillez indiquer le code du centre de coût.')
      .trim()
      .min(1, 'Veuillez indiquer le code du centre de coût.')
      .max(COST_CENTRE_CODE_MAX, `Le code d’un centre de coût compte au plus ${COST_CENTRE_CODE_MAX} caractères.`)
      .transform((code) => code.toUpperCase())
      .pipe(
        z
          .string()
          .regex(
            COST_CENTRE_CODE_PATTERN,
            'Le code d’un centre de coût commence par une lettre ou un chiffre et ne contient que des lettres sans accent, des chiffres, des points, des tirets et des soulignés.',
          ),
      )
      .describe(`Code court, unique dans le compte (${COST_CENTRE_CODE_MAX} caractères au plus), enregistré en majuscules`),
    libelle: z
      .string('Veuillez indiquer le libellé du centre de coût.')
      .trim()
      .min(1, 'Veuillez indiquer le libellé du centre de coût.')
      .max(COST_CENTRE_LABEL_MAX, `Le libellé d’un centre de coût compte au plus ${COST_CENTRE_LABEL_MAX} caractères.`)
      .refine(noControl, 'Le libellé ne peut contenir ni retour à la ligne, ni tabulation, ni caractère de contrôle.'),
    idParent: idSchema('Le centre parent').nullable().default(null).describe('Le centre parent, du même compte ; null au sommet'),
  }),
);
export type CostCentreInput = z.input<typeof costCentreBodySchema>;
export type CostCentreBody = z.output<typeof costCentreBodySchema>;

/** `DELETE …/centres-de-cout/{idCentre}?deplacerVers=`: where the centre's lines go (`aucun`: no centre). */
export const costCentreDeleteQuerySchema = lazySchema(() =>
  z.object({
    deplacerVers: z
      .union([z.literal('aucun'), idSchema('Le centre qui reçoit les lignes')])
      .optional()
      .describe('Le centre de coût du compte qui reçoit les lignes du centre supprimé, ou « aucun » pour les détacher ; absent, un centre qui porte des lignes n’est pas supprimé'),
  }),
);
export type CostCentreDeleteQuery = z.infer<typeof costCentreDeleteQuerySchema>;

export type LineLabelsProblem = 'LINE_LABEL_EMPTY' | 'LINE_LABEL_TOO_LONG' | 'LINE_LABEL_CONTROL_CHARACTERS' | 'LINE_LABELS_TOO_MANY';

/**
 * The labels a line keeps of those given: trimmed, inner spaces collapsed, duplicates dropped
 * whatever their case (the first one written stays), at most LINE_LABELS_MAX of at most
 * LINE_LABEL_LENGTH_MAX characters, none empty nor with control characters.
 */
export function normalizeLabels(given: readonly string[]): { ok: true; etiquettes: string[] } | { ok: false; code: LineLabelsProblem } {
  const kept = new Map<string, string>();
  for (const raw of given) {
    if (CONTROL.test(raw)) return { ok: false, code: 'LINE_LABEL_CONTROL_CHARACTERS' };
    const label = raw.normalize('NFC').trim().replace(/\s+/g, ' ');
    if (label === '') return { ok: false, code: 'LINE_LABEL_EMPTY' };
    if ([...label].length > LINE_LABEL_LENGTH_MAX) return { ok: false, code: 'LINE_LABEL_TOO_LONG' };
    const key = label.toLocaleLowerCase('fr-FR');
    if (!kept.has(key)) kept.set(key, label);
  }
  if (kept.size > LINE_LABELS_MAX) return { ok: false, code: 'LINE_LABELS_TOO_MANY' };
  return { ok: true, etiquettes: [...kept.values()] };
}

/** `PUT /api/lignes/{idContrat}/etiquettes`: the line's whole set of labels (an empty list removes them all). */
export const lineLabelsBodySchema = lazySchema(() =>
  z.strictObject({
    etiquettes: z
      .array(z.string('Chaque étiquette est un texte.').max(200, COST_CENTRES_ERRORS.LINE_LABEL_TOO_LONG.message), 'Les étiquettes sont une liste de textes.')
      .max(LINE_LABELS_SENT_MAX, COST_CENTRES_ERRORS.LINE_LABELS_TOO_MANY.message)
      .transform((labels, context) => {
        const result = normalizeLabels(labels);
        if (result.ok) return result.etiquettes;
        context.addIssue({ code: 'custom', message: COST_CENTRES_ERRORS[result.code].message });
        return z.NEVER;
      })
      .describe(`Les étiquettes de la ligne (${LINE_LABELS_MAX} au plus, ${LINE_LABEL_LENGTH_MAX} caractères chacune) ; les doublons, casse ignorée, sont retirés`),
  }),
);
export type LineLabelsBody = z.output<typeof lineLabelsBodySchema>;

/** `PUT /api/lignes/{idContrat}/centre-de-cout`: null detaches the line from its centre. */
export const lineCentreBodySchema = lazySchema(() =>
  z.strictObject({
    idCentre: idSchema('Le centre de coût, du compte de la ligne').nullable().describe('Le centre de coût, du compte de la ligne ; null : aucun'),
  }),
);
export type LineCentreBody = z.infer<typeof lineCentreBodySchema>;

/** The centre a line is in, as the fleet list and the line page show it. */
export const lineCentreSchema = lazySchema(() => z.object({ idCentre: z.number().int(), code: z.string(), libelle: z.string() }));
export type LineCentre = z.infer<typeof lineCentreSchema>;

/** The answer of both line writes: the line's centre and labels after it. */
export const lineCostAllocationSchema = lazySchema(() =>
  z.object({ idContrat: z.number().int(), centre: lineCentreSchema.nullable(), etiquettes: z.array(z.string()) }),
);
export type LineCostAllocation = z.infer<typeof lineCostAllocationSchema>;

/** `GET /api/clients/{idClientBscs}/etiquettes`: the labels the account's lines carry, by name, with how many lines carry each. */
export const accountLabelsSchema = lazySchema(() => z.object({ etiquettes: z.array(z.object({ etiquette: z.string(), nombreLignes: z.number().int() })) }));
export type AccountLabels = z.infer<typeof accountLabelsSchema>;

/** A centre's name as the lists show it: « DIRCO – Direction commerciale ». */
export const centreName = (centre: { code: string; libelle: string }) => `${centre.code} – ${centre.libelle}`;

/** A centre as a list of choices names it, indented under its parent: « Agence Lyon (LYON) ». */
export function centreChoiceLabel(centre: Pick<CostCentreEntry, 'code' | 'libelle' | 'niveau'>): string {
  return `${'\u00a0\u00a0\u00a0\u00a0'.repeat(Math.max(0, centre.niveau - 1))}${centre.libelle} (${centre.code})`;
}

/** The account's centres as the options of a choice, in the tree's reading order. */
export function centreChoices(centres: readonly Pick<CostCentreEntry, 'idCentre' | 'code' | 'libelle' | 'niveau'>[]): { value: string; label: string }[] {
  return centres.map((centre) => ({ value: String(centre.idCentre), label: centreChoiceLabel(centre) }));
}
