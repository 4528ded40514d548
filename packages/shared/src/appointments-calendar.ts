import { addDays, parisInstant, parisWallTime, weekdayOf } from './paris-time.ts';

/**
 * When an adviser can be met (decision 029): 30-minute appointments, Monday to Saturday from
 * 08:00 to 20:00 in Paris, except on the public holidays of France. Pure rules, shared by the API
 * (which decides) and the web app (which shows the days). Free of zod.
 */
export const APPOINTMENT_SLOT_MINUTES = 30;
/** First slot at 08:00, last one at 19:30 (it ends at 20:00). */
export const APPOINTMENT_OPENING_HOUR = 8;
export const APPOINTMENT_CLOSING_HOUR = 20;

/**
 * Easter Sunday of a Gregorian year ('YYYY-MM-DD'), by the anonymous algorithm (Meeus, Jones,
 * Butcher): the first Sunday after the ecclesiastical full moon on or after 21 March.
 */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export interface PublicHoliday {
  day: string;
  libelle: string;
}

/**
 * The eleven public holidays of France (Code du travail, art. L3133-1) in a year, in date order:
 * eight on fixed dates and three that follow Easter (its Monday, Ascension 39 days after Easter,
 * Whit Monday 50 days after). The two more days of Alsace and Moselle are not included: the
 * advisers work from the national calendar.
 */
export function frenchPublicHolidays(year: number): PublicHoliday[] {
  const y = String(year).padStart(4, '0');
  const easter = easterSunday(year);
  const holidays: PublicHoliday[] = [
    { day: `${y}-01-01`, libelle: 'Jour de l’an' },
    { day: addDays(easter, 1), libelle: 'Lundi de Pâques' },
    { day: `${y}-05-01`, libelle: 'Fête du Travail' },
    { day: `${y}-05-08`, libelle: 'Victoire 1945' },
    { day: addDays(easter, 39), libelle: 'Ascension' },
    { day: addDays(easter, 50), libelle: 'Lundi de Pentecôte' },
    { day: `${y}-07-14`, libelle: 'Fête nationale' },
    { day: `${y}-08-15`, libelle: 'Assomption' },
    { day: `${y}-11-01`, libelle: 'Toussaint' },
    { day: `${y}-11-11`, libelle: 'Armistice 1918' },
    { day: `${y}-12-25`, libelle: 'Noël' },
  ];
  return holidays.sort((a, b) => a.day.localeCompare(b.day));
}

const holidaysByYear = new Map<number, Map<string, string>>();

/** The public holiday falling on `day`, by name, or null. */
export function publicHolidayOn(day: string): string | null {
  const year = Number(day.slice(0, 4));
  let holidays = holidaysByYear.get(year);
  if (!holidays) {
    holidays = new Map(frenchPublicHolidays(year).map((holiday) => [holiday.day, holiday.libelle]));
    holidaysByYear.set(year, holidays);
  }
  return holidays.get(day) ?? null;
}

/** Why no adviser is there on a day, or null on a working day. */
export type ClosedReason = { raison: 'DIMANCHE'; libelle: string } | { raison: 'JOUR_FERIE'; libelle: string };

export function closedReason(day: string): ClosedReason | null {
  const holiday = publicHolidayOn(day);
  if (holiday) return { raison: 'JOUR_FERIE', libelle: holiday };
  if (weekdayOf(day) === 0) return { raison: 'DIMANCHE', libelle: 'Dimanche' };
  return null;
}

/** The starts of the day's slots (08:00, 08:30 … 19:30 in Paris), none on a closed day. */
export function slotStartsOn(day: string): Date[] {
  if (closedReason(day)) return [];
  const starts: Date[] = [];
  for (let minutes = APPOINTMENT_OPENING_HOUR * 60; minutes < APPOINTMENT_CLOSING_HOUR * 60; minutes += APPOINTMENT_SLOT_MINUTES) {
    starts.push(parisInstant(day, Math.floor(minutes / 60), minutes % 60));
  }
  return starts;
}

/** Whether `instant` is exactly the start of a slot of the opening hours (whatever it is booked or past). */
export function isSlotStart(instant: Date): boolean {
  if (Number.isNaN(instant.getTime()) || instant.getTime() % 60_000 !== 0) return false;
  const wall = parisWallTime(instant);
  if (wall.minute % APPOINTMENT_SLOT_MINUTES !== 0) return false;
  if (wall.hour < APPOINTMENT_OPENING_HOUR || wall.hour >= APPOINTMENT_CLOSING_HOUR) return false;
  return closedReason(wall.day) === null;
}

/** 'HH:MM' in Paris. */
export function parisClock(instant: Date): string {
  const wall = parisWallTime(instant);
  return `${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`;
}
