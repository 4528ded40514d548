import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointmentInfosSchema, appointmentSlotsSchema, type AppointmentSlots } from '@ecare/shared';
import { parisInstant } from '@ecare/shared/paris-time';
import { appointments, auditLog } from '../../db/schema.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { createContract } from '../../db/seed/factories.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, expectError, useTestContext, type TestContext } from '../../test/harness.ts';
import { appointmentOf, expectErrorWith, lastCalendarTo } from '../../test/support/appointments.ts';
import { APPOINTMENT_QUOTA } from './appointments.service.ts';

/**
 * The tests' "now": Wednesday 17 March 2027, 10:00 in Paris (winter time). Summer time starts on
 * Sunday 28 March, and Monday 29 March is Easter Monday.
 */
const NOW = new Date('2027-03-17T09:00:00Z');

async function atFixedTime(t: TestContext) {
  t.clock.advance(NOW.getTime() - t.clock.now().getTime());
  // The demo's appointments are dated from the day it was seeded, not from this fixed day: the
  // adviser's diary the tests count slots in starts empty.
  await t.db.delete(appointments);
  return demoFixture(t);
}

const { t, f } = useTestContext(atFixedTime);

const slots = (token: string, idContrat: number, range = '', typeLigne = 'MOBILE') =>
  t.get(`/api/rdv/creneaux?typeLigne=${typeLigne}&idContrat=${idContrat}${range}`, token);

async function freeSlots(token: string, idContrat: number, du: string, au: string): Promise<AppointmentSlots> {
  const response = await slots(token, idContrat, `&du=${du}&au=${au}`);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf(response, appointmentSlotsSchema);
}

const at = (day: string, hour: number, minute = 0) => parisInstant(day, hour, minute).toISOString();

const book = (token: string, idContrat: number, debut: string, extra: Record<string, unknown> = {}) =>
  t.send('POST', '/api/rdv/reserver', { token, json: { idContrat, debut, motif: 'TECHNIQUE', telephone: '06 12 34 56 78', ...extra } });
const move = (token: string, idRdv: number | string, debut: string) => t.send('PUT', `/api/rdv/${idRdv}`, { token, json: { debut } });
const cancel = (token: string, idRdv: number | string) => t.send('DELETE', `/api/rdv/${idRdv}`, { token });

const infos = async (token: string, idContrat: number) => {
  const response = await t.get(`/api/rdv/MOBILE/${idContrat}/infos`, token);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf(response, appointmentInfosSchema);
};

