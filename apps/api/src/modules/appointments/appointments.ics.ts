import { createEvent, type EventAttributes } from 'ics';
import { APPOINTMENT_SLOT_MINUTES } from '@ecare/shared';
import { PARIS_TIME_ZONE, parisWallTime } from '@ecare/shared/paris-time';

/**
 * Europe/Paris as iCalendar describes a time zone (RFC 5545 §3.6.5): the European Union's rule
 * since 1996, summer time from 02:00 on the last Sunday of March to 03:00 on the last Sunday of
 * October. Calendars read the event's times with it.
 */
const PARIS_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${PARIS_TIME_ZONE}`,
  `X-LIC-LOCATION:${PARIS_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

export interface CalendarEvent {
  /** Stable for the appointment's whole life: a calendar replaces or removes the event it holds. */
  uid: string;
  /** 0 when booked, one more at each move and at its cancellation. */
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
  start: Date;
  title: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  stamp: Date;
}

/** The local time in Paris as iCalendar writes it: 20260302T080000. */
function parisLocal(instant: Date): string {
  const wall = parisWallTime(instant);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${wall.day.replaceAll('-', '')}T${pad(wall.hour)}${pad(wall.minute)}${pad(wall.second)}`;
}

/**
 * The appointment as an iCalendar file (`ics`), its start in Paris time. The library writes times
 * in UTC or in the server's own zone only: its UTC start is rewritten with `TZID=Europe/Paris` and
 * the zone's definition added, so that a calendar shows 08:00 for an 08:00 appointment wherever it
 * runs, and keeps it at 08:00 Paris time across a change of summer time.
 */
export function appointmentCalendar(event: CalendarEvent): string {
  const cancelled = event.method === 'CANCEL';
  const attributes: EventAttributes = {
    productId: '-//Espace client Pro//Rendez-vous//FR',
    method: event.method,
    uid: event.uid,
    sequence: event.sequence,
    start: event.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: APPOINTMENT_SLOT_MINUTES },
    title: event.title,
    description: event.description,
    location: event.location,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: cancelled ? 'FREE' : 'BUSY',
    organizer: event.organizer,
    attendees: [{ ...event.attendee, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' }],
    ...(cancelled ? {} : { alarms: [{ action: 'display', description: event.title, trigger: { minutes: 15, before: true } }] }),
  };
  // The library stamps with the machine's clock unless told; the injected clock says when.
  const { error, value } = createEvent({ ...attributes, timestamp: event.stamp.getTime() } as EventAttributes);
  if (error || !value) throw error ?? new Error('calendar event not generated');
  const utcStart = /^DTSTART:\d{8}T\d{6}Z\r$/m;
  if (!utcStart.test(value)) throw new Error('calendar event without a UTC start');
  return value
    .replace(utcStart, `DTSTART;TZID=${PARIS_TIME_ZONE}:${parisLocal(event.start)}\r`)
    .replace('BEGIN:VEVENT\r\n', `${PARIS_VTIMEZONE}\r\nBEGIN:VEVENT\r\n`);
}
