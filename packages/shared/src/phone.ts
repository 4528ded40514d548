export const UNKNOWN_PHONE = '???';

/**
 * Country codes whose numbers are dialled in France with a leading 0 and 9 more digits:
 * metropolitan France and the overseas departments (Réunion and Mayotte, Guadeloupe and the
 * Antilles, Guyane, Martinique).
 */
const FRENCH_COUNTRY_CODES = ['33', '262', '590', '594', '596'];

/** The ten national digits ("0612345678") of a French number written in any usual way, or null. */
export function frenchNationalDigits(text: string): string | null {
  const compact = text.replace(/\(0\)/g, '').replace(/[\s.()/-]/g, '');
  if (/^0\d{9}$/.test(compact)) return compact;
  if (/^[1-9]\d{8}$/.test(compact)) return `0${compact}`;
  const international = /^(?:\+|00)(\d+)$/.exec(compact)?.[1];
  if (international === undefined) return null;
  const code = FRENCH_COUNTRY_CODES.find((prefix) => international.startsWith(prefix));
  if (code === undefined) return null;
  // The overseas numbers keep their area after the 0: +262 692 12 34 56 is 0692 12 34 56.
  const rest = international.slice(code.length).replace(/^0/, '');
  return /^[1-9]\d{8}$/.test(rest) ? `0${rest}` : null;
}

/**
 * French national display ("06 12 34 56 78"); empty shows '???', anything else (a foreign or
 * unparsable number) stays as typed. Written by hand rather than with a numbering library: every
 * page of the signed-in frame shows numbers, and the library's metadata was the largest part of
 * that frame's download (decision 012).
 */
export function formatPhone(value: string | null | undefined): string {
  const raw = value?.trim() ?? '';
  if (raw === '') return UNKNOWN_PHONE;
  const digits = frenchNationalDigits(raw);
  return digits ? (digits.match(/\d\d/g) ?? []).join(' ') : raw;
}
