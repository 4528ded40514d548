import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, parisDay, parisInstant, parisOffsetMinutes, parisWallTime, weekdayOf } from './paris-time.ts';

describe('the tests’ own clock', () => {
  it('is New York’s (vitest.config.ts), so that a time read in the process’s zone fails them', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/New_York');
    expect(new Date('2026-01-15T13:18:00Z').getHours()).toBe(8);
  });
});

describe('Paris wall-clock time', () => {
  it('reads the day in Paris, not in UTC, around midnight', () => {
    expect(parisDay(new Date('2027-01-12T22:59:00Z'))).toBe('2027-01-12');
    expect(parisDay(new Date('2027-01-12T23:00:00Z'))).toBe('2027-01-13');
    expect(parisDay(new Date('2026-07-14T21:59:00Z'))).toBe('2026-07-14');
    expect(parisDay(new Date('2026-07-14T22:00:00Z'))).toBe('2026-07-15');
  });

  it('has the winter and summer offsets, changing on the last Sundays of March and October', () => {
    expect(parisOffsetMinutes(new Date('2026-01-15T12:00:00Z'))).toBe(60);
    expect(parisOffsetMinutes(new Date('2026-07-15T12:00:00Z'))).toBe(120);
    // 29 March 2026, 01:00 UTC: 02:00 becomes 03:00.
    expect(parisOffsetMinutes(new Date('2026-03-29T00:59:00Z'))).toBe(60);
    expect(parisOffsetMinutes(new Date('2026-03-29T01:00:00Z'))).toBe(120);
    // 25 October 2026, 01:00 UTC: 03:00 becomes 02:00.
    expect(parisOffsetMinutes(new Date('2026-10-25T00:59:00Z'))).toBe(120);
    expect(parisOffsetMinutes(new Date('2026-10-25T01:00:00Z'))).toBe(60);
  });

  it('turns a Paris clock time into its instant on either side of a change', () => {
    // The Saturday before and the Monday after summer time starts (29 March 2026).
    expect(parisInstant('2026-03-28', 8).toISOString()).toBe('2026-03-28T07:00:00.000Z');
    expect(parisInstant('2026-03-30', 8).toISOString()).toBe('2026-03-30T06:00:00.000Z');
    expect(parisInstant('2026-03-29', 19, 30).toISOString()).toBe('2026-03-29T17:30:00.000Z');
    // The Saturday before and the Monday after it ends (25 October 2026).
    expect(parisInstant('2026-10-24', 19, 30).toISOString()).toBe('2026-10-24T17:30:00.000Z');
    expect(parisInstant('2026-10-26', 8).toISOString()).toBe('2026-10-26T07:00:00.000Z');
    // Midnight, the day the clocks change.
    expect(parisInstant('2026-03-29', 0).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(parisInstant('2026-10-25', 0).toISOString()).toBe('2026-10-24T22:00:00.000Z');
  });

  it('reads a skipped time with the winter offset and a repeated one as its first occurrence', () => {
    expect(parisInstant('2026-03-29', 2, 30).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(parisInstant('2026-10-25', 2, 30).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('gives back the wall time it was given', () => {
    for (const day of ['2026-01-01', '2026-03-28', '2026-03-30', '2026-06-21', '2026-10-26', '2027-02-28']) {
      for (const [hour, minute] of [[8, 0], [12, 30], [19, 30]] as const) {
        const wall = parisWallTime(parisInstant(day, hour, minute));
        expect([wall.day, wall.hour, wall.minute]).toEqual([day, hour, minute]);
      }
    }
  });

  it('counts calendar days across months, years and clock changes', () => {
    expect(addDays('2026-03-31', 1)).toBe('2026-04-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-10-30', '2026-10-24')).toBe(-6);
    expect(weekdayOf('2026-03-29')).toBe(0);
    expect(weekdayOf('2026-11-21')).toBe(6);
  });
});
