import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { MAX_ID } from './constants.ts';

/**
 * The unpaid-balance check run before the journeys that sell something (spec §3 "Unpaid-balance
 * request", §4 "Unpaid-balance gating", §7, §9; decision 028): `POST /api/impayes/verifier`.
 */

/** Spec §3, §9: RM a new phone, PU a plan change, AJL an added line. */
export const UNPAID_CHECK_ACTIONS = ['RM', 'PU', 'AJL'] as const;
export const unpaidCheckActionSchema = lazySchema(() => z.enum(UNPAID_CHECK_ACTIONS));
export type UnpaidCheckAction = z.infer<typeof unpaidCheckActionSchema>;

/** What each action is, as the message tells it ("Pour changer de forfait, …"). */
export const UNPAID_CHECK_ACTION_LABELS: Record<UnpaidCheckAction, string> = {
  RM: 'commander un nouveau téléphone',
  PU: 'changer de forfait',
  AJL: 'ajouter une ligne',
};

/** `idOffreEngagement` 0: no particular plan (no line chosen, or the plan of the new line not chosen yet). */
export const NO_OFFER = 0;

export const unpaidCheckRequestSchema = lazySchema(() =>
  z.object({
    idOffreEngagement: z
      .number()
      .int()
      .min(0)
      .max(MAX_ID)
      .describe('Le forfait concerné : celui de la ligne (RM, PU) ou celui de la ligne à ajouter (AJL) ; 0 quand aucun n’est encore choisi'),
    idClientBscs: z.number().int().positive().max(MAX_ID).describe('Le compte de facturation, que l’appelant doit gérer'),
    sirenSiret: z
      .string()
      .trim()
      .max(20)
      .regex(/^[\d\s.]*$/, 'Le SIREN/SIRET ne contient que des chiffres.')
      .describe('Le SIREN ou SIRET de l’entreprise du compte, tel que le portail le connaît ; vide si inconnu. Il doit être celui du compte'),
    action: unpaidCheckActionSchema.describe('RM nouveau téléphone, PU changement de forfait, AJL ajout de ligne'),
  }),
);
export type UnpaidCheckRequest = z.infer<typeof unpaidCheckRequestSchema>;

export const unpaidCheckResponseSchema = lazySchema(() =>
  z.object({
    /** True: the journey stops and the message is shown with a link to pay. */
    arretParcours: z.boolean(),
    /** Plain French text; empty when the journey may go on. */
    message: z.string(),
  }),
);
export type UnpaidCheckResponse = z.infer<typeof unpaidCheckResponseSchema>;

/** The SIREN (9 digits) of a SIREN or SIRET as typed or stored, or null when it is neither. */
export function sirenOf(sirenSiret: string): string | null {
  const digits = sirenSiret.replace(/[\s.]/g, '');
  return /^\d{9}(\d{5})?$/.test(digits) ? digits.slice(0, 9) : null;
}
