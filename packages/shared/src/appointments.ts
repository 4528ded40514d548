import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { frenchNationalDigits } from './phone.ts';
import { MAX_ID } from './constants.ts';

export {
  APPOINTMENT_CLOSING_HOUR,
  APPOINTMENT_OPENING_HOUR,
  APPOINTMENT_SLOT_MINUTES,
  closedReason,
  easterSunday,
  frenchPublicHolidays,
  isSlotStart,
  parisClock,
  publicHolidayOn,
  slotStartsOn,
  type ClosedReason,
  type PublicHoliday,
} from './appointments-calendar.ts';

/**
 * Appointments with an adviser about a line (spec §1 "appointment slots", §7; issue 11; decision
 * 029): `GET /api/rdv/creneaux`, `GET /api/rdv/{typeLigne}/{idContrat}/infos`,
 * `POST /api/rdv/reserver`, `PUT /api/rdv/{idRdv}`, `DELETE /api/rdv/{idRdv}`.
 */

/** MOBILE: a mobile line (range 1); FIXE: a fixed internet access (range 2). */
export const APPOINTMENT_LINE_TYPES = ['MOBILE', 'FIXE'] as const;
export const appointmentLineTypeSchema = lazySchema(() =>
  z.enum(APPOINTMENT_LINE_TYPES, 'Le type de ligne doit être MOBILE ou FIXE.'),
);
export type AppointmentLineType = z.infer<typeof appointmentLineTypeSchema>;
export const APPOINTMENT_LINE_TYPE_GAMMES: Record<AppointmentLineType, number> = { MOBILE: 1, FIXE: 2 };

export const APPOINTMENT_LIMITS = {
  /** Days one request for slots may cover. */
  rangeDays: 31,
  /** How far ahead an appointment may be taken, in days after today. */
  horizonDays: 60,
  /** A slot starts at least this long after the booking, so that an adviser can prepare it. */
  noticeMinutes: 60,
  /** Upcoming appointments one line may hold at once. */
  upcomingPerLine: 2,
  telephone: 20,
} as const;

/** Why the customer wants to talk to an adviser: the adviser prepares the call with it. */
export const APPOINTMENT_MOTIFS = {
  FACTURATION: 'Une question sur une facture',
  TECHNIQUE: 'Un problème technique ou de réseau',
  OFFRE: 'Un changement d’offre ou d’options',
  EQUIPEMENT: 'Un téléphone, une carte SIM ou une box (panne, échange)',
  AUTRE: 'Une autre demande',
} as const;
export const APPOINTMENT_MOTIF_CODES = Object.keys(APPOINTMENT_MOTIFS) as (keyof typeof APPOINTMENT_MOTIFS)[];
export const appointmentMotifSchema = lazySchema(() =>
  z.enum(APPOINTMENT_MOTIF_CODES, 'Veuillez choisir l’objet du rendez-vous.'),
);
export type AppointmentMotif = z.infer<typeof appointmentMotifSchema>;

const id = (message: string) => z.coerce.number<string>(message).int(message).positive(message).max(MAX_ID, message);
const day = (what: string) => z.iso.date(`${what} doit être une date au format AAAA-MM-JJ.`);

/** `GET /api/rdv/creneaux`: `du` defaults to today, `au` to six days after `du` (both in Paris). */
export const appointmentSlotsQuerySchema = lazySchema(() =>
  z.object({
    typeLigne: appointmentLineTypeSchema,
    idContrat: id('La ligne doit être désignée par son identifiant de contrat.'),
    du: day('Le début de la période').optional().describe('Premier jour (AAAA-MM-JJ, heure de Paris), au plus tôt aujourd’hui ; aujourd’hui par défaut'),
    au: day('La fin de la période')
      .optional()
      .describe('Dernier jour inclus (AAAA-MM-JJ), au plus 31 jours après le premier et au plus 60 jours après aujourd’hui ; le premier jour + 6 par défaut'),
  }),
);
export type AppointmentSlotsQuery = z.infer<typeof appointmentSlotsQuerySchema>;

export const appointmentSlotSchema = lazySchema(() =>
  z.object({
    /** The start, as an instant (UTC, ISO 8601). */
    debut: z.string(),
    /** The start as a clock in Paris shows it ('08:30'). */
    heure: z.string(),
  }),
);
export type AppointmentSlot = z.infer<typeof appointmentSlotSchema>;

