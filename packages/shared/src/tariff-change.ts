import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { vatCentimes } from './invoices.ts';
import { addMonths } from './termination.ts';
import { TARIFF_CHANGE_ACTION } from './shop.ts';
import { MAX_ID } from './constants.ts';
import { formatCentimes } from './order-money.ts';
import { frenchDay } from './paris-time.ts';

/**
 * Tariff change of a line (spec §1 "change tariff plan", §3 "Tariff-change action", §7 "Tariff
 * change"; decision 037): the plans a line may move to, the effective dates, the DR14 choice,
 * the change in progress, its recording, cancellation and recap. Amounts are integer cents.
 */

const idParam = (message: string) => z.coerce.number<string>(message).int(message).positive(message).max(MAX_ID, message);
const idNumber = (message: string) => z.number(message).int(message).positive(message).max(MAX_ID, message);
const contractMessage = 'Le contrat doit être désigné par son identifiant numérique.';
const changeMessage = 'Le changement de forfait doit être désigné par son identifiant numérique.';
const planMessage = 'Veuillez choisir le nouveau forfait dans la liste proposée.';

// ---------------------------------------------------------------------------------------------
// Rules

/** The DR14 choice, by its spec name (stored as its number, `TARIFF_CHANGE_ACTION`). */
export const TARIFF_CHANGE_ACTION_NAMES = ['Application_de_DR14', 'Renonciation_de_DR14'] as const;
export type TariffChangeActionName = (typeof TARIFF_CHANGE_ACTION_NAMES)[number];
export const tariffChangeActionSchema = lazySchema(() =>
  z.enum(TARIFF_CHANGE_ACTION_NAMES, 'Veuillez choisir d’appliquer ou de renoncer au droit DR14.'),
);

export const tariffChangeActionCode = (name: TariffChangeActionName): number => TARIFF_CHANGE_ACTION[name];
export function tariffChangeActionName(code: number): TariffChangeActionName {
  return code === TARIFF_CHANGE_ACTION.Renonciation_de_DR14 ? 'Renonciation_de_DR14' : 'Application_de_DR14';
}

/** What each DR14 choice means for the customer (decision 037), as the page and the recap say it. */
export const TARIFF_CHANGE_ACTION_LABELS: Record<TariffChangeActionName, { titre: string; explication: string }> = {
  Application_de_DR14: {
    titre: 'Appliquer le droit DR14 : garder mon engagement actuel',
    explication:
      'Le nouveau forfait reprend la date de fin d’engagement actuelle de la ligne : aucun nouvel engagement ne commence. Pendant un engagement, ce choix n’est possible que pour un forfait plus cher.',
  },
  Renonciation_de_DR14: {
    titre: 'Renoncer au droit DR14 : repartir sur l’engagement du nouveau forfait',
    explication:
      'Un nouvel engagement, de la durée prévue par le nouveau forfait, commence à la date d’effet (jamais plus court que l’engagement en cours). Ce choix permet de passer à un forfait moins cher pendant un engagement.',
  },
};

/** When the change takes effect: today, or the first day of the next billing period (the 1st of next month). */
export const TARIFF_CHANGE_TIMINGS = ['IMMEDIAT', 'PROCHAINE_FACTURATION'] as const;
export const tariffChangeTimingSchema = lazySchema(() =>
  z.enum(TARIFF_CHANGE_TIMINGS, 'Veuillez choisir la date d’effet du changement.'),
);
export type TariffChangeTiming = (typeof TARIFF_CHANGE_TIMINGS)[number];
export const TARIFF_CHANGE_TIMING_LABELS: Record<TariffChangeTiming, string> = {
  IMMEDIAT: 'Dès aujourd’hui',
  PROCHAINE_FACTURATION: 'Au début de la prochaine période de facturation',
};

/** Moving to a plan that costs more each month (HAUSSE) or not (BAISSE: cheaper or the same price). */
export type TariffChangeDirection = 'HAUSSE' | 'BAISSE';
export const tariffChangeDirection = (currentHt: number, targetHt: number): TariffChangeDirection => (targetHt > currentHt ? 'HAUSSE' : 'BAISSE');

/** The first day of the billing period after `today`: invoices cover calendar months (decision 025). */
export function nextBillingPeriodStart(today: string): string {
  return `${addMonths(today, 1).slice(0, 8)}01`;
}

/** Why an effective date is not offered (null when it is). */
export type TimingRefusal = 'BAISSE_PROCHAINE_FACTURATION' | 'SERVICE_CLIENT_PROCHAINE_FACTURATION' | null;

/**
 * Decision 037: a move to a dearer plan may start today or at the next billing period; a move to
 * a cheaper (or same-price) one only at the next billing period (the month is billed in advance).
 * A customer-service agent only schedules: the customer can still cancel before it applies.
 */
