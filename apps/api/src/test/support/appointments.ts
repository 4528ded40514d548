import ICAL from 'ical.js';
import { expect } from 'vitest';
import { appointmentSchema, errorMessage, type Appointment, type ApiErrorCode, type ErrorMessageValues } from '@ecare/shared';
import { bodyOf, errorOf, type TestContext } from '../harness.ts';

/** One event of an .ics file, read by an independent iCalendar parser (ical.js). */
export interface ParsedCalendar {
  method: string | null;
  uid: string;
  sequence: number;
  /** The start as the instant it stands for, its TZID resolved with the file's own VTIMEZONE. */
  start: Date;
  /** The start's time zone and wall-clock time as written. */
  startZone: string | null;
  startLocal: string;
  durationMinutes: number;
  status: string | null;
  summary: string;
  description: string;
  location: string;
  organizer: string;
  attendee: string;
  timeZones: string[];
}

export function parseCalendar(text: string): ParsedCalendar {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents('vtimezone');
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT in the calendar file');
  const event = new ICAL.Event(vevent);
  const dtstart = vevent.getFirstProperty('dtstart');
  const property = (name: string) => String(vevent.getFirstPropertyValue(name) ?? '');
  return {
    method: (calendar.getFirstPropertyValue('method') as string | null) ?? null,
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate(),
    startZone: (dtstart?.getParameter('tzid') as string | undefined) ?? null,
    startLocal: event.startDate.toString(),
    durationMinutes: event.duration.toSeconds() / 60,
    status: (vevent.getFirstPropertyValue('status') as string | null) ?? null,
    summary: event.summary,
    description: event.description,
    location: event.location,
    organizer: property('organizer'),
    attendee: property('attendee'),
    timeZones: zones.map((zone) => String(zone.getFirstPropertyValue('tzid'))),
  };
}

/** The calendar file of the newest e-mail to `to`, as stored in the outbox. */
export async function lastCalendarTo(t: TestContext, to: string) {
  const mail = (await t.outbox()).find((row) => row.recipient === to);
  if (!mail) throw new Error(`no e-mail to ${to}`);
  const [attachment] = mail.attachments;
  if (!attachment) throw new Error(`the last e-mail to ${to} has no attachment`);
  return { mail, attachment, calendar: parseCalendar(Buffer.from(attachment.contentBase64, 'base64').toString('utf8')) };
}

/** An answer carrying an appointment, checked against the shared schema. */
export function appointmentOf(response: Parameters<typeof bodyOf>[0], status = 200): Appointment {
  expect(response.statusCode, response.body).toBe(status);
  return bodyOf(response, appointmentSchema);
}

/** An error answer whose message shows values (a number of days…): its status, code and that message. */
export function expectErrorWith<C extends ApiErrorCode>(response: Parameters<typeof bodyOf>[0], status: number, code: C, values: ErrorMessageValues<C>): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorOf(response)).toMatchObject({ code, exceptionMessage: (errorMessage as (code: C, values: unknown) => string)(code, values) });
}
