import { describe, expect, it } from 'vitest';
import { checkIccid, iccidEnd, isLuhnValid, luhnKey } from './sim.ts';

describe('Luhn key', () => {
  it('matches published vectors', () => {
    // The textbook example of the Luhn formula, and a well-known card test number.
    expect(isLuhnValid('79927398713')).toBe(true);
    expect(isLuhnValid('79927398710')).toBe(false);
    expect(isLuhnValid('4539148803436467')).toBe(true);
    expect(luhnKey('7992739871')).toBe('3');
  });
});

describe('ICCID check', () => {
  // Keys computed apart from this code (an independent Luhn implementation).
  const valid = ['8933010000000000028', '8933201234567890138', '8933109876543210980', '89330119020001234567'];

  it('accepts 19- and 20-digit French ICCIDs with their Luhn key, spaces ignored', () => {
    for (const iccid of valid) expect(checkIccid(iccid), iccid).toEqual({ ok: true, iccid });
    expect(checkIccid(' 8933 0100 0000 0000 028 ')).toEqual({ ok: true, iccid: '8933010000000000028' });
  });

  it('names the first problem of an invalid one', () => {
    expect(checkIccid('')).toEqual({ ok: false, problem: 'SIM_EMPTY' });
    expect(checkIccid('   ')).toEqual({ ok: false, problem: 'SIM_EMPTY' });
    expect(checkIccid('8933-0100-0000-0000-028')).toEqual({ ok: false, problem: 'SIM_DIGITS_ONLY' });
    expect(checkIccid('893301000000000002')).toEqual({ ok: false, problem: 'SIM_LENGTH' });
    expect(checkIccid('893301000000000000281')).toEqual({ ok: false, problem: 'SIM_LENGTH' });
    expect(checkIccid('8944010000000000024')).toEqual({ ok: false, problem: 'SIM_PREFIX' });
    // One digit changed, then two neighbours swapped: the key catches both.
    expect(checkIccid('8933010000000000029')).toEqual({ ok: false, problem: 'SIM_CHECK_DIGIT' });
    expect(checkIccid('8933202134567890138')).toEqual({ ok: false, problem: 'SIM_CHECK_DIGIT' });
  });

  it('shows only the last 4 digits', () => {
    expect(iccidEnd('8933201234567890138')).toBe('0138');
  });
});
