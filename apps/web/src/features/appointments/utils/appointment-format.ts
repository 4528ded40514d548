import { APPOINTMENT_LINE_TYPE_GAMMES, type AppointmentLineType } from '@ecare/shared/appointments';
import { calendarDayFormat, parisDateTimeFormat } from '@ecare/shared/paris-time';

const longDay = parisDateTimeFormat({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const clock = parisDateTimeFormat({ hour: '2-digit', minute: '2-digit' });
const shortDay = calendarDayFormat({ weekday: 'short', day: 'numeric', month: 'short' });
const fullDay = calendarDayFormat({ weekday: 'long', day: 'numeric', month: 'long' });

/** "lundi 22 mars 2027 à 08:00", Paris time. */
export function appointmentWhen(iso: string): string {
  const instant = new Date(iso);
  return `${longDay.format(instant)} à ${clock.format(instant)}`;
}

/** A calendar day (YYYY-MM-DD) as a short label ("lun. 22 mars") and in full ("lundi 22 mars"). */
export function dayLabels(day: string): { short: string; full: string } {
  // Noon UTC of the day: the same calendar day, whatever the zone formatting it.
  const noon = new Date(`${day}T12:00:00Z`);
  return { short: shortDay.format(noon), full: fullDay.format(noon) };
}

/** MOBILE or FIXE from a line's product range (1 mobile, 2 fixed internet). */
export function lineTypeOf(idGamme: number): AppointmentLineType {
  return idGamme === APPOINTMENT_LINE_TYPE_GAMMES.FIXE ? 'FIXE' : 'MOBILE';
}
