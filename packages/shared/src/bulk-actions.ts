import { z } from 'zod';
import { idSchema } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';
import { LINE_LABELS_MAX } from './cost-centres.ts';
import { BARRING_SERVICES } from './line-barrings.ts';
import { DIRECTORY_LISTINGS, lineUserBodySchema } from './lines.ts';
import { frenchNationalDigits } from './phone.ts';
import { TARIFF_CHANGE_ACTION_NAMES } from './tariff-change.ts';

/*
 * Bulk actions on the lines of a billing account (decision 050): one action and its parameters
 * applied row by row, each row through the rules of the single action, as a dry run or as a job.
 */

/**
 * The actions, each one entry of BULK_ACTION_DEFINITIONS below (and one file on the API side,
 * modules/bulk-actions/actions/). ANNUAIRE: directory listing; UTILISATEUR: the line user, each
 * row its own names and e-mail; DONNEES: bar (bloque true) or allow the line's mobile data;
 * BARRAGE: bar or allow roaming or international calls, one service at a time (decision 053);
 * CHANGEMENT_OFFRE: schedule a move to a plan, each line by the tariff change's rules (decision 037).
 */
export const BULK_ACTIONS = ['ANNUAIRE', 'UTILISATEUR', 'DONNEES', 'BARRAGE', 'CENTRE_DE_COUT', 'ETIQUETTES', 'CHANGEMENT_OFFRE'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const bulkActionSchema = lazySchema(() => z.enum(BULK_ACTIONS, 'Cette action groupée n’existe pas.'));

/** How a bulk action changes each line's labels: replaces them, or adds to or removes from them. */
export const LABELS_CHANGE_MODES = ['REMPLACER', 'AJOUTER', 'RETIRER'] as const;

/** What each action is called and takes: `parametres` for all its rows, `valeurs` per row (or null). */
export const BULK_ACTION_DEFINITIONS = {
  ANNUAIRE: {
    libelle: 'Inscription à l’annuaire',
    parametres: lazySchema(() =>
      z.object({ inscriptionAnnuaire: z.enum(DIRECTORY_LISTINGS, 'L’inscription à l’annuaire doit être LISTE_ROUGE, LISTE_ORANGE ou PARUTION.') }),
    ),
    valeurs: null,
  },
  UTILISATEUR: {
    libelle: 'Utilisateur de la ligne',
    parametres: lazySchema(() => z.object({})),
    valeurs: lineUserBodySchema,
  },
  DONNEES: {
    libelle: 'Données mobiles (suspendre ou rétablir)',
    parametres: lazySchema(() => z.object({ bloque: z.boolean('Indiquez s’il faut suspendre (true) ou rétablir (false) les données.') })),
    valeurs: null,
  },
  BARRAGE: {
    libelle: 'Bloquer ou autoriser l’itinérance ou l’international',
    parametres: lazySchema(() =>
      z.object({
        service: z.enum(BARRING_SERVICES, 'Choisissez le service : ITINERANCE ou INTERNATIONAL.').describe('ITINERANCE : appels, SMS et internet à l’étranger ; INTERNATIONAL : appels vers des numéros étrangers'),
        bloque: z.boolean('Indiquez s’il faut bloquer (true) ou autoriser (false) le service.'),
      }),
    ),
    valeurs: null,
  },
  CENTRE_DE_COUT: {
    libelle: 'Centre de coût',
    parametres: lazySchema(() => z.object({ idCentre: z.number('Choisissez le centre de coût.').int().positive().nullable().describe('Le centre de coût du compte ; null : aucun centre') })),
    valeurs: null,
  },
  ETIQUETTES: {
    libelle: 'Étiquettes',
    parametres: lazySchema(() =>
      z.object({
        mode: z.enum(LABELS_CHANGE_MODES, 'Choisissez de remplacer, d’ajouter ou de retirer les étiquettes.'),
        etiquettes: z.array(z.string(), 'Les étiquettes sont une liste de textes.').max(LINE_LABELS_MAX, `Au plus ${LINE_LABELS_MAX} étiquettes.`),
      }),
    ),
    valeurs: null,
  },
  CHANGEMENT_OFFRE: {
    libelle: 'Programmer un changement d’offre',
    parametres: lazySchema(() =>
      z.object({
        idOffreCible: z.number('Choisissez le nouveau forfait.').int('Choisissez le nouveau forfait.').positive('Choisissez le nouveau forfait.').describe('Le forfait vers lequel passer (un de ceux de GET /api/clients/{idClientBscs}/chgmttarif/offres)'),
        action: z
          .enum(TARIFF_CHANGE_ACTION_NAMES, 'Choisissez d’appliquer ou de renoncer au droit DR14.')
          .describe('Le choix DR14 du changement à l’unité : garder l’engagement actuel (Application_de_DR14) ou repartir sur celui du forfait (Renonciation_de_DR14)'),
      }),
    ),
    valeurs: null,
  },
} as const satisfies Record<BulkAction, { libelle: string; parametres: z.ZodType; valeurs: z.ZodType | null }>;

/** Lines one request may name. */
export const BULK_MAX_LINES = 10_000;
/** How long after its end a job may be undone. */
export const BULK_UNDO_MINUTES = 15;
/** The CSV file of numbers: its largest size. */
export const BULK_CSV_MAX_BYTES = 1024 * 1024;
/** The multipart field of the CSV file. */
export const BULK_CSV_FIELD = 'fichier';

/** A row named in a request: its contract id, with its own values for an action that takes some. */
export const bulkRowSchema = lazySchema(() =>
  z.union([
    idSchema('idContrat de la ligne'),
    z.object({ idContrat: idSchema('idContrat de la ligne') }).catchall(z.unknown()),
  ]),
);

/** `POST /api/clients/{idClientBscs}/actions-groupees` (JSON). */
export const bulkRequestSchema = lazySchema(() =>
  z.object({
    action: bulkActionSchema,
    parametres: z.record(z.string(), z.unknown()).default({}).describe('Les paramètres de l’action, pour toutes les lignes'),
    lignes: z
      .array(bulkRowSchema)
      .min(1, 'Choisissez au moins une ligne.')
      .max(BULK_MAX_LINES, `Une action groupée porte sur ${BULK_MAX_LINES.toLocaleString('fr-FR')} lignes au plus.`)
      .describe('Les idContrat des lignes ; pour UTILISATEUR, des objets { idContrat, prenom, nom, email }'),
    simulation: z.boolean().default(false).describe('true : rien n’est changé, chaque ligne dit si elle serait faite ou refusée et pourquoi'),
  }),
);
export type BulkRequest = z.output<typeof bulkRequestSchema>;

export const BULK_ROW_RESULTS = ['OK', 'REFUS', 'EN_ATTENTE', 'ANNULE', 'RETABLI'] as const;
export type BulkRowResult = (typeof BULK_ROW_RESULTS)[number];

export const bulkRowResultSchema = lazySchema(() =>
  z.object({
    idContrat: z.number().int().nullable(),
    numeroLigne: z.string(),
    resultat: z.enum(BULK_ROW_RESULTS),
    motif: z.string().nullable(),
  }),
);
export type BulkRowAnswer = z.infer<typeof bulkRowResultSchema>;

/** The dry run's answer: every row with its result. */
export const bulkSimulationSchema = lazySchema(() =>
  z.object({ action: bulkActionSchema, total: z.number().int(), refuses: z.number().int(), lignes: z.array(bulkRowResultSchema) }),
);
export type BulkSimulation = z.infer<typeof bulkSimulationSchema>;

export const bulkStartedSchema = lazySchema(() => z.object({ idTraitement: z.number().int() }));

export const BULK_JOB_STATUSES = ['EN_ATTENTE', 'EN_COURS', 'TERMINE', 'ANNULE'] as const;
export type BulkJobStatus = (typeof BULK_JOB_STATUSES)[number];
export const BULK_JOB_STATUS_LABELS: Record<BulkJobStatus, string> = {
  EN_ATTENTE: 'En attente',
  EN_COURS: 'En cours',
  TERMINE: 'Terminé',
  ANNULE: 'Annulé',
};
export const BULK_ROW_RESULT_LABELS: Record<BulkRowResult, string> = {
  OK: 'Fait',
  REFUS: 'Refusé',
  EN_ATTENTE: 'À faire',
  ANNULE: 'Annulé',
  RETABLI: 'Rétabli',
};

export const bulkJobSummarySchema = lazySchema(() =>
  z.object({
    idTraitement: z.number().int(),
    action: bulkActionSchema,
    statut: z.enum(BULK_JOB_STATUSES),
    total: z.number().int(),
    faits: z.number().int(),
    refuses: z.number().int(),
    creeLe: z.iso.datetime(),
    termineLe: z.iso.datetime().nullable(),
    /** Undo: null when not asked, EN_COURS while rows are set back, TERMINE once done. */
    retourArriere: z.enum(['EN_COURS', 'TERMINE']).nullable(),
    /** Until when the finished job may be undone; null when it may not (any more). */
    retourArrierePossibleJusquA: z.iso.datetime().nullable(),
  }),
);
export type BulkJobSummary = z.infer<typeof bulkJobSummarySchema>;

export const bulkJobSchema = lazySchema(() => bulkJobSummarySchema.extend({ lignes: z.array(bulkRowResultSchema) }));
export type BulkJob = z.infer<typeof bulkJobSchema>;
export const bulkJobListSchema = lazySchema(() => z.object({ traitements: z.array(bulkJobSummarySchema) }));
export type BulkJobList = z.infer<typeof bulkJobListSchema>;

export const bulkAccountParamSchema = lazySchema(() => z.object({ idClientBscs: idSchema('Compte de facturation') }));
export const bulkJobParamSchema = lazySchema(() =>
  z.object({ idClientBscs: idSchema('Compte de facturation'), idTraitement: idSchema('Traitement') }),
);

/** The national digits of a number written in any usual way, "33 6 12 34 56 78" included; null otherwise. */
export function bulkNumber(text: string): string | null {
  const national = frenchNationalDigits(text);
  if (national) return national;
  const compact = text.replace(/[\s.()/-]/g, '');
  return /^33[1-9]\d{8}$/.test(compact) ? `0${compact.slice(2)}` : null;
}

/** One row of a CSV file of numbers: the number as typed, its digits (null when not a number), its other cells. */
export interface BulkCsvRow {
  saisi: string;
  numero: string | null;
  cellules: string[];
}

function cells(line: string, separator: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        current += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      out.push(current.trim());
      current = '';
    } else current += char;
  }
  out.push(current.trim());
  return out;
}

