import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  errorMessage,
  isValidRio,
  lineDetailSchema,
  pukSchema,
  rioReference,
  rioResponseSchema,
  simCheckResponseSchema,
  type ApiErrorCode,
} from '@ecare/shared';
import { contracts, lossTheftDeclarations } from '../../db/schema.ts';
import { demoIccid } from '../../db/seed/builders.ts';
import { createContract } from '../../db/seed/factories.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, expectError, useTestContext, type TestContext } from '../../test/harness.ts';
import { auditOf, storedLine } from '../../test/support/lines.ts';

const { t, f } = useTestContext(demoFixture);

const forbidden = (response: Awaited<ReturnType<TestContext['get']>>) => expectError(response, 403, 'FORBIDDEN_CONTRACT');

/** Valid French ICCIDs no demo line holds (another issuer code than the demo's 01). */
let fresh = 0;
function freshIccid(): string {
  fresh += 1;
  return demoIccid(fresh).replace(/^893301/, '893377');
}

describe('GET /api/clients/contrats/{idContrat}/puk', () => {
  const puk = (id: number | string, token?: string) => t.get(`/api/clients/contrats/${id}/puk`, token);

  it('gives a manager the PUK codes of a line of their account, and records the read', async () => {
    const line = f.colleague(0);
    const response = await puk(line.idContrat, f.manager);
    expect(response.statusCode).toBe(200);
    expect(bodyOf(response, pukSchema)).toEqual({ puk: line.puk, puk2: line.puk2 });
    const [entry] = await auditOf(t, 'LECTURE_PUK', line.idContrat);
    expect(entry).toMatchObject({ idClientBscs: f.account, idContrat: line.idContrat, onBehalfOf: null });
    expect(entry?.sourceAddress).toMatch(/^198\.51\./);
    expect(entry?.at.getTime()).toBe(t.clock.now().getTime());
  });

  it('gives a line user the PUK of their own line only', async () => {
    expect(bodyOf(await puk(f.own.idContrat, f.lineUser), pukSchema)).toEqual({ puk: f.own.puk, puk2: f.own.puk2 });
    expect(await auditOf(t, 'LECTURE_PUK', f.own.idContrat)).toHaveLength(1);
    forbidden(await puk(f.colleague(0).idContrat, f.lineUser));
  });

  it('refuses another customer, without recording anything', async () => {
    const line = f.colleague(1);
    forbidden(await puk(line.idContrat, f.stranger));
    expect(await auditOf(t, 'LECTURE_PUK', line.idContrat)).toHaveLength(0);
  });

  it('says when a line has no PUK on record, and refuses bad ids and anonymous callers', async () => {
    const bare = await createContract(t.db, { idClientBscs: f.account, codeStatut: 'ACTIF', puk: null, puk2: null, iccid: null });
    expectError(await puk(bare.idContrat, f.manager), 409, 'PUK_UNAVAILABLE');
    for (const id of ['abc', '0', '1.5']) expectError(await puk(id, f.manager), 400, 'VALIDATION');
    expectError(await puk(f.colleague(0).idContrat), 401, 'UNAUTHENTICATED');
  });
});