export function timingRefusal(timing: TariffChangeTiming, direction: TariffChangeDirection, agent: boolean): TimingRefusal {
  if (timing === 'PROCHAINE_FACTURATION') return null;
  if (direction === 'BAISSE') return 'BAISSE_PROCHAINE_FACTURATION';
  if (agent) return 'SERVICE_CLIENT_PROCHAINE_FACTURATION';
  return null;
}

/** Whether the line is still under commitment on `day`. */
export const committedOn = (dateFinEngagement: string | null, day: string): boolean => dateFinEngagement !== null && dateFinEngagement > day;

/**
 * The commitment end after the change (decision 037): kept as it is with DR14 applied; with DR14
 * renounced, the new plan's commitment from the effective date, never ending before the current one.
 */
export function commitmentEndAfter(action: TariffChangeActionName, current: string | null, dateEffet: string, engagementMois: number): string | null {
  if (action === 'Application_de_DR14') return current;
  const fresh = engagementMois > 0 ? addMonths(dateEffet, engagementMois) : null;
  if (fresh === null) return current;
  return current !== null && current > fresh ? current : fresh;
}

/** Price difference per month of moving from one plan to another, HT and TTC (VAT 20 %). */
export function monthlyDifference(currentHt: number, targetHt: number): { differenceHtCentimes: number; differenceTtcCentimes: number } {
  const ttc = (ht: number) => ht + vatCentimes(ht);
  return { differenceHtCentimes: targetHt - currentHt, differenceTtcCentimes: ttc(targetHt) - ttc(currentHt) };
}

// ---------------------------------------------------------------------------------------------
// Schemas

/** `/api/chgmttarif/offres/{idContrat}`, `/dates-effet/{idContrat}`, `/en-cours/{idContrat}`, `/blocage/{idContrat}`. */
export const tariffChangeContractParamSchema = lazySchema(() => z.object({ idContrat: idParam(contractMessage) }));
/** `/api/chgmttarif/recapitulatif/{idChangement}`. */
export const tariffChangeIdParamSchema = lazySchema(() => z.object({ idChangement: idParam(changeMessage) }));
/** `/api/chgmttarif/dates-effet/{idContrat}?idOffreCible=`. */
export const tariffChangeDatesQuerySchema = lazySchema(() => z.object({ idOffreCible: idParam(planMessage) }));

export const tariffPlanSchema = lazySchema(() =>
  z.object({
    idOffreEngagement: z.number().int(),
    libelle: z.string(),
    description: z.string(),
    dataMo: z.number().int().nullable(),
    dataIllimitee: z.boolean(),
    zones: z.array(z.string()),
    optionsIncluses: z.array(z.string()),
    /** Commitment of the plan in months (0, 12 or 24). */
    engagementMois: z.number().int(),
    prixMensuelHtCentimes: z.number().int(),
    prixMensuelTtcCentimes: z.number().int(),
  }),
);
export type TariffPlan = z.infer<typeof tariffPlanSchema>;

export const tariffTargetSchema = lazySchema(() =>
  tariffPlanSchema.extend({
    /** Per month, target minus current: positive costs more. */
    differenceHtCentimes: z.number().int(),
    differenceTtcCentimes: z.number().int(),
    sens: z.enum(['HAUSSE', 'BAISSE']),
  }),
);
export type TariffTarget = z.infer<typeof tariffTargetSchema>;

/** `GET /api/chgmttarif/offres/{idContrat}`. */
export const tariffTargetsSchema = lazySchema(() =>
  z.object({
    idContrat: z.number().int(),
    numeroLigne: z.string(),
    dateFinEngagement: z.string().nullable(),
    offreActuelle: tariffPlanSchema,
    offres: z.array(tariffTargetSchema),
  }),
);
export type TariffTargets = z.infer<typeof tariffTargetsSchema>;

/** `GET /api/clients/{idClientBscs}/chgmttarif/offres`: the plans still sold in the ranges of the account's lines. */
export const tariffAccountTargetsSchema = lazySchema(() =>
  z.object({
    idClientBscs: z.number().int(),
    offres: z.array(tariffPlanSchema.extend({ idGamme: z.number().int() })),
  }),
);
export type TariffAccountTargets = z.infer<typeof tariffAccountTargetsSchema>;

/** An account's target plans as the choices of a form: label and monthly price HT. */
export function tariffTargetChoices(targets: TariffAccountTargets['offres']): { value: string; label: string }[] {
  return targets.map((plan) => ({
    value: String(plan.idOffreEngagement),
    label: `${plan.libelle} – ${formatCentimes(plan.prixMensuelHtCentimes)} HT par mois`,
  }));
}

/** The motif of a change a bulk action schedules (or would): the plan and its effective date on that line. */
export const tariffChangeScheduledNote = (libelle: string, dateEffet: string): string =>
  `${libelle} à partir du ${frenchDay(dateEffet)}`;

