import {
  APPOINTMENT_LINE_TYPE_GAMMES,
  APPOINTMENT_LINE_TYPES,
  VAT_RATE_BP,
  closedReason,
  commitmentMonths,
  complaintReference,
  creditNoteReference,
  monthsRemaining,
  supportReference,
  terminationFees,
  vatCentimes,
  type AppointmentLineType,
} from '@ecare/shared';
import { addDays, parisDay, parisInstant } from '@ecare/shared/paris-time';
import { formatPhone } from '@ecare/shared/phone';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { takeReferenceNumber, type ReferenceSerie } from '../reference-counters.ts';
import {
  appointments,
  billingAccounts,
  contactSubThemes,
  contactThemes,
  contracts,
  accountPaymentSettings,
  creditNotes,
  invoiceComplaints,
  invoicePayments,
  invoiceItems,
  invoices,
  offers,
  supportTickets,
  terminations,
  users,
} from '../schema.ts';
import { DEMO_COMPANIES } from './demo-companies.ts';
import {
  DEMO_APPOINTMENTS,
  DEMO_COMPLAINTS,
  DEMO_TERMINATION,
  DEMO_TICKETS,
  type DemoAccountKey,
  type DemoComplaint,
  type DemoInvoiceMoment,
  type DemoMoment,
  type DemoRequester,
} from './demo-requests-texts.ts';

/*
 * The demo customers' requests (decisions 024, 025, 029, 030, 031), so that « Mes demandes » and
 * the back office's requests page show a history on a fresh start: messages in every status,
 * complaints in progress and treated, a cancelled termination, appointments past, to come and
 * cancelled (texts and moments in demo-requests-texts.ts). The messages and complaints take their
 * references from the counters the portal numbers its own with, so the next ones go on from
 * there. No message carries an attachment: a file would have to be a stored one.
 */

type DemoPeople = Record<DemoRequester, { email: string }>;
type Account = typeof billingAccounts.$inferSelect;

interface Context {
  db: Database;
  now: Date;
  /** A moment before the seeding day, as an instant. */
  at: (moment: DemoMoment) => Date;
  userOf: (who: DemoRequester) => number;
  accountOf: (key: DemoAccountKey) => Account;
}

/** A reference of the series for a request made at `made`, in the year it was made in France. */
async function nextReference(db: Database, serie: Extract<ReferenceSerie, 'SUP' | 'REC'>, made: Date): Promise<string> {
  const year = Number(parisDay(made).slice(0, 4));
  const number = await takeReferenceNumber(serie, year, db);
  return serie === 'SUP' ? supportReference(year, number) : complaintReference(year, number);
}

/** The messages, numbered in the order they were sent, with their themes' labels of today. */
async function seedTickets(c: Context): Promise<void> {
  const themes = await c.db.select().from(contactThemes);
  const subThemes = await c.db.select().from(contactSubThemes);
  const sent = [...DEMO_TICKETS].map((ticket) => ({ ticket, createdAt: c.at(ticket.sent) })).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  for (const { ticket, createdAt } of sent) {
    const theme = themes.find((row) => row.idTheme === ticket.idTheme);
    const subTheme = subThemes.find((row) => row.idSousTheme === ticket.idTheme * 100 + ticket.rank);
    if (!theme || !subTheme) throw new Error(`demo message: no contact theme ${ticket.idTheme} or sub-theme ${ticket.rank}`);
    const [person] = await c.db.select().from(users).where(eq(users.id, c.userOf(ticket.by)));
    if (!person) throw new Error(`demo message: no user ${ticket.by}`);
    const account = ticket.account === null ? null : c.accountOf(ticket.account);
    await c.db.insert(supportTickets).values({
      reference: await nextReference(c.db, 'SUP', createdAt),
      userId: person.id,
      idClientBscs: account?.idClientBscs ?? null,
      idTheme: theme.idTheme,
      theme: theme.libelle,
      idSousTheme: subTheme.idSousTheme,
      sousTheme: subTheme.libelle,
      objet: ticket.objet,
      message: ticket.message,
      prenom: person.prenom,
      nom: person.nom,
      email: person.email,
      telephone: ticket.telephone && account ? account.telephone : null,
      entreprise: null,
      statut: ticket.statut,
      createdAt,
      updatedAt: ticket.changed ? c.at(ticket.changed) : createdAt,
    });
  }
}

/** The line an invoice's charges of this kind designate (its largest), else its first line. */
async function lineOfInvoice(db: Database, invoiceId: number, nature: string) {
  const charges = await db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId)).orderBy(desc(invoiceItems.montantHtCentimes), asc(invoiceItems.idContrat));
  const onLines = charges.filter((charge) => charge.idContrat !== null && charge.numeroLigne !== null);
  const charge = onLines.find((candidate) => candidate.nature === nature) ?? [...onLines].sort((a, b) => (a.idContrat ?? 0) - (b.idContrat ?? 0))[0];
  if (!charge?.idContrat || !charge.numeroLigne) throw new Error('demo complaint: an invoice without line charges');
  return { idContrat: charge.idContrat, numero: formatPhone(charge.numeroLigne), libelle: charge.libelle, montantHtCentimes: charge.montantHtCentimes };
}

