/**
 * Amounts in euros as people type them in forms: the one reading of a typed amount, each form
 * then holding it to its own bounds.
 */

/** Euros as typed in France (`1 234,56`, `12,5 €`) or with a point: the number; NaN for anything else. Spaces of any kind and the € sign are ignored. */
export function eurosFromText(text: string): number {
  const compact = text.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(compact) ? Number(compact) : Number.NaN;
}

/** Whether an amount in euros is a whole number of cents (`12.5`, not `12.345`), read without floating-point noise. */
export const hasCents = (euros: number): boolean => Number.isFinite(euros) && Math.abs(Math.round(euros * 100) - euros * 100) < 1e-6;
