/**
 * ICCID rules (the number printed on a SIM card, ITU-T E.118): 19 or 20 digits, `89` for
 * telecommunications then `33` for France, the last digit a Luhn key over the others. Pure, so
 * the web form and the API check the same way; whether a card is already in use is the API's.
 */

export const ICCID_PREFIX = '8933';
export const ICCID_LENGTHS = [19, 20] as const;
/** Longest input worth looking at (spaces included); beyond it the request itself is refused. */
export const ICCID_INPUT_MAX = 40;

/** Why a typed ICCID is not a valid one; each is a code of the error catalogue. */
export type IccidProblem = 'SIM_EMPTY' | 'SIM_DIGITS_ONLY' | 'SIM_LENGTH' | 'SIM_PREFIX' | 'SIM_CHECK_DIGIT';

export type IccidCheck = { ok: true; iccid: string } | { ok: false; problem: IccidProblem };

/** The number as printed on cards, often in groups: spaces are dropped. */
export function normalizeIccid(value: string): string {
  return value.replace(/\s+/g, '');
}

/** The Luhn key (mod 10) of a string of digits. */
export function luhnKey(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // From the right, every other digit starting with the rightmost is doubled (the key follows it).
    let value = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      value *= 2;
      if (value > 9) value -= 9;
    }
    sum += value;
  }
  return String((10 - (sum % 10)) % 10);
}

/** Whether the last digit is the Luhn key of the others. */
export function isLuhnValid(digits: string): boolean {
  return digits.length > 1 && /^\d+$/.test(digits) && luhnKey(digits.slice(0, -1)) === digits.slice(-1);
}

/** Checks a typed ICCID, in the order a person fixes their typing: empty, characters, length, prefix, key. */
export function checkIccid(value: string): IccidCheck {
  const iccid = normalizeIccid(value);
  if (iccid === '') return { ok: false, problem: 'SIM_EMPTY' };
  if (!/^\d+$/.test(iccid)) return { ok: false, problem: 'SIM_DIGITS_ONLY' };
  if (!(ICCID_LENGTHS as readonly number[]).includes(iccid.length)) return { ok: false, problem: 'SIM_LENGTH' };
  if (!iccid.startsWith(ICCID_PREFIX)) return { ok: false, problem: 'SIM_PREFIX' };
  if (!isLuhnValid(iccid)) return { ok: false, problem: 'SIM_CHECK_DIGIT' };
  return { ok: true, iccid };
}

/** What the portal shows of a card number: its last 4 digits. */
export function iccidEnd(iccid: string): string {
  return iccid.slice(-4);
}