describe('POST /api/sim/verifier', () => {
  const verify = (json: unknown, token = f.manager) => t.send('POST', '/api/sim/verifier', { token, json });
  const answer = async (Id: number, NumeroSim: string) => {
    const response = await verify({ Id, NumeroSim });
    expect(response.statusCode, response.body).toBe(200);
    return bodyOf(response, simCheckResponseSchema);
  };

  it('accepts a valid free card, spaces included', async () => {
    const iccid = freshIccid();
    const spaced = iccid.replace(/(\d{4})(?=\d)/g, '$1 ');
    expect(await answer(f.colleague(0).idContrat, spaced)).toEqual({ valide: true, message: expect.stringContaining('valide') as unknown });
  });

  it('gives a French message for each reason a number is refused', async () => {
    const line = f.colleague(0);
    const other = f.colleague(1);
    const cases: [string, ApiErrorCode][] = [
      ['', 'SIM_EMPTY'],
      ['8933A10000000000028', 'SIM_DIGITS_ONLY'],
      ['89330100000000000', 'SIM_LENGTH'],
      ['8944010000000000024', 'SIM_PREFIX'],
      ['8933010000000000029', 'SIM_CHECK_DIGIT'],
      [other.iccid ?? '', 'SIM_IN_USE'],
      [line.iccid ?? '', 'SIM_ALREADY_ACTIVE'],
    ];
    for (const [numero, code] of cases) {
      expect(await answer(line.idContrat, numero), code).toEqual({ valide: false, message: errorMessage(code) });
    }
  });

  it('refuses a malformed request with 400', async () => {
    const id = f.colleague(0).idContrat;
    for (const json of [{ Id: id }, { NumeroSim: freshIccid() }, { Id: 'abc', NumeroSim: freshIccid() }, { Id: id, NumeroSim: 8933 }, { Id: id, NumeroSim: '8'.repeat(41) }]) {
      expectError(await verify(json), 400, 'VALIDATION');
    }
  });

  it('is the manager’s: 403 for a line user, on their own line or a colleague’s, and for another customer', async () => {
    expectError(await verify({ Id: f.own.idContrat, NumeroSim: freshIccid() }, f.lineUser), 403, 'FORBIDDEN_LINE_ACTION');
    forbidden(await verify({ Id: f.colleague(0).idContrat, NumeroSim: freshIccid() }, f.lineUser));
    forbidden(await verify({ Id: f.colleague(0).idContrat, NumeroSim: freshIccid() }, f.stranger));
  });
});

describe('POST /api/contrats/{idContrat}/{numeroLigne}/ActivationSim', () => {
  const activate = (idContrat: number, numero: string, numeroSim: unknown, token = f.manager) =>
    t.send('POST', `/api/contrats/${idContrat}/${encodeURIComponent(numero)}/ActivationSim`, { token, json: { numeroSim } });

  it('puts a new card on an eSIM line, with new PUK codes, recorded in the audit log', async () => {
    const [line] = f.esim;
    if (!line) throw new Error('no eSIM line');
    const iccid = freshIccid();
    // The number as people write it: international, with spaces.
    const typed = `+33 ${line.numeroLigne.slice(1).replace(/(\d{2})(?=\d)/g, '$1 ')}`;
    const response = await activate(line.idContrat, typed, iccid);
    expect(response.statusCode, response.body).toBe(200);
    expect(bodyOf(response, lineDetailSchema)).toMatchObject({ idContrat: line.idContrat, typeSim: 'SIM', iccidFin: iccid.slice(-4) });
    const stored = await storedLine(t, line.idContrat);
    expect(stored).toMatchObject({ iccid, typeSim: 'SIM', esimCodeActivation: null, esimAdresseSmdp: null });
    expect(stored.puk).toMatch(/^\d{8}$/);
    expect(stored.puk).not.toBe(line.puk);
    expect(await auditOf(t, 'ACTIVATION_SIM', line.idContrat)).toHaveLength(1);
    // The same card again, here or on another line.
    expectError(await activate(line.idContrat, line.numeroLigne, iccid), 409, 'SIM_ALREADY_ACTIVE');
    expectError(await activate(f.colleague(2).idContrat, f.colleague(2).numeroLigne, iccid), 409, 'SIM_IN_USE');
  });

  it('activates a line still being set up', async () => {
    const pending = await createContract(t.db, { idClientBscs: f.account, codeStatut: 'EN_COURS' });
    const response = await activate(pending.idContrat, pending.numeroLigne, freshIccid());
    expect(bodyOf(response, lineDetailSchema).codeStatut).toBe('ACTIF');
  });

  it('refuses each invalid number with its message, and changes nothing', async () => {
    const line = f.colleague(2);
    const cases: [string, ApiErrorCode][] = [
      ['  ', 'SIM_EMPTY'],
      ['8933-0100-0000-0000-028', 'SIM_DIGITS_ONLY'],
      ['893301000000000002', 'SIM_LENGTH'],
      ['8944010000000000024', 'SIM_PREFIX'],
      ['8933010000000000029', 'SIM_CHECK_DIGIT'],
    ];
    for (const [numero, code] of cases) expectError(await activate(line.idContrat, line.numeroLigne, numero), 400, code);
    expectError(await activate(line.idContrat, '0600000000', freshIccid()), 400, 'LINE_NUMBER_MISMATCH');
    for (const body of [undefined, 42, 'x'.repeat(41)]) expectError(await activate(line.idContrat, line.numeroLigne, body), 400, 'VALIDATION');
    expect((await storedLine(t, line.idContrat)).iccid).toBe(line.iccid);
    expect(await auditOf(t, 'ACTIVATION_SIM', line.idContrat)).toHaveLength(0);
  });

  it('refuses a terminated line', async () => {
    const ended = await createContract(t.db, { idClientBscs: f.account, codeStatut: 'RESILIE' });
    expectError(await activate(ended.idContrat, ended.numeroLigne, freshIccid()), 409, 'LINE_TERMINATED');
  });

  it('is the manager’s: 403 for a line user and for another customer', async () => {
    expectError(await activate(f.own.idContrat, f.own.numeroLigne, freshIccid(), f.lineUser), 403, 'FORBIDDEN_LINE_ACTION');
    forbidden(await activate(f.colleague(2).idContrat, f.colleague(2).numeroLigne, freshIccid(), f.lineUser));
    forbidden(await activate(f.colleague(2).idContrat, f.colleague(2).numeroLigne, freshIccid(), f.stranger));
  });
});

