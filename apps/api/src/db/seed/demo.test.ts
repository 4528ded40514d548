import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMonths,
  adminComplaintPageSchema,
  adminTicketPageSchema,
  CLIENT_ACCOUNT_NUMBER,
  checkIccid,
  contactResponseSchema,
  CUSTOMER_REQUEST_TYPES,
  customerRequestPageSchema,
  invoiceComplaintResponseSchema,
  isSlotStart,
  serverParametersSchema,
  type CustomerRequest,
} from '@ecare/shared';
import { parisDay } from '@ecare/shared/paris-time';
import { asc, eq, or } from 'drizzle-orm';
import { fields, MESSAGE, sendContact } from '../../test/support/support.ts';
import { bodyOf, createTestContext, type TestContext } from '../../test/harness.ts';
import {
  appointments,
  billingAccounts,
  companies,
  contracts,
  invoiceComplaints,
  invoices,
  offers,
  serverParameters,
  supportTickets,
  userBillingAccounts,
  users,
} from '../schema.ts';
import { DEMO_COMPANIES } from './demo-companies.ts';
import { DEMO_PARAMETER_TEXTS, DEMO_USERS } from './demo.ts';
import { isLuhnValid } from './random.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('demo data', () => {
  it('gives every demo billing account a company of its own: distinct name, SIREN, SIRET and address', async () => {
    const accounts = await t.db.select().from(billingAccounts);
    const firms = await t.db.select().from(companies);
    expect(accounts.length).toBe(Object.keys(DEMO_COMPANIES).length);
    expect(firms.map((firm) => firm.raisonSociale).sort()).toEqual(Object.values(DEMO_COMPANIES).map((c) => c.raisonSociale).sort());
    for (const field of ['raisonSociale', 'sirenSiret', 'companyId', 'email', 'telephone'] as const) {
      expect(new Set(accounts.map((account) => account[field])).size, field).toBe(accounts.length);
    }
    const addresses = accounts.map((a) => `${a.adresseNumero} ${a.adresseVoie} ${a.adresseCodePostal} ${a.adresseVille}`);
    expect(new Set(addresses).size).toBe(accounts.length);
    for (const account of accounts) {
      const firm = firms.find((candidate) => candidate.id === account.companyId);
      expect(account.raisonSociale).toBe(firm?.raisonSociale);
      expect(isLuhnValid(firm?.siren ?? ''), firm?.siren).toBe(true);
      expect(account.sirenSiret.startsWith(firm?.siren ?? '-')).toBe(true);
      expect(account.sirenSiret).toMatch(/^\d{14}$/);
      expect(isLuhnValid(account.sirenSiret), account.sirenSiret).toBe(true);
      expect(account.codeClientBscs).toMatch(CLIENT_ACCOUNT_NUMBER);
      expect(account.adresseCodePostal).toMatch(/^\d{5}$/);
      expect(account.telephone).toMatch(/^0[1-5]\d{8}$/);
    }
  });

  it('attaches the mandataire to three accounts of three different companies', async () => {
    const [mandataire] = await t.db.select().from(users).where(eq(users.email, DEMO_USERS.mandataire.email));
    const rows = await t.db
      .select({ name: billingAccounts.raisonSociale, manages: userBillingAccounts.isGestionnaire })
      .from(userBillingAccounts)
      .innerJoin(billingAccounts, eq(billingAccounts.idClientBscs, userBillingAccounts.idClientBscs))
      .where(eq(userBillingAccounts.userId, mandataire?.id ?? -1));
    expect(rows.map((row) => row.name).sort()).toEqual(
      [DEMO_COMPANIES.transport, DEMO_COMPANIES.publicWorks, DEMO_COMPANIES.accounting].map((c) => c.raisonSociale).sort(),
    );
    expect(rows.filter((row) => row.manages)).toHaveLength(2);
  });

  it('shows its example texts in parameters a new installation leaves empty', async () => {
    const rows = await t.db.select().from(serverParameters);
    const values = Object.fromEntries(rows.map((row) => [row.name, row.value]));
    expect(values).toMatchObject(DEMO_PARAMETER_TEXTS);
    const response = await t.get('/api/parametres');
    expect(bodyOf(response, serverParametersSchema)).toMatchObject(DEMO_PARAMETER_TEXTS);
  });

  it('gives every line a valid card with its PUK codes, a user and a listing choice; several lines are eSIM lines', async () => {
    const lines = await t.db.select().from(contracts);
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) {
      expect(checkIccid(line.iccid ?? ''), line.iccid ?? 'no ICCID').toEqual({ ok: true, iccid: line.iccid });
      expect(line.iccid).toMatch(/^8933\d{15}$/);
      expect(line.puk).toMatch(/^\d{8}$/);
      expect(line.puk2).toMatch(/^\d{8}$/);
      expect(line.utilisateurPrenom && line.utilisateurNom && line.utilisateurEmail).toBeTruthy();
      expect(line.dateFinEngagement === null || /^\d{4}-\d{2}-\d{2}$/.test(line.dateFinEngagement)).toBe(true);
    }
    expect(new Set(lines.map((line) => line.iccid)).size).toBe(lines.length);
    const esim = lines.filter((line) => line.typeSim === 'ESIM');
    expect(esim.length).toBeGreaterThanOrEqual(3);
    for (const line of esim) {
      expect(line.esimCodeActivation).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
      expect(line.esimAdresseSmdp).toBe('smdp.telora.example');
    }
    for (const line of lines.filter((candidate) => candidate.typeSim === 'SIM')) expect(line.esimCodeActivation).toBeNull();
    const [lineUser] = await t.db.select().from(users).where(eq(users.email, DEMO_USERS.utilisateur.email));
    const own = lines.find((line) => line.userId === lineUser?.id);
    expect(own).toMatchObject({ utilisateurPrenom: 'Julien', utilisateurNom: 'Roux', utilisateurEmail: DEMO_USERS.utilisateur.email });
  });

  it('bars roaming on one bakery line and international calls on one transport line, and nothing else', async () => {
    const barred = await t.db
      .select({ raisonSociale: billingAccounts.raisonSociale, itinerance: contracts.barrageItinerance, international: contracts.barrageInternational, codeStatut: contracts.codeStatut })
      .from(contracts)
      .innerJoin(billingAccounts, eq(billingAccounts.idClientBscs, contracts.idClientBscs))
      .where(or(eq(contracts.barrageItinerance, true), eq(contracts.barrageInternational, true)))
      .orderBy(asc(contracts.idContrat));
    expect(barred).toEqual([
      { raisonSociale: DEMO_COMPANIES.bakery.raisonSociale, itinerance: true, international: false, codeStatut: 'ACTIF' },
      { raisonSociale: DEMO_COMPANIES.transport.raisonSociale, itinerance: false, international: true, codeStatut: 'ACTIF' },
    ]);
  });

  it('commits no line on a plan without commitment, nor for longer than its plan’s months', async () => {
    const lines = await t.db
      .select({ idContrat: contracts.idContrat, end: contracts.dateFinEngagement, months: offers.engagementMois })
      .from(contracts)
      .innerJoin(offers, eq(offers.idOffreEngagement, contracts.idOffreEngagement));
    const today = parisDay(new Date());
    for (const line of lines) {
      if (line.months === 0) expect(line.end, `line ${line.idContrat}`).toBeNull();
      else if (line.end !== null) expect(line.end <= addMonths(today, line.months), `line ${line.idContrat}`).toBe(true);
    }
    // Both kinds are in the demo: plans without commitment, and lines still committed.
    expect(lines.some((line) => line.months === 0)).toBe(true);
    expect(lines.some((line) => line.end !== null && line.end > today)).toBe(true);
  });

  it('logs every demo identity in', async () => {
    for (const who of Object.keys(DEMO_USERS) as (keyof typeof DEMO_USERS)[]) {
      await expect(t.loginAs(who)).resolves.toMatch(/.+/);
    }
  });

  it('gives its customers a history of requests: « Mes demandes » lists every kind for the bakery’s manager, the back office the messages and complaints', async () => {
    const mine = async (who: keyof typeof DEMO_USERS): Promise<CustomerRequest[]> =>
      bodyOf(await t.get('/api/mes-demandes?taille=50', await t.loginAs(who)), customerRequestPageSchema).demandes;
    const manager = await mine('gestionnaire');
    expect(new Set(manager.map((request) => request.type))).toEqual(new Set(CUSTOMER_REQUEST_TYPES));
    const statuses = (type: CustomerRequest['type']) => new Set(manager.filter((request) => request.type === type).map((request) => request.statut));
    expect(statuses('CONTACT')).toEqual(new Set(['OUVERTE', 'EN_COURS', 'EN_ATTENTE_CLIENT', 'RESOLUE']));
    expect(statuses('RECLAMATION')).toEqual(new Set(['EN_COURS', 'TRAITEE']));
    expect(statuses('RENDEZ_VOUS')).toEqual(new Set(['A_VENIR', 'PASSE']));
    for (const who of ['mandataire', 'utilisateur', 'solo'] as const) expect((await mine(who)).length, who).toBeGreaterThan(0);

    const admin = await t.loginAs('administration');
    const tickets = bodyOf(await t.get('/api/admin/support/demandes?taille=50', admin), adminTicketPageSchema).demandes;
    const complaints = bodyOf(await t.get('/api/admin/reclamations?taille=50', admin), adminComplaintPageSchema).reclamations;
    for (const request of manager.filter((row) => row.type === 'CONTACT')) expect(tickets.map((ticket) => ticket.reference)).toContain(request.reference);
    for (const request of manager.filter((row) => row.type === 'RECLAMATION')) expect(complaints.map((complaint) => complaint.reference)).toContain(request.reference);
    expect(new Set(tickets.map((ticket) => ticket.statut)).size).toBeGreaterThan(2);
    expect(new Set(complaints.map((complaint) => complaint.statut))).toEqual(new Set(['EN_COURS', 'TRAITEE']));
  });

  it('words its requests in French with the typographic apostrophe, books its appointments on real slots, and attaches no file', async () => {
    const texts = [
      ...(await t.db.select().from(supportTickets)).flatMap((ticket) => [ticket.objet, ticket.message]),
      ...(await t.db.select().from(invoiceComplaints)).map((complaint) => complaint.message),
    ];
    expect(texts.length).toBeGreaterThan(5);
    for (const text of texts) expect(text, text).not.toContain("'");
    expect((await t.db.select().from(supportTickets)).every((ticket) => ticket.pieceJointeCle === null && ticket.pieceJointeNom === null)).toBe(true);
    const booked = await t.db.select().from(appointments);
    for (const appointment of booked) {
      expect(isSlotStart(appointment.debut), appointment.debut.toISOString()).toBe(true);
      expect(appointment.createdAt.getTime()).toBeLessThan(Math.min(appointment.debut.getTime(), t.clock.now().getTime()));
    }
    expect(booked.some((appointment) => appointment.statut === 'RESERVE' && appointment.debut > t.clock.now())).toBe(true);
  });

  it('numbers its messages and complaints from the counters the portal takes its next references from', async () => {
    const year = parisDay(t.clock.now()).slice(0, 4);
    const lastOf = (references: string[]) => Math.max(0, ...references.filter((reference) => reference.slice(4, 8) === year).map((reference) => Number(reference.slice(9))));
    const tickets = (await t.db.select({ reference: supportTickets.reference }).from(supportTickets)).map((row) => row.reference);
    const complaints = (await t.db.select({ reference: invoiceComplaints.reference }).from(invoiceComplaints)).map((row) => row.reference);
    const manager = await t.loginAs('gestionnaire');
    const sent = bodyOf(await sendContact(t, fields(MESSAGE), { token: manager }), contactResponseSchema);
    expect(sent.reference).toBe(`SUP-${year}-${String(lastOf(tickets) + 1).padStart(6, '0')}`);
    const [bakery] = await t.db.select().from(billingAccounts).where(eq(billingAccounts.raisonSociale, DEMO_COMPANIES.bakery.raisonSociale));
    const [latest] = await t.db.select().from(invoices).where(eq(invoices.idClientBscs, bakery?.idClientBscs ?? -1)).orderBy(asc(invoices.dateFacture)).offset(23);
    const filed = await t.send('POST', `/api/facture/${bakery?.idClientBscs}/${latest?.referenceNumber}/reclamation`, {
      token: manager,
      json: { motif: 'AUTRE', message: 'Une question sur cette facture.' },
    });
    expect(bodyOf(filed, invoiceComplaintResponseSchema).reference).toBe(`REC-${year}-${String(lastOf(complaints) + 1).padStart(6, '0')}`);
  });
});
