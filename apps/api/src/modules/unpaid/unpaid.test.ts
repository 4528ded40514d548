import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { unpaidCheckResponseSchema, UNPAID_CHECK_ACTIONS, type UnpaidCheckAction } from '@ecare/shared';
import { invoiceStatus } from '@ecare/shared/invoices';
import { addDays, parisDay } from '@ecare/shared/paris-time';
import { billingAccounts, contracts, invoices } from '../../db/schema.ts';
import { createBillingAccount, createCompany, createContract, createUser } from '../../db/seed/factories.ts';
import { bodyOf, expectError, useTestContext, type TestContext } from '../../test/harness.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { TEST_INVOICE_CUSTOMER } from '../../test/invoice-snapshot.ts';
import { UNPAID_CHECK_QUOTA } from './unpaid.service.ts';

const { t, f } = useTestContext(demoFixture);

const CODE = 'Impayes#Verif42';
let sequence = 0;
const next = () => (sequence += 1);

/** A company with two billing accounts, each with a line on plan 101 and a manager of its own, signed in. */
async function newCompany(ctx: TestContext) {
  const company = await createCompany(ctx.db);
  const account = async () => {
    const row = await createBillingAccount(ctx.db, { statut: 'ACTIF' }, company);
    const line = await createContract(ctx.db, { idClientBscs: row.idClientBscs, codeStatut: 'ACTIF', idOffreEngagement: 101 });
    const email = `impayes.${next()}@gate.test`;
    await createUser(ctx.db, { email, password: CODE, gestionnaire: true, idClientBscs: row.idClientBscs, accounts: [{ idClientBscs: row.idClientBscs, isGestionnaire: true }] });
    return { id: row.idClientBscs, sirenSiret: row.sirenSiret, line, token: await ctx.login(email, CODE) };
  };
  return { siren: company.siren, a: await account(), b: await account() };
}

/** An invoice of the account: `reste` cents still to pay, due `dueInDays` days from today (Paris). */
async function invoice(
  ctx: TestContext,
  idClientBscs: number,
  { reste, dueInDays, ttc = reste, prelevement = false }: { reste: number; dueInDays: number; ttc?: number; prelevement?: boolean },
) {
  const today = parisDay(ctx.clock.now());
  const due = addDays(today, dueInDays);
  const issued = addDays(due, -30);
  const ht = Math.round(ttc / 1.2);
  await ctx.db.insert(invoices).values({
    idClientBscs,
    referenceNumber: `TST-GATE-${String(next()).padStart(6, '0')}`,
    dateFacture: issued,
    dateEcheance: due,
    periodeDebut: addDays(issued, -30),
    periodeFin: addDays(issued, -1),
    montantHtCentimes: ht,
    montantTvaCentimes: ttc - ht,
    montantTtcCentimes: ttc,
    resteAPayerCentimes: reste,
    prelevement,
    client: TEST_INVOICE_CUSTOMER,
    modePaiement: prelevement ? 'PRELEVEMENT' : 'VIREMENT',
  });
  return { dateEcheance: due, resteAPayerCentimes: reste, prelevement };
}

const check = (token: string, json: unknown) => t.send('POST', '/api/impayes/verifier', { token, json });

async function verdict(token: string, request: { idClientBscs: number; sirenSiret: string; action: UnpaidCheckAction; idOffreEngagement?: number }) {
  const response = await check(token, { idOffreEngagement: 0, ...request });
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf(response, unpaidCheckResponseSchema);
}

/** '1 234,56 €' as the spec writes amounts: a narrow no-break space between thousands, a no-break space before €. */
const euros = (text: string) => new RegExp(text.replace(/(\d) (\d)/g, '$1\u202f$2').replace(/ €$/, '\u00a0€'));