describe('GET /api/contrat/rio', () => {
  const rio = (query: string, token?: string) => t.get(`/api/contrat/rio${query}`, token);

  it('gives a stable business RIO whose key matches the number, and records each read', async () => {
    const line = f.colleague(3);
    const first = bodyOf(await rio(`?idContrat=${line.idContrat}`, f.manager), rioResponseSchema);
    expect(first.numeroLigne).toBe(line.numeroLigne);
    expect(first.rio.slice(0, 9)).toBe(`T1E${rioReference(line.idContrat)}`);
    expect(isValidRio(first.rio, line.numeroLigne)).toBe(true);
    expect(bodyOf(await rio(`?idContrat=${line.idContrat}`, f.manager), rioResponseSchema)).toEqual(first);
    expect(await auditOf(t, 'LECTURE_RIO', line.idContrat)).toHaveLength(2);
  });

  it('gives a line user the RIO of their own line only; 403 for another customer', async () => {
    const own = bodyOf(await rio(`?idContrat=${f.own.idContrat}`, f.lineUser), rioResponseSchema);
    expect(isValidRio(own.rio, f.own.numeroLigne)).toBe(true);
    forbidden(await rio(`?idContrat=${f.colleague(3).idContrat}`, f.lineUser));
    forbidden(await rio(`?idContrat=${f.colleague(3).idContrat}`, f.stranger));
  });

  it('refuses a missing or invalid contract id', async () => {
    for (const query of ['', '?idContrat=', '?idContrat=abc', '?idContrat=0', '?id=5']) expectError(await rio(query, f.manager), 400, 'VALIDATION');
    expectError(await rio(`?idContrat=${f.own.idContrat}`), 401, 'UNAUTHENTICATED');
  });
});

