/** Label used wherever a company identifier is shown (header, mobile menu, account pages). */
export const SIREN_SIRET_LABEL = 'SIREN/SIRET';

/**
 * Company identifier as people read it: SIREN '123 456 789', SIRET '123 456 789 00012'
 * (SIREN in threes, then the 5-digit establishment number). Anything that is not 9 or 14
 * digits once spaces are removed stays as given, so a wrong value is never hidden.
 */
export function formatSirenSiret(value: string | null | undefined): string {
  const raw = value?.trim() ?? '';
  const digits = raw.replace(/[\s.]/g, '');
  if (!/^\d{9}(\d{5})?$/.test(digits)) return raw;
  const siren = `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 9)}`;
  return digits.length === 14 ? `${siren} ${digits.slice(9)}` : siren;
}

/** The intra-community VAT number France gives a company: FR, a two-digit key, the SIREN. */
export function frenchVatNumber(siren: string): string {
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return `FR${String(key).padStart(2, '0')}${siren}`;
}