describe('GET /api/rdv/creneaux', () => {
  it('offers Monday to Saturday, 08:00–19:30 in Paris time, across the change to summer time and Easter Monday', async () => {
    const { jours } = await freeSlots(f.manager, f.colleague(0).idContrat, '2027-03-27', '2027-03-30');
    expect(jours.map((day) => [day.date, day.ferme?.raison ?? null, day.creneaux.length])).toEqual([
      ['2027-03-27', null, 24],
      ['2027-03-28', 'DIMANCHE', 0],
      ['2027-03-29', 'JOUR_FERIE', 0],
      ['2027-03-30', null, 24],
    ]);
    expect(jours[2]?.ferme?.libelle).toBe('Lundi de Pâques');
    const [saturday, , , tuesday] = jours;
    // Winter: 08:00 in Paris is 07:00 UTC; summer: 06:00 UTC.
    expect(saturday?.creneaux[0]).toEqual({ debut: '2027-03-27T07:00:00.000Z', heure: '08:00' });
    expect(saturday?.creneaux.at(-1)).toEqual({ debut: '2027-03-27T18:30:00.000Z', heure: '19:30' });
    expect(tuesday?.creneaux[0]).toEqual({ debut: '2027-03-30T06:00:00.000Z', heure: '08:00' });
    expect(tuesday?.creneaux.at(-1)).toEqual({ debut: '2027-03-30T17:30:00.000Z', heure: '19:30' });
  });

  it('leaves out the public holidays of May 2027 (Fête du Travail, Ascension, Victoire 1945)', async () => {
    const { jours } = await freeSlots(f.manager, f.colleague(0).idContrat, '2027-05-01', '2027-05-08');
    const closed = jours.filter((day) => day.ferme).map((day) => [day.date, day.ferme?.libelle]);
    expect(closed).toEqual([
      ['2027-05-01', 'Fête du Travail'],
      ['2027-05-02', 'Dimanche'],
      ['2027-05-06', 'Ascension'],
      ['2027-05-08', 'Victoire 1945'],
    ]);
    for (const day of jours.filter((d) => d.ferme)) expect(day.creneaux).toEqual([]);
  });

  it('leaves out today’s past slots and those within the hour, and defaults to a week from today', async () => {
    const response = await slots(f.manager, f.colleague(0).idContrat);
    const { du, au, jours } = bodyOf(response, appointmentSlotsSchema);
    expect([du, au]).toEqual(['2027-03-17', '2027-03-23']);
    expect(jours[0]?.creneaux[0]?.heure).toBe('11:00');
    expect(jours[0]?.creneaux).toHaveLength(18);
  });

  it('refuses a period in the past, reversed, longer than 31 days or beyond 60 days ahead', async () => {
    const line = f.colleague(0).idContrat;
    for (const range of ['&du=2027-03-16&au=2027-03-20', '&du=2027-03-20&au=2027-03-19', '&du=2027-03-18&au=2027-04-18', '&du=2027-05-10&au=2027-05-17']) {
      expectErrorWith(await slots(f.manager, line, range), 400, 'APPOINTMENT_RANGE_INVALID', { days: 60 });
    }
    expect((await slots(f.manager, line, '&du=2027-03-18&au=2027-04-17')).statusCode).toBe(200);
    for (const range of ['&du=2027-02-30', '&du=17/03/2027', '&au=demain']) expect((await slots(f.manager, line, range)).statusCode).toBe(400);
  });

  it('checks the line: reached by the caller, of the type named', async () => {
    expectError(await slots(f.manager, f.colleague(0).idContrat, '', 'FIXE'), 400, 'APPOINTMENT_LINE_TYPE');
    expectError(await slots(f.stranger, f.colleague(0).idContrat), 403, 'FORBIDDEN_CONTRACT');
    expectError(await slots(f.lineUser, f.colleague(0).idContrat), 403, 'FORBIDDEN_CONTRACT');
    expectError(await slots(f.mandataire, f.unmanagedLine.idContrat), 403, 'FORBIDDEN_CONTRACT');
    expect((await slots(f.lineUser, f.own.idContrat)).statusCode).toBe(200);
    expect((await t.get(`/api/rdv/creneaux?typeLigne=MOBILE&idContrat=${f.own.idContrat}`)).statusCode).toBe(401);
    expectError(await t.get(`/api/rdv/FIXE/${f.own.idContrat}/infos`, f.lineUser), 400, 'APPOINTMENT_LINE_TYPE');
    expectError(await t.get(`/api/rdv/MOBILE/${f.colleague(0).idContrat}/infos`, f.stranger), 403, 'FORBIDDEN_CONTRACT');
  });
});

