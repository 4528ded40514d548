import { describe, expect, it } from 'vitest';
import {
  allowanceLimit,
  chartScale,
  formatAllowance,
  formatData,
  formatDayMonth,
  formatEuros,
  formatMinutes,
  formatMinutesTick,
  formatMonthShort,
  formatPeriod,
  formatPeriodTitle,
  formatSms,
} from './consumption-format.ts';

// Intl puts a narrow no-break space (U+202F) between thousands and a no-break space (U+00A0) before units.
const spaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('consumption formatting (fr-FR)', () => {
  it('shows data in Mo under a gigabyte and in Go above, with a decimal comma', () => {
    expect(spaces(formatData(0))).toBe('0 Mo');
    expect(spaces(formatData(850))).toBe('850 Mo');
    expect(spaces(formatData(1_023))).toBe('1 023 Mo');
    expect(spaces(formatData(1_024))).toBe('1 Go');
    expect(spaces(formatData(1_280))).toBe('1,25 Go');
    expect(spaces(formatData(5_120))).toBe('5 Go');
    expect(spaces(formatData(71_680))).toBe('70 Go');
    expect(spaces(formatData(105_131))).toBe('102,7 Go');
    expect(spaces(formatData(1_572_864))).toBe('1 536 Go');
  });

  it('shows call time in minutes, then hours and minutes', () => {
    expect(spaces(formatMinutes(0))).toBe('0 min');
    expect(spaces(formatMinutes(45))).toBe('45 min');
    expect(spaces(formatMinutes(120))).toBe('2 h');
    expect(spaces(formatMinutes(185))).toBe('3 h 5 min');
    expect(spaces(formatMinutes(1_234))).toBe('20 h 34 min');
    expect(spaces(formatMinutesTick(25))).toBe('25 min');
    expect(spaces(formatMinutesTick(90))).toBe('1,5 h');
    expect(spaces(formatMinutesTick(240))).toBe('4 h');
  });

  it('shows SMS counts and euros the French way', () => {
    expect(spaces(formatSms(1_234))).toBe('1 234 SMS');
    expect(spaces(formatEuros(84))).toBe('84,00 €');
    expect(spaces(formatEuros(1_481.47))).toBe('1 481,47 €');
  });

  it('names billing periods and days in French', () => {
    expect(formatPeriod('2026-11')).toBe('novembre 2026');
    expect(formatPeriodTitle('2026-08')).toBe('Août 2026');
    expect(formatMonthShort('2026-07')).toBe('juil.');
    expect(formatDayMonth('2026-11-01')).toBe('1er novembre');
    expect(formatDayMonth('2026-02-28')).toBe('28 février');
  });

  it('says what a plan includes', () => {
    expect(formatAllowance('voix', { illimite: true, inclus: null })).toBe('Illimités');
    expect(formatAllowance('data', { illimite: true, inclus: null })).toBe('Illimitées');
    expect(spaces(formatAllowance('voix', { illimite: false, inclus: 120 }))).toBe('2 h');
    expect(spaces(formatAllowance('data', { illimite: false, inclus: 51_200 }))).toBe('50 Go');
    expect(formatAllowance('sms', { illimite: false, inclus: 0 })).toBe('Non inclus');
    expect(allowanceLimit({ illimite: false, inclus: 5_120 })).toBe(5_120);
    expect(allowanceLimit({ illimite: true, inclus: null })).toBeNull();
    expect(allowanceLimit({ illimite: false, inclus: 0 })).toBeNull();
  });

  it('scales a chart in round steps that hold every value and the allowance', () => {
    expect(chartScale([30, 80, 120], null)).toEqual({ max: 125, ticks: [0, 25, 50, 75, 100, 125] });
    // Data in whole gigabytes: 50 Go allowance, up to 125 Go used.
    expect(chartScale([71_680, 128_000], 51_200, 1_024)).toEqual({ max: 125 * 1_024, ticks: [0, 25, 50, 75, 100, 125].map((gb) => gb * 1_024) });
    expect(chartScale([71_680, 130_000], 51_200, 1_024).max).toBe(150 * 1_024);
    // The allowance above every bar still fits.
    expect(chartScale([10, 20], 100).max).toBe(100);
    expect(chartScale([0, 0], null)).toEqual({ max: 1, ticks: [0, 1] });
  });
});
