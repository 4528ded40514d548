import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingAccountListSchema, NO_OPTINS, optinsSchema, type OptinChoices } from '@ecare/shared';
import { auditLog, contactOptins } from '../../db/schema.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { demoFixture, userIdOf } from '../../test/demo-fixture.ts';
import { bodyOf, expectError, useTestContext } from '../../test/harness.ts';

const { t, f } = useTestContext(demoFixture);

const CHOICES: OptinChoices = { emailMarketing: true, smsMarketing: false, emailActualites: true, smsActualites: true };

const auditEntries = (idClientBscs: number | null, user: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'MODIFICATION_OPTINS'), eq(auditLog.userId, user)))
    .orderBy(asc(auditLog.id))
    .then((rows) => rows.filter((row) => row.idClientBscs === idClientBscs));

describe('GET and PUT /api/contacts/optins (the signed-in user’s own choices)', () => {
  it('reads every choice off while nothing was chosen', async () => {
    const response = await t.get('/api/contacts/optins', f.mandataire);
    expect(response.statusCode).toBe(200);
    expect(bodyOf(response, optinsSchema)).toEqual({ ...NO_OPTINS, dateMiseAJour: null });
  });

  it('saves the choices, keeps them, and records the save in the audit log', async () => {
    // The demo line user already wanted the service news by SMS (demo seed).
    expect(bodyOf(await t.get('/api/contacts/optins', f.lineUser), optinsSchema)).toEqual({
      ...NO_OPTINS,
      smsActualites: true,
      dateMiseAJour: '2025-11-03T08:45:00.000Z',
    });
    const saved = await t.send('PUT', '/api/contacts/optins', { token: f.lineUser, json: CHOICES });
    expect(saved.statusCode, saved.body).toBe(200);
    const stamp = t.clock.now().toISOString();
    expect(bodyOf(saved, optinsSchema)).toEqual({ ...CHOICES, dateMiseAJour: stamp });
    expect(bodyOf(await t.get('/api/contacts/optins', f.lineUser), optinsSchema)).toEqual({ ...CHOICES, dateMiseAJour: stamp });

    // A second save rewrites the same row.
    t.clock.advance(60_000);
    const off = { ...NO_OPTINS, smsActualites: true };
    expect(bodyOf(await t.send('PUT', '/api/contacts/optins', { token: f.lineUser, json: off }), optinsSchema)).toMatchObject(off);
    const id = await userIdOf(t, DEMO_USERS.utilisateur.email);
    expect(await t.db.select().from(contactOptins).where(eq(contactOptins.userId, id))).toHaveLength(1);
    const entries = await auditEntries(null, id);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ idClientBscs: null, idContrat: null, onBehalfOf: null });
    expect(entries[0]?.sourceAddress).toMatch(/^198\.51\./);
  });

  it('keeps each person’s choices apart', async () => {
    await t.send('PUT', '/api/contacts/optins', { token: f.stranger, json: { ...NO_OPTINS, emailMarketing: true } });
    expect(bodyOf(await t.get('/api/contacts/optins', f.stranger), optinsSchema).emailMarketing).toBe(true);
    expect(bodyOf(await t.get('/api/contacts/optins', f.manager), optinsSchema)).toEqual({ ...NO_OPTINS, dateMiseAJour: null });
  });

  it.each([
    ['no body', undefined],
    ['a missing choice', { emailMarketing: true, smsMarketing: false, emailActualites: true }],
    ['a choice that is not a boolean', { ...CHOICES, smsMarketing: 'oui' }],
    ['a number for a choice', { ...CHOICES, emailActualites: 1 }],
    ['an array', [true, false, true, false]],
  ])('refuses %s with 400', async (_label, json) => {
    expectError(await t.send('PUT', '/api/contacts/optins', { token: f.manager, json }), 400, 'VALIDATION');
  });

  it('wants a session', async () => {
    expectError(await t.get('/api/contacts/optins'), 401, 'UNAUTHENTICATED');
    expectError(await t.send('PUT', '/api/contacts/optins', { json: CHOICES }), 401, 'UNAUTHENTICATED');
  });
});

describe('GET and PUT /api/contacts/{id_client_bscs}/optins (a billing account’s choices)', () => {
  const path = (id: number | string) => `/api/contacts/${id}/optins`;

  it('lets the account’s manager read and save them, recorded under the account', async () => {
    // The demo bakery receives the service news by e-mail (demo seed).
    expect(bodyOf(await t.get(path(f.account), f.manager), optinsSchema)).toEqual({
      ...NO_OPTINS,
      emailActualites: true,
      dateMiseAJour: '2025-11-03T08:45:00.000Z',
    });
    const saved = await t.send('PUT', path(f.account), { token: f.manager, json: CHOICES });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(bodyOf(await t.get(path(f.account), f.manager), optinsSchema)).toMatchObject(CHOICES);
    expect(await auditEntries(f.account, await userIdOf(t, DEMO_USERS.gestionnaire.email))).toHaveLength(1);
    // The account's choices are not its manager's own.
    expect(bodyOf(await t.get('/api/contacts/optins', f.manager), optinsSchema)).toEqual({ ...NO_OPTINS, dateMiseAJour: null });
  });

  it('lets a mandataire set those of an account they manage', async () => {
    const accounts = bodyOf(await t.get('/api/comptes_facturation', f.mandataire), billingAccountListSchema);
    const managed = accounts.find((account) => account.isGestionnaire);
    if (!managed) throw new Error('the demo mandataire manages no account');
    const saved = await t.send('PUT', path(managed.idClientBscs), { token: f.mandataire, json: CHOICES });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('refuses another customer, a mandataire on an account they do not manage and a line user, with nothing written', async () => {
    const before = await t.db.select().from(contactOptins);
    for (const [token, id] of [
      [f.stranger, f.account],
      [f.lineUser, f.account],
      [f.mandataire, f.notManaged],
      [f.manager, 999_999_999],
    ] as const) {
      expectError(await t.get(path(id), token), 403, 'FORBIDDEN_ACCOUNT');
      expectError(await t.send('PUT', path(id), { token, json: CHOICES }), 403, 'FORBIDDEN_ACCOUNT');
    }
    expect(await t.db.select().from(contactOptins)).toEqual(before);
  });

  it('refuses malformed ids and bodies with 400', async () => {
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) expectError(await t.get(path(id), f.manager), 400, 'VALIDATION');
    expectError(await t.send('PUT', path(f.account), { token: f.manager, json: { ...CHOICES, smsActualites: null } }), 400, 'VALIDATION');
    expectError(await t.send('PUT', path(f.account), { token: f.manager, json: {} }), 400, 'VALIDATION');
  });
});