/**
 * The rows of a CSV file of numbers (the number first; for the line user, then first name, name,
 * e-mail), `;` or `,` separated, with or without a header: a first line whose first cell is not a
 * number is a header. Empty lines are skipped.
 */
export function parseBulkCsv(text: string): BulkCsvRow[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => line.trim() !== '');
  const first = lines[0] ?? '';
  const separator = first.includes(';') ? ';' : first.includes('\t') ? '\t' : ',';
  const rows = lines.map((line) => cells(line, separator));
  const body = rows[0] && bulkNumber(rows[0][0] ?? '') === null && !/\d{6}/.test(rows[0][0] ?? '') ? rows.slice(1) : rows;
  return body.map(([saisi = '', ...cellules]) => ({ saisi, numero: bulkNumber(saisi), cellules }));
}

/** The labels typed in one field, separated by commas or semicolons (the line rules then apply to each line). */
const labelsOf = (text: string) => text.split(/[,;]/).map((label) => label.trim()).filter((label) => label !== '');

/** The web form of a bulk action: the action, and its parameter (the listing, or suspend or restore). */
export const bulkActionFormSchema = lazySchema(() =>
  z
    .object({
      action: z.enum(BULK_ACTIONS, 'Choisissez une action.'),
      inscriptionAnnuaire: z.union([z.literal(''), z.enum(DIRECTORY_LISTINGS)]),
      donnees: z.union([z.literal(''), z.enum(['SUSPENDRE', 'RETABLIR'])]),
      /** The service to bar or allow, and which of the two. */
      serviceBarrage: z.union([z.literal(''), z.enum(BARRING_SERVICES)]),
      barrage: z.union([z.literal(''), z.enum(['BLOQUER', 'AUTORISER'])]),
      /** The centre's id, or `aucun` to take the lines out of every centre. */
      idCentre: z.string(),
      modeEtiquettes: z.enum(LABELS_CHANGE_MODES),
      /** The labels, separated by commas. */
      etiquettes: z.string(),
      /** The target plan's id, for a plan change. */
      idOffreCible: z.string(),
      /** The DR14 choice of a plan change. */
      dr14: z.union([z.literal(''), z.enum(TARIFF_CHANGE_ACTION_NAMES)]),
      /** The CSV file of numbers (a browser File), when the lines come from one. */
      fichier: z.unknown().optional(),
    })
    .superRefine((values, context) => {
      if (values.action === 'ANNUAIRE' && values.inscriptionAnnuaire === '')
        context.addIssue({ code: 'custom', path: ['inscriptionAnnuaire'], message: 'Choisissez l’inscription à l’annuaire.' });
      if (values.action === 'DONNEES' && values.donnees === '')
        context.addIssue({ code: 'custom', path: ['donnees'], message: 'Choisissez de suspendre ou de rétablir les données.' });
      if (values.action === 'BARRAGE' && values.serviceBarrage === '')
        context.addIssue({ code: 'custom', path: ['serviceBarrage'], message: 'Choisissez le service à bloquer ou à autoriser.' });
      if (values.action === 'BARRAGE' && values.barrage === '')
        context.addIssue({ code: 'custom', path: ['barrage'], message: 'Choisissez de bloquer ou d’autoriser le service.' });
      if (values.action === 'CENTRE_DE_COUT' && values.idCentre === '')
        context.addIssue({ code: 'custom', path: ['idCentre'], message: 'Choisissez le centre de coût.' });
      if (values.action === 'CHANGEMENT_OFFRE' && values.idOffreCible === '')
        context.addIssue({ code: 'custom', path: ['idOffreCible'], message: 'Choisissez le nouveau forfait.' });
      if (values.action === 'CHANGEMENT_OFFRE' && values.dr14 === '')
        context.addIssue({ code: 'custom', path: ['dr14'], message: 'Choisissez d’appliquer ou de renoncer au droit DR14.' });
      if (values.action === 'ETIQUETTES' && values.modeEtiquettes !== 'REMPLACER' && labelsOf(values.etiquettes).length === 0)
        context.addIssue({ code: 'custom', path: ['etiquettes'], message: 'Indiquez au moins une étiquette.' });
    }),
);
export type BulkActionForm = z.input<typeof bulkActionFormSchema>;

/** The `parametres` of the action the form chose. */
export function bulkParametersOf(values: z.output<typeof bulkActionFormSchema>): Record<string, unknown> {
  if (values.action === 'ANNUAIRE') return { inscriptionAnnuaire: values.inscriptionAnnuaire };
  if (values.action === 'DONNEES') return { bloque: values.donnees === 'SUSPENDRE' };
  if (values.action === 'BARRAGE') return { service: values.serviceBarrage, bloque: values.barrage === 'BLOQUER' };
  if (values.action === 'CENTRE_DE_COUT') return { idCentre: values.idCentre === 'aucun' ? null : Number(values.idCentre) };
  if (values.action === 'CHANGEMENT_OFFRE') return { idOffreCible: Number(values.idOffreCible), action: values.dr14 };
  if (values.action === 'ETIQUETTES') return { mode: values.modeEtiquettes, etiquettes: labelsOf(values.etiquettes) };
  return {};
}