export const tariffChangeDateSchema = lazySchema(() =>
  z.object({
    type: tariffChangeTimingSchema,
    /** YYYY-MM-DD. */
    date: z.string(),
    autorise: z.boolean(),
    /** Why it is not offered (French), null when it is. */
    raison: z.string().nullable(),
  }),
);
export type TariffChangeDate = z.infer<typeof tariffChangeDateSchema>;

/** `GET /api/chgmttarif/dates-effet/{idContrat}?idOffreCible=`. */
export const tariffChangeDatesSchema = lazySchema(() =>
  z.object({
    idContrat: z.number().int(),
    idOffreCible: z.number().int(),
    sens: z.enum(['HAUSSE', 'BAISSE']),
    /** The line is under commitment on the earliest date: keeping it (DR14 applied) is then only for a dearer plan. */
    engage: z.boolean(),
    dates: z.array(tariffChangeDateSchema),
    /** The DR14 choices allowed for this target. */
    actions: z.array(tariffChangeActionSchema),
  }),
);
export type TariffChangeDates = z.infer<typeof tariffChangeDatesSchema>;

export const TARIFF_CHANGE_BLOCKS = ['LIGNE_INACTIVE', 'RESILIATION_PROGRAMMEE', 'CHANGEMENT_EN_COURS', 'IMPAYES', 'GESTIONNAIRE_SEUL', 'AUCUNE_OFFRE'] as const;
export type TariffChangeBlock = (typeof TARIFF_CHANGE_BLOCKS)[number];

/** `GET /api/chgmttarif/blocage/{idContrat}`: whether the caller may change the line's plan now, and whether immediately. */
export const tariffChangeBlockSchema = lazySchema(() =>
  z.object({
    idContrat: z.number().int(),
    bloque: z.boolean(),
    code: z.enum(TARIFF_CHANGE_BLOCKS).nullable(),
    message: z.string().nullable(),
    /** A customer-service agent (serviceClient) acts for the customer. */
    serviceClient: z.boolean(),
    /** Whether a change may take effect today (false for an agent: scheduled only). */
    immediatAutorise: z.boolean(),
  }),
);
export type TariffChangeBlockAnswer = z.infer<typeof tariffChangeBlockSchema>;

export const TARIFF_CHANGE_STATUSES = ['EN_ATTENTE', 'APPLIQUE', 'ANNULE'] as const;
export type TariffChangeStatus = (typeof TARIFF_CHANGE_STATUSES)[number];
export const TARIFF_CHANGE_STATUS_LABELS: Record<TariffChangeStatus, string> = {
  EN_ATTENTE: 'Changement de forfait programmé',
  APPLIQUE: 'Changement de forfait effectué',
  ANNULE: 'Changement de forfait annulé',
};

/** A recorded change, as every answer gives it. */
export const tariffChangeSchema = lazySchema(() =>
  z.object({
    idChangement: z.number().int(),
    idContrat: z.number().int(),
    numeroLigne: z.string(),
    statut: z.enum(TARIFF_CHANGE_STATUSES),
    offreActuelle: z.object({ idOffreEngagement: z.number().int(), libelle: z.string(), prixMensuelHtCentimes: z.number().int() }),
    offreCible: z.object({ idOffreEngagement: z.number().int(), libelle: z.string(), prixMensuelHtCentimes: z.number().int() }),
    differenceHtCentimes: z.number().int(),
    differenceTtcCentimes: z.number().int(),
    action: tariffChangeActionSchema,
    immediat: z.boolean(),
    dateEffet: z.string(),
    /** Commitment end once the change applies (null: none). */
    dateFinEngagementApres: z.string().nullable(),
    dateDemande: z.string(),
    dateAnnulation: z.string().nullable(),
    dateApplication: z.string().nullable(),
    /** Pending and before its effective date, for a manager. */
    annulable: z.boolean(),
  }),
);
export type TariffChangeAnswer = z.infer<typeof tariffChangeSchema>;

/** `GET /api/chgmttarif/en-cours/{idContrat}`. */
export const tariffChangeInProgressSchema = lazySchema(() =>
  z.object({ enCours: z.boolean(), changement: tariffChangeSchema.nullable() }),
);
export type TariffChangeInProgress = z.infer<typeof tariffChangeInProgressSchema>;

/** `POST /api/chgmttarif/enregistrer`. */
export const tariffChangeRequestSchema = lazySchema(() =>
  z.strictObject({
    idContrat: idNumber(contractMessage),
    idOffreCible: idNumber(planMessage),
    effet: tariffChangeTimingSchema,
    action: tariffChangeActionSchema,
  }),
);
export type TariffChangeRequest = z.infer<typeof tariffChangeRequestSchema>;

/** `POST /api/chgmttarif/annuler`. */
export const tariffChangeCancelSchema = lazySchema(() => z.strictObject({ idChangement: idNumber(changeMessage) }));

export const tariffChangeRecapFileName = (change: Pick<TariffChangeAnswer, 'idChangement' | 'numeroLigne'>): string =>
  `changement-forfait-${change.idChangement}-ligne-${change.numeroLigne}.pdf`;
