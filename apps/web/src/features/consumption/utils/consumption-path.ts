import { BILLING_PERIOD } from '@ecare/shared/consumption';
import { PATHS } from '../../../lib/routes.ts';

/** The query parameter of the chosen billing period (`?periode=2026-09`). */
export const PERIOD_PARAM = 'periode';

/** In-app path of a line's consumption page, for a period or the running one. */
export function consumptionPath(idContrat: number, periode: string | null = null): string {
  const path = `${PATHS.mobileLine}/${idContrat}/consommation`;
  return periode === null ? path : `${path}?${PERIOD_PARAM}=${encodeURIComponent(periode)}`;
}

/** The period an address asks for, or null (the running one) when it names none or not a month. */
export function periodFrom(search: URLSearchParams): string | null {
  const value = search.get(PERIOD_PARAM);
  return value !== null && BILLING_PERIOD.test(value) ? value : null;
}