describe('booking', () => {
  it('books a free slot, tells who booked it, and the slot is no longer offered', async () => {
    const line = f.colleague(1).idContrat;
    const debut = at('2027-03-18', 9, 30);
    const booked = appointmentOf(await book(f.manager, line, debut, { telephone: '+33 6 12 34 56 78' }), 201);
    expect(booked).toMatchObject({ idContrat: line, typeLigne: 'MOBILE', debut, fin: at('2027-03-18', 10), motif: 'TECHNIQUE', telephone: '0612345678', statut: 'RESERVE', priseParVous: true });
    const { jours } = await freeSlots(f.lineUser, f.own.idContrat, '2027-03-18', '2027-03-18');
    expect(jours[0]?.creneaux.map((slot) => slot.debut)).not.toContain(debut);
    expect(jours[0]?.creneaux).toHaveLength(23);

    const seen = await infos(f.manager, line);
    expect(seen).toMatchObject({ idContrat: line, typeLigne: 'MOBILE', raisonSociale: 'Boulangerie Lemoine SARL', maxRendezVous: 2 });
    expect(seen.rendezVous.map((rdv) => [rdv.idRdv, rdv.priseParVous])).toEqual([[booked.idRdv, true]]);

    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'RESERVATION_RDV'), eq(auditLog.idContrat, line)));
    expect(entry).toMatchObject({ idClientBscs: f.account, details: { avant: null, apres: { idRdv: booked.idRdv, debut } } });
  });

  it('shows a line user’s booking to the manager as someone else’s, and the manager may move it', async () => {
    const mine = appointmentOf(await book(f.lineUser, f.own.idContrat, at('2027-03-19', 14)), 201);
    const seen = await infos(f.manager, f.own.idContrat);
    expect(seen.rendezVous.find((rdv) => rdv.idRdv === mine.idRdv)?.priseParVous).toBe(false);
    expect(seen.telephoneContact).toBe(f.own.numeroLigne);
    const moved = appointmentOf(await move(f.manager, mine.idRdv, at('2027-03-19', 15)));
    expect(moved.priseParVous).toBe(false);
    appointmentOf(await cancel(f.lineUser, mine.idRdv));
  });

  it('refuses a time that is not a slot, one too soon, in the past or too far ahead', async () => {
    const line = f.colleague(2).idContrat;
    for (const debut of [at('2027-03-18', 20), at('2027-03-18', 7, 30), at('2027-03-18', 9, 15), at('2027-03-21', 10), at('2027-03-29', 10), '2027-03-18T08:00:30Z']) {
      expectError(await book(f.manager, line, debut), 400, 'APPOINTMENT_SLOT_INVALID');
    }
    expectError(await book(f.manager, line, at('2027-03-17', 10, 30)), 400, 'APPOINTMENT_SLOT_PAST');
    expectError(await book(f.manager, line, at('2027-03-16', 10)), 400, 'APPOINTMENT_SLOT_PAST');
    expectErrorWith(await book(f.manager, line, at('2027-05-18', 10)), 400, 'APPOINTMENT_SLOT_TOO_FAR', { days: 60 });
    for (const json of [
      { idContrat: line, debut: '18/03/2027 10:00', motif: 'TECHNIQUE', telephone: '0612345678' },
      { idContrat: line, debut: at('2027-03-18', 10), motif: 'RIEN', telephone: '0612345678' },
      { idContrat: line, debut: at('2027-03-18', 10), motif: 'TECHNIQUE', telephone: '12' },
      { idContrat: line, debut: at('2027-03-18', 10), motif: 'TECHNIQUE', telephone: '+44 20 7946 0958' },
      { idContrat: line, debut: at('2027-03-18', 10), motif: 'TECHNIQUE' },
    ]) {
      expectError(await t.send('POST', '/api/rdv/reserver', { token: f.manager, json }), 400, 'VALIDATION');
    }
  });

  it('answers a slot already held with a clear 409', async () => {
    const debut = at('2027-03-18', 11);
    appointmentOf(await book(f.manager, f.colleague(2).idContrat, debut), 201);
    const refused = await book(f.lineUser, f.own.idContrat, debut);
    expectError(refused, 409, 'APPOINTMENT_SLOT_TAKEN');
  });

  it('gives a slot to exactly one of several bookings racing for it', async () => {
    const debut = at('2027-03-22', 16, 30);
    const contenders = [f.colleague(3), f.colleague(4), f.colleague(5), f.suspended, ...f.esim.slice(0, 2)];
    expect(contenders).toHaveLength(6);
    const answers = await Promise.all(contenders.map((line) => book(f.manager, line.idContrat, debut)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) expectError(answer, 409, 'APPOINTMENT_SLOT_TAKEN');
    const winner = answers.find((a) => a.statusCode === 201);
    if (!winner) throw new Error('no booking won');
    // The winner cancels: the slot is free again, and a new race for it has one winner again.
    const won = appointmentOf(winner, 201);
    appointmentOf(await cancel(f.manager, won.idRdv));
    const again = await Promise.all(contenders.slice(0, 3).map((line) => book(f.manager, line.idContrat, debut)));
    expect(again.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('holds at most two appointments to come per line, even when asked at once', async () => {
    const line = await createContract(t.db, { idClientBscs: f.account, codeStatut: 'ACTIF' });
    const answers = await Promise.all([10, 11, 12].map((hour) => book(f.manager, line.idContrat, at('2027-03-24', hour))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    if (!refused) throw new Error('no booking refused');
    expectErrorWith(refused, 409, 'APPOINTMENT_UPCOMING_LIMIT', { max: 2 });
  });

  it('refuses a terminated line, and a line the caller does not reach', async () => {
    const ended = await createContract(t.db, { idClientBscs: f.account, codeStatut: 'RESILIE' });
    expectError(await book(f.manager, ended.idContrat, at('2027-03-25', 10)), 409, 'LINE_TERMINATED');
    expectError(await book(f.stranger, f.colleague(0).idContrat, at('2027-03-25', 10)), 403, 'FORBIDDEN_CONTRACT');
    expectError(await book(f.lineUser, f.colleague(0).idContrat, at('2027-03-25', 10)), 403, 'FORBIDDEN_CONTRACT');
    expectError(await book(f.manager, 2_000_000_000, at('2027-03-25', 10)), 403, 'FORBIDDEN_CONTRACT');
  });
});

describe('the confirmation e-mail and its calendar file', () => {
  it('carries an .ics in Paris time that a calendar reads back as the booked instant, summer time included', async () => {
    const { email } = DEMO_USERS.gestionnaire;
    const debut = at('2027-04-02', 8);
    const booked = appointmentOf(await book(f.manager, f.colleague(0).idContrat, debut), 201);
    const { mail, attachment, calendar } = await lastCalendarTo(t, email);
    expect(mail.subject).toBe('Telora Pro – Votre rendez-vous du vendredi 2 avril 2027 à 08:00 est confirmé');
    expect(mail.textBody).toContain('Le conseiller vous appellera au 06 12 34 56 78');
    expect(attachment).toMatchObject({ filename: 'rendez-vous.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST' });
    expect(calendar).toMatchObject({
      method: 'REQUEST',
      uid: `rdv-${booked.idRdv}@espace-client.test`,
      sequence: 0,
      startZone: 'Europe/Paris',
      startLocal: '2027-04-02T08:00:00',
      durationMinutes: 30,
      status: 'CONFIRMED',
      timeZones: ['Europe/Paris'],
    });
    // 08:00 in Paris on 2 April 2027 (summer time) is 06:00 UTC.
    expect(calendar.start.toISOString()).toBe('2027-04-02T06:00:00.000Z');
    expect(calendar.summary).toBe('Rendez-vous téléphonique Telora Pro');
    expect(calendar.location).toBe('Par téléphone (06 12 34 56 78)');
    expect(calendar.organizer.toLowerCase()).toBe('mailto:service-client-pro@telora.example');
    expect(calendar.attendee.toLowerCase()).toBe(`mailto:${email}`);
    appointmentOf(await cancel(f.manager, booked.idRdv));
  });

  it('sends an updated .ics on a move (same UID, next SEQUENCE) and a cancellation (METHOD:CANCEL)', async () => {
    const { email } = DEMO_USERS.gestionnaire;
    const line = f.colleague(1).idContrat;
    const booked = appointmentOf(await book(f.manager, line, at('2027-03-26', 18)), 201);
    const uid = `rdv-${booked.idRdv}@espace-client.test`;

    // Across the change of time: Friday 26 March (winter) to Tuesday 30 March (summer).
    const moved = appointmentOf(await move(f.manager, booked.idRdv, at('2027-03-30', 18)));
    expect(moved).toMatchObject({ idRdv: booked.idRdv, debut: '2027-03-30T16:00:00.000Z', statut: 'RESERVE' });
    let sent = await lastCalendarTo(t, email);
    expect(sent.mail.subject).toBe('Telora Pro – Votre rendez-vous est déplacé au mardi 30 mars 2027 à 18:00');
    expect(sent.mail.textBody).toContain('du vendredi 26 mars 2027 à 18:00 est déplacé au mardi 30 mars 2027 à 18:00');
    expect(sent.calendar).toMatchObject({ method: 'REQUEST', uid, sequence: 1, startLocal: '2027-03-30T18:00:00', status: 'CONFIRMED' });
    expect(sent.calendar.start.toISOString()).toBe('2027-03-30T16:00:00.000Z');

    appointmentOf(await move(f.manager, booked.idRdv, at('2027-03-31', 9)));
    expect((await lastCalendarTo(t, email)).calendar.sequence).toBe(2);

    const cancelled = appointmentOf(await cancel(f.manager, booked.idRdv));
    expect(cancelled.statut).toBe('ANNULE');
    sent = await lastCalendarTo(t, email);
    expect(sent.mail.subject).toBe('Telora Pro – Votre rendez-vous du mercredi 31 mars 2027 à 09:00 est annulé');
    expect(sent.attachment.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    expect(sent.calendar).toMatchObject({ method: 'CANCEL', uid, sequence: 3, status: 'CANCELLED', startLocal: '2027-03-31T09:00:00' });

    const entries = await t.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.idContrat, line), inArray(auditLog.action, ['RESERVATION_RDV', 'DEPLACEMENT_RDV', 'ANNULATION_RDV'])))
      .orderBy(asc(auditLog.id));
    expect(entries.filter((entry) => JSON.stringify(entry.details).includes(`"idRdv":${booked.idRdv}`))).toEqual([
      { action: 'RESERVATION_RDV', details: { avant: null, apres: { idRdv: booked.idRdv, debut: '2027-03-26T17:00:00.000Z' } } },
      { action: 'DEPLACEMENT_RDV', details: { avant: { idRdv: booked.idRdv, debut: '2027-03-26T17:00:00.000Z' }, apres: { idRdv: booked.idRdv, debut: '2027-03-30T16:00:00.000Z' } } },
      { action: 'DEPLACEMENT_RDV', details: { avant: { idRdv: booked.idRdv, debut: '2027-03-30T16:00:00.000Z' }, apres: { idRdv: booked.idRdv, debut: '2027-03-31T07:00:00.000Z' } } },
      { action: 'ANNULATION_RDV', details: { avant: { idRdv: booked.idRdv, debut: '2027-03-31T07:00:00.000Z' }, apres: null } },
    ]);
  });
});

describe('moving and cancelling', () => {
  it('frees the old slot and holds the new one; a held slot or the same one is refused', async () => {
    const line = f.colleague(3).idContrat;
    const first = appointmentOf(await book(f.manager, line, at('2027-04-05', 10)), 201);
    const other = appointmentOf(await book(f.manager, f.colleague(4).idContrat, at('2027-04-05', 11)), 201);
    expectError(await move(f.manager, first.idRdv, at('2027-04-05', 11)), 409, 'APPOINTMENT_SLOT_TAKEN');
    expectError(await move(f.manager, first.idRdv, at('2027-04-05', 10)), 400, 'APPOINTMENT_SAME_SLOT');
    expectError(await move(f.manager, first.idRdv, at('2027-04-05', 7)), 400, 'APPOINTMENT_SLOT_INVALID');
    appointmentOf(await move(f.manager, first.idRdv, at('2027-04-05', 12)));
    const { jours } = await freeSlots(f.manager, line, '2027-04-05', '2027-04-05');
    const offered = jours[0]?.creneaux.map((slot) => slot.heure) ?? [];
    expect(offered).toContain('10:00');
    expect(offered).not.toContain('11:00');
    expect(offered).not.toContain('12:00');
    // Two moves racing for one slot: one wins.
    const race = await Promise.all([move(f.manager, first.idRdv, at('2027-04-05', 15)), move(f.manager, other.idRdv, at('2027-04-05', 15))]);
    expect(race.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    appointmentOf(await cancel(f.manager, first.idRdv));
    appointmentOf(await cancel(f.manager, other.idRdv));
  });

  it('answers someone else’s appointment like an unknown one, and a cancelled one too', async () => {
    const mine = appointmentOf(await book(f.manager, f.colleague(5).idContrat, at('2027-04-06', 10)), 201);
    for (const token of [f.stranger, f.mandataire, f.lineUser]) {
      expectError(await move(token, mine.idRdv, at('2027-04-06', 11)), 404, 'APPOINTMENT_NOT_FOUND');
      expectError(await cancel(token, mine.idRdv), 404, 'APPOINTMENT_NOT_FOUND');
    }
    expectError(await move(f.manager, 999_999, at('2027-04-06', 11)), 404, 'APPOINTMENT_NOT_FOUND');
    expectError(await cancel(f.manager, 999_999), 404, 'APPOINTMENT_NOT_FOUND');
    appointmentOf(await cancel(f.manager, mine.idRdv));
    expectError(await cancel(f.manager, mine.idRdv), 404, 'APPOINTMENT_NOT_FOUND');
    expectError(await move(f.manager, mine.idRdv, at('2027-04-06', 11)), 404, 'APPOINTMENT_NOT_FOUND');
    expect((await infos(f.manager, f.colleague(5).idContrat)).rendezVous.map((rdv) => rdv.idRdv)).not.toContain(mine.idRdv);
    expect((await t.send('DELETE', '/api/rdv/abc', { token: f.manager })).statusCode).toBe(400);
  });

  it('limits the bookings, moves and cancellations of one user', async () => {
    const [soloLine] = (await infos(f.stranger, await soloLineId())).rendezVous;
    expect(soloLine).toBeUndefined();
    const line = await soloLineId();
    const booked = appointmentOf(await book(f.stranger, line, at('2027-04-07', 8)), 201);
    for (let i = 1; i < APPOINTMENT_QUOTA.max; i++) appointmentOf(await move(f.stranger, booked.idRdv, at('2027-04-07', 8 + (i % 2), 30)));
    const refused = await move(f.stranger, booked.idRdv, at('2027-04-07', 14));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'APPOINTMENT_TOO_MANY' });
  });
});

describe('an appointment that has begun', () => {
  it('can no longer be moved or cancelled, and stays listed until it ends', async () => {
    const line = f.colleague(0).idContrat;
    const soon = appointmentOf(await book(f.manager, line, at('2027-03-17', 11, 30)), 201);
    // 11:40 in Paris: the appointment started ten minutes ago.
    t.clock.advance(100 * 60_000);
    const manager = await t.loginAs('gestionnaire');
    expectError(await move(manager, soon.idRdv, at('2027-03-18', 12)), 409, 'APPOINTMENT_PAST');
    expectError(await cancel(manager, soon.idRdv), 409, 'APPOINTMENT_PAST');
    expect((await infos(manager, line)).rendezVous.map((rdv) => rdv.idRdv)).toContain(soon.idRdv);
    t.clock.advance(30 * 60_000);
    const later = await t.loginAs('gestionnaire');
    expect((await infos(later, line)).rendezVous.map((rdv) => rdv.idRdv)).not.toContain(soon.idRdv);
  });
});

/** The one line of the solo demo account. */
async function soloLineId(): Promise<number> {
  const response = await t.get(`/api/contrats_pagination/${f.strangerAccount}?taille=10`, f.stranger);
  const { contrats } = response.json() as { contrats: { idContrat: number }[] };
  const [line] = contrats;
  if (!line) throw new Error('no solo line');
  return line.idContrat;
}
