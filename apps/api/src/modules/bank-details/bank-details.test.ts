import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  BANK_DETAILS_MESSAGES as M,
  bankDetailsSavedSchema,
  bankDetailsSchema,
  errorMessage,
  formatIban,
  sepaMandateSchema,
  type BankDetailsChange,
} from '@ecare/shared';
import { loadConfig } from '../../config/env.ts';
import { accountPaymentSettings, auditLog, billingAccounts, sepaMandates } from '../../db/schema.ts';
import { DEMO_BANK_ACCOUNTS } from '../../db/seed/demo-bank-details.ts';
import { DEMO_COMPANIES } from '../../db/seed/demo-companies.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { createBillingAccount, createUser } from '../../db/seed/factories.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, errorOf, expectError, openApiDocumentSchema, useTestContext } from '../../test/harness.ts';
import { pdfLines as pdfText } from '../../test/pdf-text.ts';
import { BANK_DETAILS_QUOTA } from './bank-details.service.ts';
import { operatorCreditor, renderMandatePdf } from './sepa-mandate.document.ts';

const { t, f } = useTestContext(demoFixture);

/** Accounts of fictional banks (99906 to 99909), every key right. */
const NEW_BANK = {
  first: { iban: 'FR7699906000110001112220621', bic: 'DEMFFRPP' },
  second: { iban: 'FR7699901000120006789010736', bic: 'DEMAFRPP' },
} as const;

const detailsPath = (idClientBscs: number | string) => `/api/clients/${idClientBscs}/coordonnees-bancaires`;
const mandatePath = (idClientBscs: number | string) => `/api/clients/${idClientBscs}/mandat-sepa`;
const pdfPath = (idClientBscs: number | string) => `/api/clients/${idClientBscs}/mandat-sepa/pdf`;

const save = (token: string, idClientBscs: number | string, json: unknown) => t.send('PUT', detailsPath(idClientBscs), { token, json });

async function saved(token: string, idClientBscs: number, json: BankDetailsChange) {
  const response = await save(token, idClientBscs, json);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf(response, bankDetailsSavedSchema);
}

async function accountNamed(raisonSociale: string) {
  const [row] = await t.db.select().from(billingAccounts).where(eq(billingAccounts.raisonSociale, raisonSociale));
  if (!row) throw new Error(`no account ${raisonSociale}`);
  return row;
}

const mandatesOf = (idClientBscs: number) =>
  t.db.select().from(sepaMandates).where(eq(sepaMandates.idClientBscs, idClientBscs)).orderBy(asc(sepaMandates.id));

async function settingsOf(idClientBscs: number) {
  const [row] = await t.db.select().from(accountPaymentSettings).where(eq(accountPaymentSettings.idClientBscs, idClientBscs));
  return row;
}

const auditOf = (action: string, idClientBscs: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.idClientBscs, idClientBscs)))
    .orderBy(asc(auditLog.id));

/** What a refused save must leave as it was. */
const snapshot = async (idClientBscs: number) => ({
  settings: await settingsOf(idClientBscs),
  mandates: await mandatesOf(idClientBscs),
  mails: (await t.outbox()).length,
  audit: (await auditOf('MODIFICATION_COORDONNEES_BANCAIRES', idClientBscs)).length,
});

/** A company account of its own with `managers` managers, the first signed in. */
let sequence = 0;
async function newAccount(managers = 1) {
  const account = await createBillingAccount(t.db, { statut: 'ACTIF', adresseVille: 'Besançon' });
  const emails: string[] = [];
  for (let i = 0; i < managers; i++) {
    sequence += 1;
    const email = `tresorerie.${sequence}@banque.test`;
    await createUser(t.db, { email, password: 'Compte#Pro2026', gestionnaire: true, accounts: [{ idClientBscs: account.idClientBscs, isGestionnaire: true }] });
    emails.push(email);
  }
  return { account, emails, token: await t.login(emails[0] ?? '', 'Compte#Pro2026') };
}

