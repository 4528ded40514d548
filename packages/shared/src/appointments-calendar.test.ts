import { describe, expect, it } from 'vitest';
import { closedReason, easterSunday, frenchPublicHolidays, isSlotStart, parisClock, publicHolidayOn, slotStartsOn } from './appointments-calendar.ts';

describe('easterSunday', () => {
  it.each([
    [1818, '1818-03-22'], // the earliest possible date
    [1943, '1943-04-25'], // the latest possible date
    [2000, '2000-04-23'],
    [2008, '2008-03-23'],
    [2011, '2011-04-24'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
  ])('%i → %s', (year, expected) => {
    expect(easterSunday(year)).toBe(expected);
  });
});

describe('frenchPublicHolidays', () => {
  it('gives the eleven holidays of 2026', () => {
    expect(frenchPublicHolidays(2026)).toEqual([
      { day: '2026-01-01', libelle: 'Jour de l’an' },
      { day: '2026-04-06', libelle: 'Lundi de Pâques' },
      { day: '2026-05-01', libelle: 'Fête du Travail' },
      { day: '2026-05-08', libelle: 'Victoire 1945' },
      { day: '2026-05-14', libelle: 'Ascension' },
      { day: '2026-05-25', libelle: 'Lundi de Pentecôte' },
      { day: '2026-07-14', libelle: 'Fête nationale' },
      { day: '2026-08-15', libelle: 'Assomption' },
      { day: '2026-11-01', libelle: 'Toussaint' },
      { day: '2026-11-11', libelle: 'Armistice 1918' },
      { day: '2026-12-25', libelle: 'Noël' },
    ]);
  });

  it('gives the eleven holidays of 2027, Easter falling in March', () => {
    expect(frenchPublicHolidays(2027).map((holiday) => holiday.day)).toEqual([
      '2027-01-01',
      '2027-03-29',
      '2027-05-01',
      '2027-05-06',
      '2027-05-08',
      '2027-05-17',
      '2027-07-14',
      '2027-08-15',
      '2027-11-01',
      '2027-11-11',
      '2027-12-25',
    ]);
    expect(publicHolidayOn('2027-05-06')).toBe('Ascension');
    expect(publicHolidayOn('2027-05-17')).toBe('Lundi de Pentecôte');
  });

  it('knows an Ascension falling on 1 May (2008) as both', () => {
    const days = frenchPublicHolidays(2008).map((holiday) => holiday.day);
    expect(days.filter((day) => day === '2008-05-01')).toHaveLength(2);
  });
});

describe('opening hours', () => {
  it('closes on Sundays and public holidays only', () => {
    expect(closedReason('2026-03-29')).toEqual({ raison: 'DIMANCHE', libelle: 'Dimanche' });
    expect(closedReason('2026-04-06')).toEqual({ raison: 'JOUR_FERIE', libelle: 'Lundi de Pâques' });
    // 15 August 2027 is a Sunday and a holiday: the holiday is what the page says.
    expect(closedReason('2027-08-15')).toEqual({ raison: 'JOUR_FERIE', libelle: 'Assomption' });
    expect(closedReason('2026-03-28')).toBeNull();
    expect(closedReason('2026-03-30')).toBeNull();
  });

  it('offers 24 slots of 30 minutes from 08:00 to 19:30 on a working day, in Paris time', () => {
    const winter = slotStartsOn('2026-03-28');
    expect(winter).toHaveLength(24);
    expect(winter.map(parisClock)).toEqual(
      Array.from({ length: 24 }, (_, i) => `${String(8 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 === 0 ? '00' : '30'}`),
    );
    expect(winter[0]?.toISOString()).toBe('2026-03-28T07:00:00.000Z');
    expect(winter[23]?.toISOString()).toBe('2026-03-28T18:30:00.000Z');
    // The Monday after summer time began: 08:00 in Paris is 06:00 UTC.
    expect(slotStartsOn('2026-03-30')[0]?.toISOString()).toBe('2026-03-30T06:00:00.000Z');
    expect(slotStartsOn('2026-03-29')).toEqual([]);
    expect(slotStartsOn('2026-05-14')).toEqual([]);
  });

  it('recognises the exact start of a slot only', () => {
    expect(isSlotStart(new Date('2026-03-30T06:00:00Z'))).toBe(true);
    expect(isSlotStart(new Date('2026-03-30T17:30:00Z'))).toBe(true); // 19:30 in Paris
    expect(isSlotStart(new Date('2026-03-30T18:00:00Z'))).toBe(false); // 20:00: closed
    expect(isSlotStart(new Date('2026-03-30T05:30:00Z'))).toBe(false); // 07:30
    expect(isSlotStart(new Date('2026-03-30T06:15:00Z'))).toBe(false);
    expect(isSlotStart(new Date('2026-03-30T06:00:01Z'))).toBe(false);
    expect(isSlotStart(new Date('2026-03-29T08:00:00Z'))).toBe(false); // Sunday
    expect(isSlotStart(new Date('2026-04-06T08:00:00Z'))).toBe(false); // Easter Monday
    expect(isSlotStart(new Date('invalid'))).toBe(false);
  });
});
