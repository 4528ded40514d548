import { z } from 'zod';
import { eurosFromText, hasCents } from './euros-text.ts';
import { idSchema } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';

/*
 * A company's fleet policy (decision 051): a cost centre required on every new line, and the
 * amount (HT, at order) above which an order waits for a second manager's approval.
 */

/** Largest approval threshold a manager may set: 1,000,000 € HT. */
export const APPROVAL_THRESHOLD_MAX_CENTIMES = 100_000_000;
/** Days an order waits for its approval before it is cancelled. */
export const APPROVAL_DELAY_DAYS = 7;
/** Longest reason given with a refusal. */
export const REFUSAL_REASON_MAX = 500;

export const fleetPolicyParamSchema = lazySchema(() => z.object({ idClientBscs: idSchema('Le compte de facturation') }));

export const fleetPolicySchema = lazySchema(() =>
  z.object({
    centreObligatoire: z.boolean({ error: 'Indiquez si un centre de coût est obligatoire.' }).describe('Chaque nouvelle ligne commandée doit avoir un centre de coût'),
    seuilValidationHtCentimes: z
      .number({ error: 'Le seuil de validation est un montant en centimes.' })
      .int('Le seuil de validation est un montant en centimes.')
      .min(1, 'Le seuil de validation doit être supérieur à 0 €.')
      .max(APPROVAL_THRESHOLD_MAX_CENTIMES, 'Le seuil de validation ne peut pas dépasser 1 000 000 € HT.')
      .nullable()
      .describe('Montant HT (centimes) au-delà duquel une commande attend la validation d’un second gestionnaire ; null : aucune validation'),
  }),
);
export type FleetPolicy = z.infer<typeof fleetPolicySchema>;

export const fleetPolicyAnswerSchema = lazySchema(() =>
  fleetPolicySchema.extend({
    nombreGestionnaires: z.number().int().describe('Gestionnaires du compte : un seuil n’est possible qu’avec au moins deux'),
  }),
);
export type FleetPolicyAnswer = z.infer<typeof fleetPolicyAnswerSchema>;

export const APPROVAL_STATUSES = ['EN_ATTENTE_VALIDATION', 'APPROUVEE', 'REFUSEE', 'EXPIREE'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const APPROVAL_STATUS_LABELS: Record<ApprovalStatus, string> = {
  EN_ATTENTE_VALIDATION: 'En attente de validation',
  APPROUVEE: 'Validée par un gestionnaire',
  REFUSEE: 'Refusée par un gestionnaire',
  EXPIREE: 'Annulée faute de validation sous 7 jours',
};

/** An order's approval, as its page shows it. */
export const orderApprovalSchema = lazySchema(() =>
  z.object({
    numero: z.string(),
    statut: z.enum(APPROVAL_STATUSES),
    statutLibelle: z.string(),
    montantHtCentimes: z.number().int(),
    seuilHtCentimes: z.number().int(),
    demandeur: z.string().describe('Le nom du gestionnaire qui a passé la commande'),
    demandeLe: z.string(),
    expireLe: z.string(),
    decidePar: z.string().nullable(),
    decideLe: z.string().nullable(),
    motif: z.string().nullable(),
    peutDecider: z.boolean().describe('L’appelant peut valider ou refuser : un autre gestionnaire que le demandeur, pas un agent'),
  }),
);
export type OrderApproval = z.infer<typeof orderApprovalSchema>;

export const approvalDecisionSchema = lazySchema(() =>
  z
    .object({
      decision: z.enum(['APPROUVEE', 'REFUSEE'], { error: 'Choisissez de valider ou de refuser la commande.' }),
      motif: z.string().trim().max(REFUSAL_REASON_MAX, `Le motif compte au plus ${REFUSAL_REASON_MAX} caractères.`).optional(),
    })
    .refine((value) => value.decision !== 'REFUSEE' || (value.motif ?? '').length > 0, { message: 'Indiquez le motif du refus.', path: ['motif'] }),
);
export type ApprovalDecision = z.infer<typeof approvalDecisionSchema>;

/** Whether an order of this amount HT waits for an approval under this threshold: strictly above it. */
export const needsApproval = (montantHtCentimes: number, seuilHtCentimes: number | null): boolean =>
  seuilHtCentimes !== null && montantHtCentimes > seuilHtCentimes;

/** The policy form: the threshold typed in euros HT (`1 500,00`; empty: no approval). */
export const fleetPolicyFormSchema = lazySchema(() =>
  z.object({
    centreObligatoire: z.boolean(),
    seuil: z.string().transform((text, ctx): number | null => {
      if (text.replace(/[\s\u00a0\u202f€]/g, '') === '') return null;
      const euros = eurosFromText(text);
      const centimes = hasCents(euros) ? Math.round(euros * 100) : Number.NaN;
      if (!(centimes >= 1 && centimes <= APPROVAL_THRESHOLD_MAX_CENTIMES)) {
        ctx.addIssue({ code: 'custom', message: 'Indiquez un montant HT en euros, au centime près, de 0,01 € à 1 000 000 € (vide : aucune validation).' });
        return z.NEVER;
      }
      return centimes;
    }),
  }),
);
export type FleetPolicyFormInput = z.input<typeof fleetPolicyFormSchema>;

export const fleetPolicyFormValues = (policy: FleetPolicy): FleetPolicyFormInput => ({
  centreObligatoire: policy.centreObligatoire,
  seuil: policy.seuilValidationHtCentimes === null ? '' : (policy.seuilValidationHtCentimes / 100).toFixed(2).replace('.', ','),
});