describe('POST /api/perte-ou-vol/{idContrat}/{idClientBscs}', () => {
  const daysAgo = (days: number) => new Date(t.clock.now().getTime() - days * 86_400_000).toISOString().slice(0, 10);
  const today = () => daysAgo(0);
  const declare = (idContrat: number, json: unknown, token = f.manager, account = f.account) =>
    t.send('POST', `/api/perte-ou-vol/${idContrat}/${account}`, { token, json });
  const restore = (idContrat: number, token = f.manager, account = f.account) =>
    t.send('POST', `/api/perte-ou-vol/${idContrat}/${account}/retablir`, { token });

  it('suspends the line at once, records the declaration, mails the manager; then the line can be restored', async () => {
    const line = f.colleague(4);
    const when = daysAgo(3);
    const response = await declare(line.idContrat, { motif: 'VOL', dateEvenement: when, commentaire: 'Volé dans le véhicule de service' });
    const suspended = bodyOf(response, lineDetailSchema);
    expect(suspended.codeStatut).toBe('SUSPENDU');
    expect(suspended.actions).toContain('RETABLISSEMENT');
    expect(suspended.actions).not.toContain('PERTE_OU_VOL');
    const [declaration] = await t.db.select().from(lossTheftDeclarations).where(eq(lossTheftDeclarations.idContrat, line.idContrat));
    expect(declaration).toMatchObject({ motif: 'VOL', dateEvenement: when, commentaire: 'Volé dans le véhicule de service', restoredAt: null });
    const mail = (await t.outbox()).find((m) => m.recipient === 'gestionnaire@demo.test');
    expect(mail?.subject).toContain('suspendue');
    expect(mail?.textBody).toContain('a déclaré le vol');
    expect(mail?.textBody).toContain(`/ecare/ligne-mobile/${line.idContrat}`);
    expect(await auditOf(t, 'DECLARATION_PERTE_VOL', line.idContrat)).toHaveLength(1);

    // A second declaration is refused with a clear message.
    expectError(await declare(line.idContrat, { motif: 'PERTE', dateEvenement: today() }), 409, 'LINE_ALREADY_SUSPENDED');

    const restored = bodyOf(await restore(line.idContrat), lineDetailSchema);
    expect(restored.codeStatut).toBe('ACTIF');
    expect(restored.actions).toContain('PERTE_OU_VOL');
    expect(await auditOf(t, 'RETABLISSEMENT_LIGNE', line.idContrat)).toHaveLength(1);
    expectError(await restore(line.idContrat), 409, 'NO_LOSS_THEFT_SUSPENSION');
  });

  it('lets a line user block their own lost phone, but leaves the restoration to the manager', async () => {
    const response = await declare(f.own.idContrat, { motif: 'PERTE', dateEvenement: today() }, f.lineUser);
    expect(bodyOf(response, lineDetailSchema)).toMatchObject({ codeStatut: 'SUSPENDU', actions: ['PUK', 'RIO', 'ANNUAIRE'] });
    expectError(await restore(f.own.idContrat, f.lineUser), 403, 'FORBIDDEN_LINE_ACTION');
    expect(bodyOf(await restore(f.own.idContrat), lineDetailSchema).codeStatut).toBe('ACTIF');
  });

  it('neither declares on nor restores a line suspended for another reason', async () => {
    expectError(await declare(f.suspended.idContrat, { motif: 'VOL', dateEvenement: today() }), 409, 'LINE_ALREADY_SUSPENDED');
    expectError(await restore(f.suspended.idContrat), 409, 'NO_LOSS_THEFT_SUSPENSION');
    expect((await storedLine(t, f.suspended.idContrat)).codeStatut).toBe('SUSPENDU');
  });

  it('refuses invalid declarations with 400, and an event in the future', async () => {
    const line = f.colleague(5);
    for (const json of [
      {},
      { motif: 'AUTRE', dateEvenement: today() },
      { motif: 'VOL' },
      { motif: 'VOL', dateEvenement: '2026-13-01' },
      { motif: 'VOL', dateEvenement: '02/01/2026' },
      { motif: 'VOL', dateEvenement: today(), commentaire: 'x'.repeat(501) },
    ]) {
      expectError(await declare(line.idContrat, json), 400, 'VALIDATION');
    }
    const tomorrow = new Date(t.clock.now().getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    expectError(await declare(line.idContrat, { motif: 'VOL', dateEvenement: tomorrow }), 400, 'EVENT_DATE_IN_FUTURE');
    expect((await storedLine(t, line.idContrat)).codeStatut).toBe('ACTIF');
  });

  it('answers 403 to a line user on a colleague’s line, to another customer, and for a contract named with another account', async () => {
    const line = f.colleague(5);
    const valid = { motif: 'VOL', dateEvenement: today() };
    forbidden(await declare(line.idContrat, valid, f.lineUser));
    forbidden(await declare(line.idContrat, valid, f.stranger));
    forbidden(await declare(line.idContrat, valid, f.stranger, f.strangerAccount));
    forbidden(await declare(line.idContrat, valid, f.manager, f.strangerAccount));
    forbidden(await restore(line.idContrat, f.stranger));
    const [row] = await t.db.select({ codeStatut: contracts.codeStatut }).from(contracts).where(eq(contracts.idContrat, line.idContrat));
    expect(row?.codeStatut).toBe('ACTIF');
    expect(await auditOf(t, 'DECLARATION_PERTE_VOL', line.idContrat)).toHaveLength(0);
  });
});
