import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

export const UNKNOWN_PHONE = '???';

/** French national display ("06 12 34 56 78"); empty shows '???', unparsable stays as typed. */
export function formatPhone(value: string | null | undefined): string {
  const raw = value?.trim() ?? '';
  if (raw === '') return UNKNOWN_PHONE;
  const parsed = parsePhoneNumberFromString(raw, 'FR');
  return parsed ? parsed.formatNational() : raw;
}