/** The complaints, numbered in the order they were filed, each about one line of its invoice. */
async function seedComplaints(c: Context): Promise<void> {
  const planned: { complaint: DemoComplaint; account: Account; invoice: typeof invoices.$inferSelect; createdAt: Date; treatedAt: Date | null }[] = [];
  for (const complaint of DEMO_COMPLAINTS) {
    const account = c.accountOf(complaint.account);
    const [invoice] = await c.db
      .select()
      .from(invoices)
      .where(eq(invoices.idClientBscs, account.idClientBscs))
      .orderBy(desc(invoices.dateFacture))
      .offset(complaint.invoiceAge)
      .limit(1);
    if (!invoice) throw new Error(`demo complaint: ${complaint.account} has no invoice ${complaint.invoiceAge} months old`);
    const when = (moment: DemoInvoiceMoment) =>
      'daysAgo' in moment ? c.at(moment) : parisInstant(addDays(invoice.dateFacture, moment.daysAfterInvoice), moment.hour, moment.minute);
    planned.push({ complaint, account, invoice, createdAt: when(complaint.filed), treatedAt: complaint.treated ? when(complaint.treated) : null });
  }
  planned.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  for (const { complaint, account, invoice, createdAt, treatedAt } of planned) {
    const line = await lineOfInvoice(c.db, invoice.id, complaint.lineCharge);
    const [filed] = await c.db
      .insert(invoiceComplaints)
      .values({
        reference: await nextReference(c.db, 'REC', createdAt),
        invoiceId: invoice.id,
        idClientBscs: account.idClientBscs,
        userId: c.userOf(complaint.by),
        motif: complaint.motif,
        message: complaint.message(line),
        lignes: [line.idContrat],
        statut: treatedAt ? 'TRAITEE' : 'EN_COURS',
        createdAt,
        updatedAt: treatedAt,
        decision: treatedAt ? (complaint.decision?.decision ?? null) : null,
        decisionMotif: treatedAt ? (complaint.decision?.motif ?? null) : null,
      })
      .returning({ id: invoiceComplaints.id });
    if (filed && treatedAt && complaint.decision?.decision === 'ACCEPTEE_AVEC_AVOIR') {
      await seedCreditNote(c.db, { complaintId: filed.id, invoice, montantHtCentimes: line.montantHtCentimes, motif: complaint.decision.motif, at: treatedAt });
    }
  }
}

/**
 * The credit note a decision issued, as the back office issues one (credit-notes.service.ts):
 * the VAT at the invoice's rate, set against what the invoice still asked for, the rest refunded
 * by the account's payment means.
 */
async function seedCreditNote(
  db: Database,
  note: { complaintId: number; invoice: typeof invoices.$inferSelect; montantHtCentimes: number; motif: string; at: Date },
): Promise<void> {
  const day = parisDay(note.at);
  const year = Number(day.slice(0, 4));
  const reference = creditNoteReference(year, await takeReferenceNumber('AV', year, db));
  const tva = vatCentimes(note.montantHtCentimes, VAT_RATE_BP);
  const ttc = note.montantHtCentimes + tva;
  const impute = Math.min(ttc, note.invoice.resteAPayerCentimes);
  const [settings] = await db.select().from(accountPaymentSettings).where(eq(accountPaymentSettings.idClientBscs, note.invoice.idClientBscs));
  await db.insert(creditNotes).values({
    reference,
    idClientBscs: note.invoice.idClientBscs,
    invoiceId: note.invoice.id,
    complaintId: note.complaintId,
    dateAvoir: day,
    motif: note.motif,
    montantHtCentimes: note.montantHtCentimes,
    montantTvaCentimes: tva,
    montantTtcCentimes: ttc,
    tauxTvaBp: VAT_RATE_BP,
    imputeCentimes: impute,
    rembourseCentimes: ttc - impute,
    moyenRemboursement: ttc > impute ? (settings?.modePaiement ?? 'VIREMENT') : null,
    client: note.invoice.client,
    modePaiement: note.invoice.modePaiement,
    createdAt: note.at,
    createdBy: null,
  });
  if (impute > 0) {
    await db.update(invoices).set({ resteAPayerCentimes: note.invoice.resteAPayerCentimes - impute }).where(eq(invoices.id, note.invoice.id));
    await db.insert(invoicePayments).values({ invoiceId: note.invoice.id, montantCentimes: impute, moyen: 'AVOIR', transactionReference: reference, paidAt: note.at });
  }
}

