import { FLOW_STEP, FLOW_STEP_LABELS } from '@ecare/shared/shop';
import { PATHS } from '../../../lib/routes.ts';

/**
 * The add-line flow's steps (spec §3 order-flow steps), by their name in the address (`?etape=`).
 * Payment by card (PaiementEnCours…) is not offered yet: a transfer order ends confirmed.
 */
export const ADD_LINE_STEPS = [
  { id: 'options', step: FLOW_STEP.ChoixDesOptions },
  { id: 'lignes', step: FLOW_STEP.RecapitulatifDesLignes },
  { id: 'coordonnees', step: FLOW_STEP.Coordoonees },
  { id: 'recapitulatif', step: FLOW_STEP.RécapitulatifDeLaCommande },
  { id: 'confirmation', step: FLOW_STEP.TermineeConfirmation },
] as const;

export type AddLineStep = (typeof ADD_LINE_STEPS)[number]['id'];

export const ADD_LINE_STEP_LABELS: readonly string[] = ADD_LINE_STEPS.map((entry) => FLOW_STEP_LABELS[entry.step]);

export const STEP_PARAM = 'etape';
/** The cart line being changed in the first step (`?ligne=`). */
export const LINE_PARAM = 'ligne';

export function stepFrom(value: string | null): AddLineStep {
  return ADD_LINE_STEPS.find((entry) => entry.id === value)?.id ?? 'options';
}

export const stepIndex = (step: AddLineStep): number => ADD_LINE_STEPS.findIndex((entry) => entry.id === step);

/** In-app path of the flow at a step (the first one without `?etape=`), optionally on one line of the cart. */
export function addLinePath(step: AddLineStep = 'options', idLigne?: number): string {
  const search = new URLSearchParams();
  if (step !== 'options') search.set(STEP_PARAM, step);
  if (idLigne !== undefined) search.set(LINE_PARAM, String(idLigne));
  const query = search.toString();
  return query ? `${PATHS.addLine}?${query}` : PATHS.addLine;
}
