/**
 * French plurals of the words the portal counts with: « 1 mois », « 12 mois », « 1 mensualité »,
 * « 8 mensualités ». A word ending in s, x or z does not change (mois, rendez-vous, prix); zero
 * and one take the singular.
 */
export function pluralWord(count: number, singular: string, pluralForm?: string): string {
  if (Math.abs(count) < 2) return singular;
  return pluralForm ?? (/[sxz]$/.test(singular) ? singular : `${singular}s`);
}

/** « 8 mensualités », the number and its word held together by a no-break space. */
export function countOf(count: number, singular: string, pluralForm?: string): string {
  return `${count.toLocaleString('fr-FR')}\u00a0${pluralWord(count, singular, pluralForm)}`;
}