/** The termination requested and cancelled, with the fees it would have cost on its day. */
async function seedTermination(c: Context): Promise<void> {
  const request = DEMO_TERMINATION;
  const account = c.accountOf(request.account);
  const lines = await c.db
    .select({
      idContrat: contracts.idContrat,
      dateFinEngagement: contracts.dateFinEngagement,
      mensualite: offers.prixMensuelCentimes,
      engagementMois: offers.engagementMois,
    })
    .from(contracts)
    .innerJoin(offers, eq(offers.idOffreEngagement, contracts.idOffreEngagement))
    .where(eq(contracts.idClientBscs, account.idClientBscs))
    .orderBy(asc(contracts.idContrat));
  const line = lines[request.line];
  if (!line) throw new Error('demo termination: the bakery has fewer lines than expected');
  const createdAt = c.at(request.requested);
  const dateEffet = addDays(parisDay(createdAt), request.effectiveAfterDays);
  const months = monthsRemaining(dateEffet, line.dateFinEngagement);
  const fees = terminationFees({
    moisRestants: months,
    dureeEngagementMois: commitmentMonths(line.engagementMois, months),
    mensualiteHtCentimes: line.mensualite,
    exoneration: null,
  });
  const by = c.userOf(request.by);
  await c.db.insert(terminations).values({
    idContrat: line.idContrat,
    idClientBscs: account.idClientBscs,
    idMotif: request.idMotif,
    idSousMotif: request.idSousMotif,
    dateEffet,
    statut: 'ANNULEE',
    fraisHtCentimes: fees.totalHtCentimes,
    fraisTvaCentimes: fees.totalTvaCentimes,
    detailFrais: { moisRestants: fees.moisRestants, exonere: fees.exonere, lignes: fees.lignes, calcul: fees.calcul },
    commentaire: request.commentaire,
    demandePar: by,
    idempotencyKey: `demo-resiliation-${line.idContrat}`,
    createdAt,
    cancelledAt: c.at(request.cancelled),
    cancelledBy: by,
  });
}

/** The first day the adviser works on, from `day` on. */
function openDayFrom(day: string): string {
  let candidate = day;
  while (closedReason(candidate)) candidate = addDays(candidate, 1);
  return candidate;
}

function lineTypeOf(idGamme: number): AppointmentLineType {
  const type = APPOINTMENT_LINE_TYPES.find((candidate) => APPOINTMENT_LINE_TYPE_GAMMES[candidate] === idGamme);
  if (!type) throw new Error(`demo appointment: a line of range ${idGamme} takes no appointment`);
  return type;
}

/** The appointments, on open slots; the line by its rank in the appointments page's list (by number). */
async function seedAppointments(c: Context): Promise<void> {
  const today = parisDay(c.now);
  for (const appointment of DEMO_APPOINTMENTS) {
    const account = c.accountOf(appointment.account);
    const by = c.userOf(appointment.by);
    const lines = (await c.db.select().from(contracts).where(eq(contracts.idClientBscs, account.idClientBscs)).orderBy(asc(contracts.numeroLigne))).filter(
      (line) => line.codeStatut !== 'RESILIE',
    );
    const line = appointment.line === 'own' ? lines.find((candidate) => candidate.userId === by) : lines[appointment.line];
    if (!line) throw new Error(`demo appointment: no line ${appointment.line} for ${appointment.by}`);
    const createdAt = c.at(appointment.booked);
    await c.db.insert(appointments).values({
      idClientBscs: account.idClientBscs,
      idContrat: line.idContrat,
      typeLigne: lineTypeOf(line.idGamme),
      userId: by,
      debut: parisInstant(openDayFrom(addDays(today, appointment.slot.days)), appointment.slot.hour, appointment.slot.minute),
      motif: appointment.motif,
      // The number an adviser calls by default: the mobile line itself.
      telephone: line.numeroLigne,
      statut: appointment.cancelled ? 'ANNULE' : 'RESERVE',
      createdAt,
      updatedAt: appointment.cancelled ? c.at(appointment.cancelled) : createdAt,
    });
  }
}

/** The demo customers' requests of every kind, dated back from `now` (the seeding moment). */
export async function seedDemoRequests(db: Database, people: DemoPeople, now: Date = new Date()): Promise<void> {
  const today = parisDay(now);
  const emails = Object.values(people).map((person) => person.email);
  const found = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  const names = Object.values(DEMO_COMPANIES).map((company) => company.raisonSociale);
  const accounts = await db.select().from(billingAccounts).where(inArray(billingAccounts.raisonSociale, names));
  const context: Context = {
    db,
    now,
    at: (moment) => parisInstant(addDays(today, -moment.daysAgo), moment.hour, moment.minute),
    userOf: (who) => {
      const id = found.find((person) => person.email === people[who].email)?.id;
      if (id === undefined) throw new Error(`demo requests need the demo user ${who}`);
      return id;
    },
    accountOf: (key) => {
      const account = accounts.find((candidate) => candidate.raisonSociale === DEMO_COMPANIES[key].raisonSociale);
      if (!account) throw new Error(`demo requests need the account of ${DEMO_COMPANIES[key].raisonSociale}`);
      return account;
    },
  };
  await seedTickets(context);
  await seedComplaints(context);
  await seedTermination(context);
  await seedAppointments(context);
}