describe('POST /api/impayes/verifier', () => {
  it('lets every journey go on when nothing is overdue, whatever the plan named', async () => {
    const { a } = await newCompany(t);
    await invoice(t, a.id, { reste: 4_990, dueInDays: 0 }); // due today: not overdue yet
    await invoice(t, a.id, { reste: 0, dueInDays: -40, ttc: 4_990 }); // paid
    await invoice(t, a.id, { reste: 2_500, dueInDays: 12 });
    for (const action of UNPAID_CHECK_ACTIONS) {
      expect(await verdict(a.token, { idClientBscs: a.id, sirenSiret: a.sirenSiret, action })).toEqual({ arretParcours: false, message: '' });
    }
    expect(await verdict(a.token, { idClientBscs: a.id, sirenSiret: a.sirenSiret, action: 'PU', idOffreEngagement: 101 })).toEqual({ arretParcours: false, message: '' });
    expect(await verdict(a.token, { idClientBscs: a.id, sirenSiret: a.sirenSiret, action: 'AJL', idOffreEngagement: 104 })).toEqual({ arretParcours: false, message: '' });
  });

  it('stops each journey on an overdue invoice of the account, naming the amount and the journey', async () => {
    const { a } = await newCompany(t);
    await invoice(t, a.id, { reste: 123_456, dueInDays: -1 });
    const labels: Record<UnpaidCheckAction, string> = { RM: 'commander un nouveau téléphone', PU: 'changer de forfait', AJL: 'ajouter une ligne' };
    for (const action of UNPAID_CHECK_ACTIONS) {
      const { arretParcours, message } = await verdict(a.token, { idClientBscs: a.id, sirenSiret: a.sirenSiret, action, idOffreEngagement: 101 });
      expect(arretParcours).toBe(true);
      expect(message).toMatch(euros('1 234,56 €'));
      expect(message).toContain('Une facture échue de ce compte de facturation n’est pas réglée\u00a0:');
      expect(message).toContain(`Pour ${labels[action]}, veuillez d’abord régler ce montant.`);
      expect(message).toContain('payer vos factures en ligne par carte bancaire');
    }
    // Partly paid, and a second one: the amount is what remains on both.
    await invoice(t, a.id, { reste: 1_000, dueInDays: -45, ttc: 5_000 });
    const { message } = await verdict(a.token, { idClientBscs: a.id, sirenSiret: a.sirenSiret, action: 'RM' });
    expect(message).toContain('2 factures échues de ce compte de facturation ne sont pas réglées\u00a0:');
    expect(message).toMatch(euros('1 244,56 €'));
  });

  it('stops the journey of an account when another account of the same company has an overdue invoice', async () => {
    const { a, b, siren } = await newCompany(t);
    await invoice(t, b.id, { reste: 7_890, dueInDays: -3 });
    const stopped = await verdict(a.token, { idClientBscs: a.id, sirenSiret: a.sirenSiret, action: 'PU' });
    expect(stopped.arretParcours).toBe(true);
    expect(stopped.message).toContain(`SIREN ${siren.slice(0, 3)} ${siren.slice(3, 6)} ${siren.slice(6)}`);
    expect(stopped.message).toMatch(euros('78,90 €'));
    expect(stopped.message).toContain('Une facture échue de votre entreprise');
    expect(stopped.message).toContain('sur un autre compte de facturation.');

    // Both: the total, and the part of this account.
    await invoice(t, a.id, { reste: 2_110, dueInDays: -8 });
    const both = await verdict(a.token, { idClientBscs: a.id, sirenSiret: a.sirenSiret, action: 'AJL' });
    expect(both.arretParcours).toBe(true);
    expect(both.message).toMatch(euros('100,00 €'));
    expect(both.message).toMatch(euros('dont 21,10 €'));

    // Another company's overdue invoice changes nothing.
    const other = await newCompany(t);
    expect((await verdict(other.a.token, { idClientBscs: other.a.id, sirenSiret: other.a.sirenSiret, action: 'RM' })).arretParcours).toBe(false);
  });

  it('stops exactly on the invoices the invoice list shows as late (EN_RETARD)', async () => {
    const today = parisDay(t.clock.now());
    const kinds = [
      { reste: 1_500, dueInDays: -1 },
      { reste: 1_500, dueInDays: 0 },
      { reste: 1_500, dueInDays: 5 },
      { reste: 0, dueInDays: -20, ttc: 1_500 },
      { reste: 1_500, dueInDays: 3, prelevement: true },
      { reste: 1_500, dueInDays: 0, prelevement: true },
      // A direct debit that bounced: unpaid past its due date.
      { reste: 1_500, dueInDays: -2, prelevement: true },
    ];
    for (const kind of kinds) {
      const { a } = await newCompany(t);
      const standing = await invoice(t, a.id, kind);
      const { arretParcours } = await verdict(a.token, { idClientBscs: a.id, sirenSiret: '', action: 'RM' });
      expect(arretParcours, JSON.stringify(kind)).toBe(invoiceStatus(standing, today) === 'EN_RETARD');
    }
  });

  it('takes the company from the database: another SIREN is refused, the SIREN or another SIRET of it accepted', async () => {
    const { a, b, siren } = await newCompany(t);
    await invoice(t, b.id, { reste: 500, dueInDays: -1 });
    expectError(await check(a.token, { idOffreEngagement: 0, idClientBscs: a.id, sirenSiret: '403052111', action: 'RM' }), 400, 'UNPAID_SIREN_MISMATCH');
    expectError(await check(a.token, { idOffreEngagement: 0, idClientBscs: a.id, sirenSiret: '12345', action: 'RM' }), 400, 'UNPAID_SIREN_MISMATCH');
    for (const sirenSiret of [siren, `${siren.slice(0, 3)} ${siren.slice(3, 6)} ${siren.slice(6)}`, `${siren}00099`, '']) {
      expect((await verdict(a.token, { idClientBscs: a.id, sirenSiret, action: 'RM' })).arretParcours).toBe(true);
    }
  });

  it('checks the plan: it exists, and for a new phone or a plan change it is the plan of a line of the account', async () => {
    const { a } = await newCompany(t);
    const base = { idClientBscs: a.id, sirenSiret: a.sirenSiret };
    expectError(await check(a.token, { ...base, action: 'AJL', idOffreEngagement: 999 }), 400, 'UNPAID_OFFER_UNKNOWN');
    expectError(await check(a.token, { ...base, action: 'RM', idOffreEngagement: 104 }), 400, 'UNPAID_OFFER_NOT_ON_ACCOUNT');
    expectError(await check(a.token, { ...base, action: 'PU', idOffreEngagement: 104 }), 400, 'UNPAID_OFFER_NOT_ON_ACCOUNT');
    // A terminated line's plan is no longer one a journey can be about.
    const ended = await createContract(t.db, { idClientBscs: a.id, codeStatut: 'RESILIE', idOffreEngagement: 105 });
    expectError(await check(a.token, { ...base, action: 'RM', idOffreEngagement: ended.idOffreEngagement }), 400, 'UNPAID_OFFER_NOT_ON_ACCOUNT');
    await t.db.update(contracts).set({ codeStatut: 'ACTIF' }).where(eq(contracts.idContrat, ended.idContrat));
    expect((await verdict(a.token, { ...base, action: 'RM', idOffreEngagement: 105 })).arretParcours).toBe(false);
  });

  it('answers only the account’s managers: another customer, a line user or an attached mandataire get 403', async () => {
    const bakery = { idOffreEngagement: 0, idClientBscs: f.account, sirenSiret: '', action: 'PU' };
    expectError(await check(f.stranger, bakery), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await check(f.lineUser, bakery), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await check(f.mandataire, { ...bakery, idClientBscs: f.notManaged }), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await check(f.manager, { ...bakery, idClientBscs: 2_000_000_000 }), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.send('POST', '/api/impayes/verifier', { json: bakery }), 401, 'UNAUTHENTICATED');
    // An overdue invoice of someone else's account is not told to a stranger.
    const { a } = await newCompany(t);
    await invoice(t, a.id, { reste: 999, dueInDays: -2 });
    expectError(await check(f.stranger, { ...bakery, idClientBscs: a.id }), 403, 'FORBIDDEN_ACCOUNT');
  });

  it('lets the fully paid demo account through (solo@demo.test)', async () => {
    const [account] = await t.db.select().from(billingAccounts).where(eq(billingAccounts.idClientBscs, f.strangerAccount));
    const [line] = await t.db.select().from(contracts).where(eq(contracts.idClientBscs, f.strangerAccount));
    if (!account || !line) throw new Error('no solo account');
    for (const action of UNPAID_CHECK_ACTIONS) {
      const idOffreEngagement = action === 'AJL' ? 0 : line.idOffreEngagement;
      expect(await verdict(f.stranger, { idClientBscs: account.idClientBscs, sirenSiret: account.sirenSiret, action, idOffreEngagement })).toEqual({
        arretParcours: false,
        message: '',
      });
    }
  });

  it('refuses malformed requests', async () => {
    const base = { idOffreEngagement: 0, idClientBscs: f.account, sirenSiret: '', action: 'RM' };
    for (const json of [
      { ...base, action: 'XX' },
      { ...base, idOffreEngagement: -1 },
      { ...base, idClientBscs: 0 },
      { ...base, sirenSiret: 'SIREN<script>' },
      { idClientBscs: f.account, action: 'RM' },
    ]) {
      expectError(await check(f.manager, json), 400, 'VALIDATION');
    }
  });

  it('limits the checks of one user', async () => {
    const { a } = await newCompany(t);
    const request = { idOffreEngagement: 0, idClientBscs: a.id, sirenSiret: '', action: 'AJL' };
    for (let i = 0; i < UNPAID_CHECK_QUOTA.max; i++) expect((await check(a.token, request)).statusCode).toBe(200);
    const refused = await check(a.token, request);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'UNPAID_CHECK_TOO_MANY' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else is not slowed down.
    expect((await check(f.manager, { ...request, idClientBscs: f.account })).statusCode).toBe(200);
  });
});

