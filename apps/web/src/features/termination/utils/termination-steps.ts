import { PATHS } from '../../../lib/routes.ts';

/** The steps, in order, by their name in the address (`?etape=`). */
export const TERMINATION_STEPS = [
  { id: 'motif', label: 'Motif' },
  { id: 'precision', label: 'Précision du motif' },
  { id: 'frais', label: 'Engagement et frais' },
  { id: 'justificatifs', label: 'Justificatifs' },
  { id: 'recapitulatif', label: 'Récapitulatif' },
  { id: 'confirmation', label: 'Confirmation' },
] as const;

export type TerminationStep = (typeof TERMINATION_STEPS)[number]['id'];

export const STEP_PARAM = 'etape';

export function stepFrom(value: string | null): TerminationStep {
  return TERMINATION_STEPS.find((step) => step.id === value)?.id ?? 'motif';
}

/** In-app path of a line's termination, at a step. */
export function terminationPath(idContrat: number, step?: TerminationStep): string {
  const path = `${PATHS.mobileLine}/${idContrat}/${PATHS.terminationSegment}`;
  return step && step !== 'motif' ? `${path}?${STEP_PARAM}=${step}` : path;
}
