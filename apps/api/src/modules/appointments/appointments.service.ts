import {
  APPOINTMENT_LIMITS,
  APPOINTMENT_LINE_TYPE_GAMMES,
  APPOINTMENT_MOTIFS,
  APPOINTMENT_SLOT_MINUTES,
  closedReason,
  isSlotStart,
  parisClock,
  slotStartsOn,
  type Appointment,
  type AppointmentInfos,
  type AppointmentLineType,
  type AppointmentMotif,
  type AppointmentSlots,
  type AppointmentSlotsQuery,
  type BookAppointment,
} from '@ecare/shared';
import { addDays, daysBetween, parisDay, parisInstant } from '@ecare/shared/paris-time';
import { formatPhone } from '@ecare/shared/phone';
import type { ServiceCore } from '../../core/core.ts';
import type { Transaction } from '../../db/transaction.ts';
import { AppError, fail } from '../../lib/errors.ts';
import type { MailContent } from '../../platform/mail/index.ts';
import { appointmentCalendar } from './appointments.ics.ts';
import { bookedMail, cancelledMail, movedMail, type AppointmentFacts } from './appointments.mails.ts';
import type { AppointmentLineRow, AppointmentRow, AppointmentsRepository } from './appointments.repository.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

export interface AppointmentsDeps extends ServiceCore {
  repo: AppointmentsRepository;
}

/** Who acts: the signed-in person (the e-mails go to them), and from where (the audit log). */
export interface Actor {
  userId: number;
  email: string;
  name: string;
  sourceAddress: string;
}

/**
 * Bookings, moves and cancellations per user and hour: a fleet manager may plan one for many lines;
 * beyond this it is a script churning the diary. Holding slots is bounded by the limit per line.
 */
export const APPOINTMENT_QUOTA = { max: 60, windowMs: 60 * 60_000 } as const;

/** Where the e-mails send the person (the web app's appointments page). */
export const APPOINTMENTS_PAGE = '/ecare/assistance/rendez-vous';

const SLOT_MS = APPOINTMENT_SLOT_MINUTES * 60_000;

const typeOf = (idGamme: number): AppointmentLineType | null =>
  (Object.entries(APPOINTMENT_LINE_TYPE_GAMMES).find(([, gamme]) => gamme === idGamme)?.[0] as AppointmentLineType | undefined) ?? null;

const motifOf = (motif: string): AppointmentMotif => (motif in APPOINTMENT_MOTIFS ? (motif as AppointmentMotif) : 'AUTRE');

function toAppointment(row: AppointmentRow, userId: number): Appointment {
  return {
    idRdv: row.id,
    idContrat: row.idContrat,
    typeLigne: row.typeLigne,
    numeroLigne: row.numeroLigne,
    debut: row.debut.toISOString(),
    fin: new Date(row.debut.getTime() + SLOT_MS).toISOString(),
    motif: motifOf(row.motif),
    telephone: row.telephone,
    statut: row.statut,
    priseParVous: row.userId === userId,
  };
}

/**
 * Appointments with an adviser (decision 029): one adviser's diary of 30-minute slots, Monday to
 * Saturday 08:00–20:00 in Paris, public holidays off. A slot is held by one booked appointment at
 * most, which the database's unique index decides; every change is audited and e-mailed with its
 * calendar file in the same transaction.
 */