export const appointmentDaySchema = lazySchema(() =>
  z.object({
    date: z.string(),
    /** Why no adviser is there that day (a Sunday, a public holiday), or null. */
    ferme: z.object({ raison: z.enum(['DIMANCHE', 'JOUR_FERIE']), libelle: z.string() }).nullable(),
    /** The free slots still to come that day. */
    creneaux: z.array(appointmentSlotSchema),
  }),
);
export type AppointmentDay = z.infer<typeof appointmentDaySchema>;

export const appointmentSlotsSchema = lazySchema(() =>
  z.object({
    du: z.string(),
    au: z.string(),
    jours: z.array(appointmentDaySchema),
  }),
);
export type AppointmentSlots = z.infer<typeof appointmentSlotsSchema>;

export const appointmentSchema = lazySchema(() =>
  z.object({
    idRdv: z.number().int(),
    idContrat: z.number().int(),
    typeLigne: appointmentLineTypeSchema,
    numeroLigne: z.string(),
    debut: z.string(),
    fin: z.string(),
    motif: appointmentMotifSchema,
    telephone: z.string(),
    statut: z.enum(['RESERVE', 'ANNULE']),
    /** Booked by the caller (another manager of the account, or the line's user, may have booked it). */
    priseParVous: z.boolean(),
  }),
);
export type Appointment = z.infer<typeof appointmentSchema>;

export const appointmentLineParamsSchema = lazySchema(() =>
  z.object({
    typeLigne: appointmentLineTypeSchema,
    idContrat: id('La ligne doit être désignée par son identifiant de contrat.'),
  }),
);

/** `GET /api/rdv/{typeLigne}/{idContrat}/infos`: the line, and its appointments to come. */
export const appointmentInfosSchema = lazySchema(() =>
  z.object({
    idContrat: z.number().int(),
    typeLigne: appointmentLineTypeSchema,
    numeroLigne: z.string(),
    libelleOffre: z.string(),
    raisonSociale: z.string(),
    /** The number an adviser would call by default: the line itself for a mobile line, else the account's. */
    telephoneContact: z.string(),
    rendezVous: z.array(appointmentSchema),
    /** How many appointments to come a line may hold. */
    maxRendezVous: z.number().int(),
  }),
);
export type AppointmentInfos = z.infer<typeof appointmentInfosSchema>;

/** A French number written in any usual way, kept as its ten national digits. */
export const appointmentPhoneSchema = lazySchema(() =>
  z
    .string('Veuillez indiquer le numéro auquel le conseiller vous appellera.')
    .trim()
    .min(1, 'Veuillez indiquer le numéro auquel le conseiller vous appellera.')
    .max(APPOINTMENT_LIMITS.telephone, 'Le numéro de téléphone est trop long.')
    .refine((text) => frenchNationalDigits(text) !== null, 'Le numéro de téléphone doit être un numéro français à 10 chiffres, par exemple 06 12 34 56 78.')
    .transform((text) => frenchNationalDigits(text) ?? text),
);

const startSchema = lazySchema(() =>
  z.iso
    .datetime({ offset: true, message: 'Le créneau doit être désigné par sa date et son heure de début (ISO 8601).' })
    .describe('Début du créneau, tel que GET /api/rdv/creneaux le donne'),
);

export const bookAppointmentSchema = lazySchema(() =>
  z.object({
    idContrat: z.number('La ligne doit être désignée par son identifiant de contrat.').int().positive().max(MAX_ID),
    debut: startSchema,
    motif: appointmentMotifSchema,
    telephone: appointmentPhoneSchema,
  }),
);
export type BookAppointmentInput = z.input<typeof bookAppointmentSchema>;
export type BookAppointment = z.output<typeof bookAppointmentSchema>;

export const moveAppointmentSchema = lazySchema(() => z.object({ debut: startSchema }));
export type MoveAppointment = z.infer<typeof moveAppointmentSchema>;

export const appointmentIdParamSchema = lazySchema(() =>
  z.object({ idRdv: id('Le rendez-vous doit être désigné par son identifiant.') }),
);