/** The VALIDATION answer's issues, by field of the body. */
function issuesOf(response: { statusCode: number; body: string; json(): unknown }): Record<string, string> {
  expect(response.statusCode, response.body).toBe(400);
  const body = errorOf(response as Parameters<typeof errorOf>[0]);
  expect(body.code).toBe('VALIDATION');
  return Object.fromEntries((body.issues ?? []).map((issue) => [issue.path.replace(/^body\//, ''), issue.message]));
}

describe('GET /api/clients/{idClientBscs}/coordonnees-bancaires', () => {
  it('gives a manager the account’s payment mode and bank details, the IBAN masked but its last four characters', async () => {
    const response = await t.get(detailsPath(f.account), f.manager);
    expect(response.statusCode, response.body).toBe(200);
    const details = bodyOf(response, bankDetailsSchema);
    expect(details).toEqual({
      titulaire: DEMO_COMPANIES.bakery.raisonSociale,
      iban: `${'*'.repeat(23)}${DEMO_BANK_ACCOUNTS.bakery.iban.slice(-4)}`,
      bic: DEMO_BANK_ACCOUNTS.bakery.bic,
      modePaiement: 'PRELEVEMENT',
    });
    // Nowhere in the answer, not even in part beyond the last four.
    expect(response.body).not.toContain(DEMO_BANK_ACCOUNTS.bakery.iban.slice(0, 8));
  });

  it('answers the mode of the other demo accounts, and no bank details where none were given', async () => {
    const mandataire = f.mandataire;
    const transport = await accountNamed(DEMO_COMPANIES.transport.raisonSociale);
    const publicWorks = await accountNamed(DEMO_COMPANIES.publicWorks.raisonSociale);
    expect(bodyOf(await t.get(detailsPath(transport.idClientBscs), mandataire), bankDetailsSchema).modePaiement).toBe('VIREMENT');
    expect(bodyOf(await t.get(detailsPath(publicWorks.idClientBscs), mandataire), bankDetailsSchema)).toEqual({
      titulaire: null,
      iban: null,
      bic: null,
      modePaiement: 'CARTE',
    });
    expect(bodyOf(await t.get(detailsPath(f.strangerAccount), f.stranger), bankDetailsSchema).modePaiement).toBe('PRELEVEMENT');
  });

  it('answers an account that never said as paying by transfer', async () => {
    const { account, token } = await newAccount();
    expect(bodyOf(await t.get(detailsPath(account.idClientBscs), token), bankDetailsSchema)).toEqual({
      titulaire: null,
      iban: null,
      bic: null,
      modePaiement: 'VIREMENT',
    });
  });

  it('refuses another customer, a line user of the account, a mandataire who does not manage it and unknown ids', async () => {
    expectError(await t.get(detailsPath(f.account), f.stranger), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(detailsPath(f.account), f.lineUser), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(detailsPath(f.notManaged), f.mandataire), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(detailsPath(2_000_000_000), f.manager), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(detailsPath(f.account)), 401, 'UNAUTHENTICATED');
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '%00', `${f.account}%00`]) {
      expect((await t.get(detailsPath(id), f.manager)).statusCode, id).toBe(400);
    }
  });
});

describe('PUT /api/clients/{idClientBscs}/coordonnees-bancaires', () => {
  it('refuses a wrong IBAN with a French message for the field, and changes nothing', async () => {
    const before = await snapshot(f.account);
    const wrongKey = `${NEW_BANK.first.iban.slice(0, -1)}2`;
    expect(issuesOf(await save(f.manager, f.account, { titulaire: 'Boulangerie Lemoine', iban: wrongKey, bic: NEW_BANK.first.bic }))).toEqual({
      iban: M.ibanChecksum,
    });
    expect(issuesOf(await save(f.manager, f.account, { titulaire: 'Boulangerie Lemoine', iban: 'FR76 9990', bic: NEW_BANK.first.bic }))).toEqual({
      iban: M.ibanLength({ country: 'FR', expected: 27, given: 8 }),
    });
    expect(issuesOf(await save(f.manager, f.account, { titulaire: 'Boulangerie Lemoine', iban: 'US64SVBKUS6S3300958879', bic: 'DEMOUS33' }))).toEqual({
      iban: M.ibanCountry('US'),
    });
    expect(await snapshot(f.account)).toEqual(before);
  });

  it('refuses a BIC of another country than the IBAN’s, a malformed BIC and a holder’s name out of bounds, each under its field', async () => {
    const before = await snapshot(f.account);
    expect(issuesOf(await save(f.manager, f.account, { titulaire: 'Boulangerie Lemoine', ...NEW_BANK.first, bic: 'DEMODEFF' }))).toEqual({
      bic: M.bicMismatch({ bicCountry: 'DE', ibanCountry: 'FR' }),
    });
    expect(issuesOf(await save(f.manager, f.account, { titulaire: 'B', iban: NEW_BANK.first.iban, bic: 'DEMO' }))).toEqual({
      titulaire: M.holderShort,
      bic: M.bicFormat,
    });
    expect(issuesOf(await save(f.manager, f.account, { titulaire: '<b>Lemoine</b>', ...NEW_BANK.first }))).toEqual({ titulaire: M.holderCharacters });
    expect(await snapshot(f.account)).toEqual(before);
  });

  it('refuses hostile input with 400, never a server error: NUL, huge strings, digits of other scripts, wrong types', async () => {
    const before = await snapshot(f.account);
    const bodies: unknown[] = [
      { titulaire: 'Boulangerie\u0000Lemoine', ...NEW_BANK.first },
      { titulaire: 'Boulangerie Lemoine', iban: `${NEW_BANK.first.iban}\u0000`, bic: NEW_BANK.first.bic },
      { titulaire: 'L'.repeat(200_000), ...NEW_BANK.first },
      // A lone surrogate, which no database text may hold.
      { titulaire: 'Boulangerie \ud8a7', ...NEW_BANK.first },
      { titulaire: 'Boulangerie Lemoine', iban: 'FR76'.repeat(100_000), bic: NEW_BANK.first.bic },
      { titulaire: 'Boulangerie Lemoine', iban: 'FR７６９９９０６０００１１０００１１１２２２０６２１', bic: NEW_BANK.first.bic },
      { titulaire: 'Boulangerie Lemoine', iban: 'FR٧٦99906000110001112220621', bic: NEW_BANK.first.bic },
      { titulaire: 'Boulangerie Lemoine', iban: 27, bic: NEW_BANK.first.bic },
      { titulaire: ['Boulangerie'], ...NEW_BANK.first },
      { titulaire: 'Boulangerie Lemoine', ...NEW_BANK.first, modePaiement: 'CHEQUE' },
      { ...NEW_BANK.first },
      null,
      'FR7699906000110001112220621',
    ];
    for (const json of bodies) {
      const response = await save(f.manager, f.account, json);
      // A bare string is sent as text, which the route does not take (415).
      expect([400, 413, 415], response.body.slice(0, 200)).toContain(response.statusCode);
    }
    expect(await snapshot(f.account)).toEqual(before);
  });

  it('refuses another customer, a line user, a mandataire who does not manage the account and unknown ids, changing nothing', async () => {
    const body = { titulaire: 'Pirate SARL', ...NEW_BANK.first, modePaiement: 'PRELEVEMENT' };
    const before = await snapshot(f.account);
    expectError(await save(f.stranger, f.account, body), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await save(f.lineUser, f.account, body), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await save(f.mandataire, f.account, body), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await save(f.manager, 2_000_000_000, body), 403, 'FORBIDDEN_ACCOUNT');
    expect(await snapshot(f.account)).toEqual(before);
    const notManaged = await snapshot(f.notManaged);
    expectError(await save(f.mandataire, f.notManaged, body), 403, 'FORBIDDEN_ACCOUNT');
    expect(await snapshot(f.notManaged)).toEqual(notManaged);
    const anonymous = await save('', f.account, body);
    expect(anonymous.statusCode).toBe(401);
  });

  it('saves details typed with spaces and in lower case, revokes the mandate in force, issues a new one and tells the manager', async () => {
    const [account] = await t.db.select().from(billingAccounts).where(eq(billingAccounts.idClientBscs, f.account));
    if (!account) throw new Error('no bakery');
    const [former, current] = await mandatesOf(f.account);
    expect(former?.statut).toBe('REVOQUE');
    expect(current?.statut).toBe('ACTIF');
    const mailsBefore = (await t.outbox()).length;

    const answer = await saved(f.manager, f.account, {
      titulaire: '  Boulangerie   Lemoine SARL ',
      iban: formatIban(NEW_BANK.first.iban).toLowerCase(),
      bic: ' demf frpp ',
    });
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(t.clock.now()).replaceAll('-', '');
    const rum = `${account.codeClientBscs}-${day}-003`;
    expect(answer).toEqual({
      titulaire: 'Boulangerie Lemoine SARL',
      iban: `${'*'.repeat(23)}0621`,
      bic: 'DEMFFRPP',
      modePaiement: 'PRELEVEMENT',
      mandat: {
        statut: 'ACTIF',
        rum,
        type: 'B2B',
        typePaiement: 'RECURRENT',
        dateSignature: `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`,
        lieuSignature: account.adresseVille,
        titulaire: 'Boulangerie Lemoine SARL',
        iban: `${'*'.repeat(23)}0621`,
        bic: 'DEMFFRPP',
        creancier: { nom: 'Telora SAS', ics: 'FR72ZZZ123456' },
      },
    });
    expect(rum.length).toBeLessThanOrEqual(35);

    // Stored whole and normalised; the former mandate revoked at the save.
    expect(await settingsOf(f.account)).toMatchObject({ iban: NEW_BANK.first.iban, bic: 'DEMFFRPP', titulaire: 'Boulangerie Lemoine SARL', modePaiement: 'PRELEVEMENT' });
    const mandates = await mandatesOf(f.account);
    expect(mandates.map((m) => [m.rum, m.statut])).toEqual([
      [former?.rum, 'REVOQUE'],
      [current?.rum, 'REVOQUE'],
      [rum, 'ACTIF'],
    ]);
    expect(mandates[1]?.revokedAt).toEqual(t.clock.now());
    expect(mandates[2]).toMatchObject({ iban: NEW_BANK.first.iban, bic: 'DEMFFRPP', type: 'B2B', signedAt: t.clock.now() });

    // The read answers the same, and the mandate read names the new reference.
    expect(bodyOf(await t.get(detailsPath(f.account), f.manager), bankDetailsSchema)).toMatchObject({ iban: answer.iban, bic: 'DEMFFRPP' });
    expect(bodyOf(await t.get(mandatePath(f.account), f.manager), sepaMandateSchema).rum).toBe(rum);

    // One mail, to the account's only manager: masked IBAN, new and former references, who.
    const mails = (await t.outbox()).slice(0, (await t.outbox()).length - mailsBefore);
    expect(mails.map((mail) => mail.recipient)).toEqual([DEMO_USERS.gestionnaire.email]);
    const [mail] = mails;
    expect(mail?.subject).toBe('Telora Pro – Les coordonnées bancaires de votre compte ont été modifiées');
    expect(mail?.textBody).toContain('**** **** **** **** **** ***0 621 (se terminant par 0621)');
    expect(mail?.textBody).toContain(`(RUM) ${rum}`);
    expect(mail?.textBody).toContain(`Il remplace le mandat ${current?.rum}, révoqué.`);
    expect(mail?.textBody).toContain('par Sophie Lemoine');
    expect(mail?.textBody).toContain('https://espace-client.test/ecare/mon-compte/coordonnees-bancaires');
    for (const part of [NEW_BANK.first.iban, NEW_BANK.first.iban.slice(4, 12), formatIban(NEW_BANK.first.iban).slice(0, 14)]) {
      expect(mail?.textBody).not.toContain(part);
      expect(mail?.htmlBody).not.toContain(part);
    }

    const [entry] = await auditOf('MODIFICATION_COORDONNEES_BANCAIRES', f.account);
    expect(entry).toMatchObject({ idClientBscs: f.account, idContrat: null, details: null });
  });

  it('revokes the mandate without a new one when the account leaves direct debit, and issues one when it comes back', async () => {
    const studio = f.strangerAccount;
    const [current] = await mandatesOf(studio);
    const left = await saved(f.stranger, studio, { titulaire: 'Atelier Vincent Design SASU', ...DEMO_BANK_ACCOUNTS.studio, modePaiement: 'VIREMENT' });
    expect(left).toMatchObject({ modePaiement: 'VIREMENT', mandat: null });
    expect((await mandatesOf(studio)).map((m) => m.statut)).toEqual(['REVOQUE']);
    expectError(await t.get(mandatePath(studio), f.stranger), 404, 'SEPA_MANDATE_NOT_FOUND');
    expectError(await t.get(pdfPath(studio), f.stranger), 404, 'SEPA_MANDATE_NOT_FOUND');
    const [mail] = await t.outbox();
    expect(mail?.recipient).toBe(DEMO_USERS.solo.email);
    expect(mail?.textBody).toContain(`Le mandat de prélèvement SEPA ${current?.rum} est révoqué`);
    expect(mail?.textBody).toContain('Mode de paiement\u00a0: Virement');

    // Without a mode, the mode stays: still no mandate.
    expect(await saved(f.stranger, studio, { titulaire: 'Atelier Vincent Design SASU', ...DEMO_BANK_ACCOUNTS.studio })).toMatchObject({
      modePaiement: 'VIREMENT',
      mandat: null,
    });
    const back = await saved(f.stranger, studio, { titulaire: 'Atelier Vincent Design SASU', ...DEMO_BANK_ACCOUNTS.studio, modePaiement: 'PRELEVEMENT' });
    expect(back.mandat?.rum).toMatch(/-002$/);
    expect((await mandatesOf(studio)).map((m) => m.statut)).toEqual(['REVOQUE', 'ACTIF']);
  });

  it('keeps the mode when none is given, and gives an account paying by card its first mandate when it moves to direct debit', async () => {
    const transport = await accountNamed(DEMO_COMPANIES.transport.raisonSociale);
    const kept = await saved(f.mandataire, transport.idClientBscs, { titulaire: 'Transports Girard SAS', ...NEW_BANK.second });
    expect(kept).toMatchObject({ modePaiement: 'VIREMENT', mandat: null });
    expect(await mandatesOf(transport.idClientBscs)).toEqual([]);

    const publicWorks = await accountNamed(DEMO_COMPANIES.publicWorks.raisonSociale);
    expectError(await t.get(mandatePath(publicWorks.idClientBscs), f.mandataire), 404, 'SEPA_MANDATE_NOT_FOUND');
    const moved = await saved(f.mandataire, publicWorks.idClientBscs, {
      titulaire: 'Travaux Publics Girard SARL',
      ...NEW_BANK.second,
      modePaiement: 'PRELEVEMENT',
    });
    expect(moved.mandat?.rum).toMatch(new RegExp(`^${publicWorks.codeClientBscs.replaceAll('.', '\\.')}-\\d{8}-001$`));
    expect(bodyOf(await t.get(mandatePath(publicWorks.idClientBscs), f.mandataire), sepaMandateSchema).lieuSignature).toBe(
      DEMO_COMPANIES.publicWorks.adresse.ville,
    );
  });

  it('mails every manager of the account', async () => {
    const { account, emails, token } = await newAccount(2);
    await saved(token, account.idClientBscs, { titulaire: 'Comptoir Brun', ...NEW_BANK.first, modePaiement: 'PRELEVEMENT' });
    const recipients = (await t.outbox()).slice(0, 2).map((mail) => mail.recipient);
    expect(recipients.sort()).toEqual([...emails].sort());
  });

  it('runs two saves sent at once one after the other: one mandate in force, each with its own reference', async () => {
    const { account, token } = await newAccount();
    const body: BankDetailsChange = { titulaire: 'Comptoir Brun', ...NEW_BANK.first, modePaiement: 'PRELEVEMENT' };
    const answers = await Promise.all([save(token, account.idClientBscs, body), save(token, account.idClientBscs, body)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const mandates = await mandatesOf(account.idClientBscs);
    expect(mandates.map((m) => m.statut).sort()).toEqual(['ACTIF', 'REVOQUE']);
    expect(new Set(mandates.map((m) => m.rum)).size).toBe(2);
    expect(new Set(answers.map((answer) => bodyOf(answer, bankDetailsSavedSchema).mandat?.rum)).size).toBe(2);
  });

});

describe('GET /api/clients/{idClientBscs}/mandat-sepa', () => {
  it('gives a manager the mandate in force, its IBAN masked', async () => {
    const response = await t.get(mandatePath(f.account), f.manager);
    expect(response.statusCode, response.body).toBe(200);
    const mandate = bodyOf(response, sepaMandateSchema);
    expect(mandate).toMatchObject({ statut: 'ACTIF', type: 'B2B', typePaiement: 'RECURRENT', creancier: { nom: 'Telora SAS', ics: 'FR72ZZZ123456' } });
    expect(mandate.rum.length).toBeLessThanOrEqual(35);
    expect(mandate.iban).toMatch(/^\*{23}[0-9]{4}$/);
    expect(mandate.dateSignature).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('refuses another customer, a line user, a mandataire who does not manage the account and unknown ids', async () => {
    expectError(await t.get(mandatePath(f.account), f.stranger), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(mandatePath(f.account), f.lineUser), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(mandatePath(f.notManaged), f.mandataire), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(mandatePath(2_000_000_000), f.manager), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(mandatePath(f.account)), 401, 'UNAUTHENTICATED');
  });
});


/** The text without line breaks, to find sentences the layout wrapped. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('GET /api/clients/{idClientBscs}/mandat-sepa/pdf', () => {
  it('gives a manager the mandate in force as a PDF with every mandatory mention, and records the download', async () => {
    const [mandate] = await t.db
      .select()
      .from(sepaMandates)
      .where(and(eq(sepaMandates.idClientBscs, f.account), eq(sepaMandates.statut, 'ACTIF')));
    const [account] = await t.db.select().from(billingAccounts).where(eq(billingAccounts.idClientBscs, f.account));
    if (!mandate || !account) throw new Error('the bakery has no mandate in force');
    const response = await t.get(pdfPath(f.account), f.manager);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="mandat-sepa-${mandate.rum}.pdf"`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = await pdfText(response.rawPayload);
    const lines = text.split('\n');
    const signed = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short' }).format(mandate.signedAt);
    // Title and scheme, reference, type of payment.
    expect(lines).toContain('Mandat de prélèvement SEPA interentreprises (B2B)');
    expect(lines).toContain(`Référence unique du mandat (RUM) : ${mandate.rum}`);
    expect(lines).toContain('Type de paiement : récurrent');
    // Creditor: name, identifier, address.
    expect(text).toContain('Telora SAS');
    expect(lines).toContain('FR72ZZZ123456');
    expect(text).toContain('18 rue des Quatre-Vents, 92100 Boulogne-Billancourt, France');
    // Debtor: holder, company, address.
    expect(lines).toContain(mandate.titulaire);
    expect(lines).toContain(account.raisonSociale);
    expect(text).toContain(`${account.adresseNumero} ${account.adresseVoie}, ${account.adresseCodePostal} ${account.adresseVille}, France`);
    // The account to debit, whole.
    expect(lines).toContain(formatIban(mandate.iban));
    expect(lines).toContain(mandate.bic);
    // Place and date of signature.
    expect(lines).toContain(mandate.lieuSignature);
    expect(lines).toContain(signed);
    // The authorisation and the debtor's rights under B2B: no refund, 13 months for an unauthorised debit.
    const prose = flat(text);
    expect(prose).toContain('En signant ce formulaire de mandat, vous autorisez Telora SAS à envoyer des instructions à votre banque pour débiter votre compte, et votre banque à débiter votre compte conformément aux instructions de Telora SAS.');
    expect(prose).toContain('vous n’avez pas droit au remboursement d’un prélèvement autorisé');
    expect(prose).toContain('Prélèvement non autorisé : vous disposez de 13 mois à compter de la date de débit de votre compte pour le contester');
    expect(prose).not.toContain('8 semaines');
    expect(prose).toContain('Vos droits concernant le présent mandat sont expliqués dans un document que vous pouvez obtenir auprès de votre banque.');
    expect(prose).toContain(`RUM ${mandate.rum}`);

    const entries = await auditOf('TELECHARGEMENT_MANDAT_SEPA', f.account);
    expect(entries.at(-1)).toMatchObject({ idClientBscs: f.account, idContrat: null });
  });

  it('writes a CORE mandate with its own title, the 8-week refund and the 13 months', async () => {
    const bytes = await renderMandatePdf({
      mandate: {
        id: 1,
        idClientBscs: 1,
        rum: '3.1000001-20260115-001',
        type: 'CORE',
        statut: 'ACTIF',
        titulaire: 'Camille Martin',
        iban: 'FR7699901000120001234560167',
        bic: 'DEMAFRPP',
        lieuSignature: 'Dijon',
        signedAt: new Date('2026-01-15T09:00:00Z'),
        revokedAt: null,
      },
      account: {
        idClientBscs: 1,
        codeClientBscs: '3.1000001',
        raisonSociale: 'Camille Martin EI',
        adresseNumero: '2',
        adresseVoie: 'rue des Forges',
        adresseCodePostal: '21000',
        adresseVille: 'Dijon',
      },
      creditor: operatorCreditor('FR72ZZZ123456'),
      brandName: 'Telora Pro',
      issuedAt: new Date('2026-01-15T09:00:00Z'),
    });
    const text = await pdfText(bytes);
    expect(text.split('\n')).toContain('Mandat de prélèvement SEPA');
    expect(text).not.toContain('interentreprises');
    const prose = flat(text);
    expect(prose).toContain('Une demande de remboursement doit être présentée dans les 8 semaines suivant la date de débit de votre compte pour un prélèvement autorisé, et au plus tard dans les 13 mois en cas de prélèvement non autorisé.');
    expect(prose).toContain('vous disposez de 13 mois');
    expect(prose).toContain('FR76 9990 1000 1200 0123 4560 167');
    expect(prose).toContain('15/01/2026');
  });

  it('refuses another customer, a line user, a mandataire who does not manage the account, and records nothing', async () => {
    const before = (await auditOf('TELECHARGEMENT_MANDAT_SEPA', f.account)).length;
    expectError(await t.get(pdfPath(f.account), f.stranger), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(pdfPath(f.account), f.lineUser), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(pdfPath(f.notManaged), f.mandataire), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(pdfPath(f.account)), 401, 'UNAUTHENTICATED');
    expect((await auditOf('TELECHARGEMENT_MANDAT_SEPA', f.account)).length).toBe(before);
    expect((await t.app.inject({ method: 'HEAD', url: pdfPath(f.account), headers: { authorization: `Bearer ${f.manager}` } })).statusCode).toBe(404);
  });
});

describe('configuration', () => {
  it('takes a creditor identifier with right check digits, and refuses a wrong one at start', () => {
    expect(loadConfig({}).sepaCreditorId).toBe('FR72ZZZ123456');
    expect(loadConfig({ SEPA_CREDITOR_ID: ' FR67ZZZ5E9A1C ' }).sepaCreditorId).toBe('FR67ZZZ5E9A1C');
    expect(() => loadConfig({ SEPA_CREDITOR_ID: 'FR73ZZZ123456' })).toThrow(/SEPA_CREDITOR_ID/);
  });
});

describe('API documentation', () => {
  it('documents the four operations', async () => {
    const doc = bodyOf(await t.get('/api/docs/json'), openApiDocumentSchema);
    expect(Object.keys(doc.paths['/api/clients/{idClientBscs}/coordonnees-bancaires'] ?? {}).sort()).toEqual(['get', 'put']);
    expect(Object.keys(doc.paths['/api/clients/{idClientBscs}/mandat-sepa'] ?? {})).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/clients/{idClientBscs}/mandat-sepa/pdf'] ?? {})).toEqual(['get']);
  });
});

// Last: the day it waits out ends every other session of the file.
describe('the limit on saves', () => {
  it(`takes ${BANK_DETAILS_QUOTA.max} saves of an account a day, then refuses with the wait, without a mail`, async () => {
    const { account, emails, token } = await newAccount();
    const body: BankDetailsChange = { titulaire: 'Comptoir Brun', ...NEW_BANK.first, modePaiement: 'PRELEVEMENT' };
    for (let i = 0; i < BANK_DETAILS_QUOTA.max; i++) await saved(token, account.idClientBscs, body);
    const before = await snapshot(account.idClientBscs);
    t.clock.advance(20 * 60_000);
    const refused = await save(token, account.idClientBscs, body);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(errorOf(refused)).toEqual({ code: 'BANK_DETAILS_TOO_MANY', exceptionMessage: errorMessage('BANK_DETAILS_TOO_MANY', { minutes: 24 * 60 - 20 }) });
    expect(Number(refused.headers['retry-after'])).toBe((24 * 60 - 20) * 60);
    expect(await snapshot(account.idClientBscs)).toEqual(before);
    t.clock.advance(24 * 60 * 60_000);
    await saved(await t.login(emails[0] ?? '', 'Compte#Pro2026'), account.idClientBscs, body);
  });
});