export function createAppointmentsService(deps: AppointmentsDeps) {
  const { repo, policy, audit, clock } = deps;
  const link = `${deps.publicUrl}${APPOINTMENTS_PAGE}`;
  const uidOf = (idRdv: number) => `rdv-${idRdv}@${new URL(deps.publicUrl).hostname}`;

  /** The line, reached by the caller: a manager of its account or its own user; FORBIDDEN_CONTRACT otherwise. */
  async function reachLine(userId: number, idContrat: number, typeLigne?: AppointmentLineType): Promise<AppointmentLineRow & { typeLigne: AppointmentLineType }> {
    await policy.contractAccess(userId, idContrat);
    const line = await repo.line(idContrat);
    const type = line ? typeOf(line.idGamme) : null;
    if (!line || !type) throw fail('FORBIDDEN_CONTRACT');
    if (typeLigne !== undefined && typeLigne !== type) throw fail('APPOINTMENT_LINE_TYPE');
    return { ...line, typeLigne: type };
  }

  /**
   * An appointment the caller may change: booked, on a line they reach. Someone else's answers
   * like an unknown one, so that ids cannot be probed.
   */
  async function reachAppointment(userId: number, idRdv: number): Promise<AppointmentRow> {
    const row = await repo.find(idRdv);
    if (!row || row.statut !== 'RESERVE') throw fail('APPOINTMENT_NOT_FOUND');
    try {
      await policy.contractAccess(userId, row.idContrat);
    } catch (error) {
      if (error instanceof AppError) throw fail('APPOINTMENT_NOT_FOUND');
      throw error;
    }
    return row;
  }

  async function withinQuota(userId: number): Promise<void> {
    const verdict = await deps.limits.quota(`appointments:user:${userId}`, APPOINTMENT_QUOTA.max, APPOINTMENT_QUOTA.windowMs);
    if (!verdict.allowed) {
      const { retryAfterSeconds } = verdict;
      throw fail('APPOINTMENT_TOO_MANY', { values: { minutes: Math.ceil(retryAfterSeconds / 60) }, retryAfterSeconds });
    }
  }

  /** A start the diary offers: a slot of the opening hours, far enough ahead, not beyond the horizon. */
  function assertBookable(start: Date, now: Date): void {
    if (!isSlotStart(start)) throw fail('APPOINTMENT_SLOT_INVALID');
    if (start.getTime() < now.getTime() + APPOINTMENT_LIMITS.noticeMinutes * 60_000) throw fail('APPOINTMENT_SLOT_PAST');
    if (daysBetween(parisDay(now), parisDay(start)) > APPOINTMENT_LIMITS.horizonDays) {
      throw fail('APPOINTMENT_SLOT_TOO_FAR', { values: { days: APPOINTMENT_LIMITS.horizonDays } });
    }
  }

  /** The e-mail of a change, its calendar file attached, sent with the change. */
  async function mailChange(actor: Actor, content: MailContent, calendar: { sequence: number; method: 'REQUEST' | 'CANCEL'; idRdv: number; facts: AppointmentFacts }, tx: Transaction) {
    const { facts } = calendar;
    const ics = appointmentCalendar({
      uid: uidOf(calendar.idRdv),
      sequence: calendar.sequence,
      method: calendar.method,
      start: facts.start,
      title: `Rendez-vous téléphonique ${deps.brandName}`,
      description: `${APPOINTMENT_MOTIFS[facts.motif]}. Un conseiller vous appellera au ${formatPhone(facts.telephone)}. Voir ou déplacer le rendez-vous : ${link}`,
      location: `Par téléphone (${formatPhone(facts.telephone)})`,
      organizer: { name: deps.brandName, email: deps.supportEmail },
      attendee: { name: actor.name, email: actor.email },
      stamp: clock.now(),
    });
    const attachment = {
      filename: 'rendez-vous.ics',
      contentType: `text/calendar; charset=utf-8; method=${calendar.method}`,
      content: Buffer.from(ics, 'utf8'),
    };
    await deps.mail.send(actor.email, { ...content, attachments: [attachment] }, { tx });
  }

  const factsOf = (row: { debut: Date; motif: string; numeroLigne: string; telephone: string }): AppointmentFacts => ({
    start: row.debut,
    motif: motifOf(row.motif),
    numeroLigne: row.numeroLigne,
    telephone: row.telephone,
    link,
  });

  /** A slot taken between the check and the write: the unique index said no. */
  async function slotWrite<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof AppError) && isUniqueViolation(error)) throw fail('APPOINTMENT_SLOT_TAKEN');
      throw error;
    }
  }

  return {
    /** The free slots of the days asked (in Paris), each day with why it is closed when it is. */
    async slots(userId: number, query: AppointmentSlotsQuery): Promise<AppointmentSlots> {
      await reachLine(userId, query.idContrat, query.typeLigne);
      const now = clock.now();
      const today = parisDay(now);
      const du = query.du ?? today;
      const au = query.au ?? addDays(du, 6);
      const rangeRefused = () => fail('APPOINTMENT_RANGE_INVALID', { values: { days: APPOINTMENT_LIMITS.horizonDays } });
      // A day that does not exist (2026-02-30) is not the day it would roll over to.
      if (addDays(du, 0) !== du || addDays(au, 0) !== au) throw rangeRefused();
      if (du < today || au < du || daysBetween(du, au) >= APPOINTMENT_LIMITS.rangeDays || daysBetween(today, au) > APPOINTMENT_LIMITS.horizonDays) {
        throw rangeRefused();
      }
      const held = new Set((await repo.heldStarts(parisInstant(du, 0), parisInstant(addDays(au, 1), 0))).map((start) => start.getTime()));
      const earliest = now.getTime() + APPOINTMENT_LIMITS.noticeMinutes * 60_000;
      const jours = [];
      for (let day = du; day <= au; day = addDays(day, 1)) {
        const free = slotStartsOn(day).filter((start) => start.getTime() >= earliest && !held.has(start.getTime()));
        jours.push({ date: day, ferme: closedReason(day), creneaux: free.map((start) => ({ debut: start.toISOString(), heure: parisClock(start) })) });
      }
      return { du, au, jours };
    },

    /** The line, and its appointments to come, whoever booked them (decision 029). */
    async infos(userId: number, typeLigne: AppointmentLineType, idContrat: number): Promise<AppointmentInfos> {
      const line = await reachLine(userId, idContrat, typeLigne);
      // An appointment under way (started less than 30 minutes ago) is still shown.
      const rows = await repo.upcoming(idContrat, new Date(clock.now().getTime() - SLOT_MS));
      return {
        idContrat,
        typeLigne: line.typeLigne,
        numeroLigne: line.numeroLigne,
        libelleOffre: line.libelleOffre,
        raisonSociale: line.raisonSociale,
        telephoneContact: line.typeLigne === 'MOBILE' ? line.numeroLigne : line.telephoneCompte,
        rendezVous: rows.map((row) => toAppointment(row, userId)),
        maxRendezVous: APPOINTMENT_LIMITS.upcomingPerLine,
      };
    },

    async book(actor: Actor, input: BookAppointment): Promise<Appointment> {
      const line = await reachLine(actor.userId, input.idContrat);
      if (line.codeStatut === 'RESILIE') throw fail('LINE_TERMINATED');
      const now = clock.now();
      const start = new Date(input.debut);
      assertBookable(start, now);
      await withinQuota(actor.userId);
      const idRdv = await slotWrite(() =>
        deps.transaction(async (tx) => {
          await repo.lockLine(line.idContrat, tx);
          if ((await repo.countUpcoming(line.idContrat, now, tx)) >= APPOINTMENT_LIMITS.upcomingPerLine) {
            throw fail('APPOINTMENT_UPCOMING_LIMIT', { values: { max: APPOINTMENT_LIMITS.upcomingPerLine } });
          }
          const id = await repo.insert(
            {
              idClientBscs: line.idClientBscs,
              idContrat: line.idContrat,
              typeLigne: line.typeLigne,
              userId: actor.userId,
              debut: start,
              motif: input.motif,
              telephone: input.telephone,
              statut: 'RESERVE',
              createdAt: now,
              updatedAt: now,
            },
            tx,
          );
          await audit.record(
            { userId: actor.userId, sourceAddress: actor.sourceAddress, action: 'RESERVATION_RDV', idClientBscs: line.idClientBscs, idContrat: line.idContrat, details: { avant: null, apres: { idRdv: id, debut: start.toISOString() } } },
            { tx },
          );
          const facts = factsOf({ debut: start, motif: input.motif, numeroLigne: line.numeroLigne, telephone: input.telephone });
          await mailChange(actor, bookedMail(deps.brandName, facts), { sequence: 0, method: 'REQUEST', idRdv: id, facts }, tx);
          return id;
        }),
      );
      const row = await repo.find(idRdv);
      if (!row) throw new Error('booked appointment not found');
      return toAppointment(row, actor.userId);
    },

    async move(actor: Actor, idRdv: number, debut: string): Promise<Appointment> {
      const current = await reachAppointment(actor.userId, idRdv);
      const now = clock.now();
      if (current.debut.getTime() <= now.getTime()) throw fail('APPOINTMENT_PAST');
      const start = new Date(debut);
      if (start.getTime() === current.debut.getTime()) throw fail('APPOINTMENT_SAME_SLOT');
      assertBookable(start, now);
      await withinQuota(actor.userId);
      await slotWrite(() =>
        deps.transaction(async (tx) => {
          // Changed meanwhile (cancelled, or moved by someone else): the state read above no longer holds.
          const locked = await repo.lock(idRdv, tx);
          if (!locked || locked.statut !== 'RESERVE') throw fail('APPOINTMENT_NOT_FOUND');
          if (locked.debut.getTime() <= now.getTime()) throw fail('APPOINTMENT_PAST');
          await repo.move(idRdv, start, now, tx);
          await audit.record(
            {
              userId: actor.userId,
              sourceAddress: actor.sourceAddress,
              action: 'DEPLACEMENT_RDV',
              idClientBscs: locked.idClientBscs,
              idContrat: locked.idContrat,
              details: { avant: { idRdv, debut: locked.debut.toISOString() }, apres: { idRdv, debut: start.toISOString() } },
            },
            { tx },
          );
          const sequence = await repo.revisions(locked.idContrat, idRdv, tx);
          const facts = factsOf({ ...locked, debut: start });
          await mailChange(actor, movedMail(deps.brandName, facts, locked.debut), { sequence, method: 'REQUEST', idRdv, facts }, tx);
        }),
      );
      const row = await repo.find(idRdv);
      if (!row) throw new Error('moved appointment not found');
      return toAppointment(row, actor.userId);
    },

    async cancel(actor: Actor, idRdv: number): Promise<Appointment> {
      const current = await reachAppointment(actor.userId, idRdv);
      const now = clock.now();
      if (current.debut.getTime() <= now.getTime()) throw fail('APPOINTMENT_PAST');
      await withinQuota(actor.userId);
      await deps.transaction(async (tx) => {
        const locked = await repo.lock(idRdv, tx);
        if (!locked || locked.statut !== 'RESERVE') throw fail('APPOINTMENT_NOT_FOUND');
        if (locked.debut.getTime() <= now.getTime()) throw fail('APPOINTMENT_PAST');
        await repo.cancel(idRdv, now, tx);
        await audit.record(
          {
            userId: actor.userId,
            sourceAddress: actor.sourceAddress,
            action: 'ANNULATION_RDV',
            idClientBscs: locked.idClientBscs,
            idContrat: locked.idContrat,
            details: { avant: { idRdv, debut: locked.debut.toISOString() }, apres: null },
          },
          { tx },
        );
        const sequence = await repo.revisions(locked.idContrat, idRdv, tx);
        const facts = factsOf(locked);
        await mailChange(actor, cancelledMail(deps.brandName, facts), { sequence, method: 'CANCEL', idRdv, facts }, tx);
      });
      const row = await repo.find(idRdv);
      if (!row) throw new Error('cancelled appointment not found');
      return toAppointment(row, actor.userId);
    },
  };
}
export type AppointmentsService = ReturnType<typeof createAppointmentsService>;