describe('the day an invoice becomes overdue', () => {
  it('is the day after its due date in Paris, whatever the time in UTC', async () => {
    // 22:50 UTC on a winter day is 23:50 in Paris: still the due date. Twenty minutes later it is the next day in Paris.
    const target = new Date('2027-01-12T22:50:00Z');
    t.clock.advance(target.getTime() - t.clock.now().getTime());
    const { a } = await newCompany(t);
    await t.db.insert(invoices).values({
      idClientBscs: a.id,
      referenceNumber: `TST-GATE-${String(next()).padStart(6, '0')}`,
      dateFacture: '2026-12-12',
      dateEcheance: '2027-01-12',
      periodeDebut: '2026-11-01',
      periodeFin: '2026-11-30',
      montantHtCentimes: 1_000,
      montantTvaCentimes: 200,
      montantTtcCentimes: 1_200,
      resteAPayerCentimes: 1_200,
      client: TEST_INVOICE_CUSTOMER,
      modePaiement: 'VIREMENT',
    });
    expect((await verdict(a.token, { idClientBscs: a.id, sirenSiret: '', action: 'RM' })).arretParcours).toBe(false);
    t.clock.advance(20 * 60_000);
    expect((await verdict(a.token, { idClientBscs: a.id, sirenSiret: '', action: 'RM' })).arretParcours).toBe(true);
  });
});
