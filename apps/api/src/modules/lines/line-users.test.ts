import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  LINE_USER_IDS_MAX,
  LINE_USER_IDS_PARAM_LENGTH,
  billingAccountListSchema,
  lineDetailSchema,
  lineUserEntrySchema,
  lineUserListSchema,
} from '@ecare/shared';
import { contracts } from '../../db/schema.ts';
import { createContract } from '../../db/seed/factories.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, errorOf, expectError, openApiDocumentSchema, useTestContext, type TestContext } from '../../test/harness.ts';
import { auditOf, storedLine } from '../../test/support/lines.ts';

const { t, f } = useTestContext(demoFixture);

type Answer = Awaited<ReturnType<TestContext['get']>>;

/** A 400 whose issues carry `message` (the French text the form shows too). */
const expectInvalid = (response: Answer, message: string | RegExp) => {
  expectError(response, 400, 'VALIDATION');
  const messages = (errorOf(response).issues ?? []).map((issue) => issue.message);
  expect(messages.some((text) => (typeof message === 'string' ? text === message : message.test(text))), messages.join(' | ')).toBe(true);
};

const entryOf = (line: typeof contracts.$inferSelect) => ({
  idContrat: line.idContrat,
  prenom: line.utilisateurPrenom,
  nom: line.utilisateurNom,
  email: line.utilisateurEmail,
  inscriptionAnnuaire: line.inscriptionAnnuaire,
});

describe('GET /api/lignes/{ids}/utilisateurs', () => {
  const users = (ids: string, token?: string) => t.get(`/api/lignes/${ids}/utilisateurs`, token);

  it('gives a manager the user of each line asked for, in the order asked', async () => {
    const asked = [f.colleague(2), f.own, f.colleague(0), f.suspended];
    const response = await users(asked.map((line) => line.idContrat).join(','), f.manager);
    expect(response.statusCode, response.body).toBe(200);
    expect(bodyOf(response, lineUserListSchema)).toEqual(asked.map(entryOf));
  });

  it('answers null names for a line whose user nobody has named', async () => {
    const bare = await createContract(t.db, { idClientBscs: f.account, utilisateurPrenom: null, utilisateurNom: null, utilisateurEmail: null });
    expect(bodyOf(await users(String(bare.idContrat), f.manager), lineUserListSchema)).toEqual([
      { idContrat: bare.idContrat, prenom: null, nom: null, email: null, inscriptionAnnuaire: bare.inscriptionAnnuaire },
    ]);
  });

  it('gives a line user their own line’s user, and refuses a colleague’s line even beside their own', async () => {
    expect(bodyOf(await users(String(f.own.idContrat), f.lineUser), lineUserListSchema)).toEqual([entryOf(f.own)]);
    expectError(await users(String(f.colleague(0).idContrat), f.lineUser), 403, 'FORBIDDEN_CONTRACT');
    expectError(await users(`${f.own.idContrat},${f.colleague(0).idContrat}`, f.lineUser), 403, 'FORBIDDEN_CONTRACT');
  });

  it('refuses the whole request when any line is another customer’s or does not exist', async () => {
    expectError(await users(String(f.colleague(0).idContrat), f.stranger), 403, 'FORBIDDEN_CONTRACT');
    const [strangerLine] = await t.db.select().from(contracts).where(eq(contracts.idClientBscs, f.strangerAccount));
    if (!strangerLine) throw new Error('no line for the other customer');
    expectError(await users(`${f.colleague(0).idContrat},${strangerLine.idContrat}`, f.manager), 403, 'FORBIDDEN_CONTRACT');
    expectError(await users(`${f.colleague(0).idContrat},2000000000`, f.manager), 403, 'FORBIDDEN_CONTRACT');
  });

  it('lets a mandataire read lines of the accounts they manage, not of the one they are only attached to', async () => {
    const managed = bodyOf(await t.get('/api/comptes_facturation', f.mandataire), billingAccountListSchema).filter((a) => a.isGestionnaire);
    const ids: number[] = [];
    for (const account of managed) {
      const [line] = await t.db.select().from(contracts).where(eq(contracts.idClientBscs, account.idClientBscs)).limit(1);
      if (line) ids.push(line.idContrat);
    }
    expect(ids).toHaveLength(2);
    expect(bodyOf(await users(ids.join(','), f.mandataire), lineUserListSchema).map((entry) => entry.idContrat)).toEqual(ids);
    expectError(await users(`${ids.join(',')},${f.unmanagedLine.idContrat}`, f.mandataire), 403, 'FORBIDDEN_CONTRACT');
  });

  it(`takes up to ${LINE_USER_IDS_MAX} ids and refuses more`, async () => {
    // Within the limit the list reaches the policy (these ids exist nowhere); past it, never.
    const ids = Array.from({ length: LINE_USER_IDS_MAX + 1 }, (_, i) => 9_000_000 + i);
    expectError(await users(ids.slice(0, LINE_USER_IDS_MAX).join(','), f.manager), 403, 'FORBIDDEN_CONTRACT');
    expectInvalid(await users(ids.join(','), f.manager), `Au plus ${LINE_USER_IDS_MAX} lignes peuvent être demandées à la fois.`);
    // The longest valid list (ten-digit ids) still fits in the path.
    const longest = Array.from({ length: LINE_USER_IDS_MAX }, (_, i) => 2_000_000_000 + i).join(',');
    expect(longest).toHaveLength(LINE_USER_IDS_PARAM_LENGTH);
    expectError(await users(longest, f.manager), 403, 'FORBIDDEN_CONTRACT');
    // A path segment longer than the longest valid list is refused by the router.
    expectError(await users('1'.repeat(LINE_USER_IDS_PARAM_LENGTH + 1), f.manager), 414, 'URI_TOO_LONG');
  });

  it('refuses duplicates and anything but comma-separated positive ids', async () => {
    const id = f.colleague(0).idContrat;
    expectInvalid(await users(`${id},${f.colleague(1).idContrat},${id}`, f.manager), 'Chaque ligne ne peut être demandée qu’une fois.');
    for (const garbage of ['abc', `${id},`, `,${id}`, `${id},,${id + 1}`, `${id}%20,${id + 1}`, '0', '-4', '1.5', '12345678901', '2147483648', `${id};${id + 1}`]) {
      expectInvalid(await users(garbage, f.manager), /identifiants de contrat/);
    }
  });

  it('refuses an anonymous caller', async () => {
    expectError(await users(String(f.colleague(0).idContrat)), 401, 'UNAUTHENTICATED');
  });
});

describe('POST /api/lignes/{idContrat}/utilisateur', () => {
  const name = (idContrat: number | string, json: unknown, token = f.manager) => t.send('POST', `/api/lignes/${idContrat}/utilisateur`, { token, json });

  it('lets a manager name the line’s user, trimmed, with a directory choice, and records it', async () => {
    const line = f.colleague(0);
    const response = await name(line.idContrat, { prenom: '  Élodie ', nom: 'D’Angelo-Martin', email: ' elodie.dangelo@boulangerie-lemoine.fr ', inscriptionAnnuaire: 'PARUTION' });
    expect(response.statusCode, response.body).toBe(200);
    const expected = { idContrat: line.idContrat, prenom: 'Élodie', nom: 'D’Angelo-Martin', email: 'elodie.dangelo@boulangerie-lemoine.fr', inscriptionAnnuaire: 'PARUTION' };
    expect(bodyOf(response, lineUserEntrySchema)).toEqual(expected);
    expect(entryOf(await storedLine(t, line.idContrat))).toEqual(expected);
    const detail = bodyOf(await t.get(`/api/ligne/${line.idContrat}`, f.manager), lineDetailSchema);
    expect(detail.utilisateur).toEqual({ prenom: 'Élodie', nom: 'D’Angelo-Martin', email: 'elodie.dangelo@boulangerie-lemoine.fr', inscriptionAnnuaire: 'PARUTION' });
    const [entry, ...more] = await auditOf(t, 'MODIFICATION_UTILISATEUR_LIGNE', line.idContrat);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ idClientBscs: f.account, idContrat: line.idContrat, onBehalfOf: null });
    expect(entry?.sourceAddress).toMatch(/^198\.51\./);
  });

  it('keeps the directory listing when none is given, and drops the e-mail when it is left out or empty', async () => {
    const line = f.colleague(1);
    const before = await storedLine(t, line.idContrat);
    const omitted = bodyOf(await name(line.idContrat, { prenom: 'Hugo', nom: 'Lefèvre' }), lineUserEntrySchema);
    expect(omitted).toEqual({ idContrat: line.idContrat, prenom: 'Hugo', nom: 'Lefèvre', email: null, inscriptionAnnuaire: before.inscriptionAnnuaire });
    const empty = bodyOf(await name(line.idContrat, { prenom: 'Hugo', nom: 'Lefèvre', email: '  ', inscriptionAnnuaire: 'LISTE_ORANGE' }), lineUserEntrySchema);
    expect(empty).toMatchObject({ email: null, inscriptionAnnuaire: 'LISTE_ORANGE' });
    expect(await auditOf(t, 'MODIFICATION_UTILISATEUR_LIGNE', line.idContrat)).toHaveLength(2);
  });

  it('refuses each invalid field with a French message, writing nothing', async () => {
    const line = f.colleague(2);
    const before = await storedLine(t, line.idContrat);
    const valid = { prenom: 'Inès', nom: 'Moreau', email: 'ines.moreau@exemple.fr', inscriptionAnnuaire: 'LISTE_ROUGE' };
    const cases: [unknown, string | RegExp][] = [
      [{ ...valid, prenom: undefined }, 'Veuillez indiquer le prénom de l’utilisateur.'],
      [{ ...valid, prenom: '   ' }, 'Veuillez indiquer le prénom de l’utilisateur.'],
      [{ ...valid, prenom: 42 }, 'Veuillez indiquer le prénom de l’utilisateur.'],
      [{ ...valid, prenom: 'A'.repeat(51) }, 'Le prénom ne peut dépasser 50 caractères.'],
      [{ ...valid, prenom: 'R2D2' }, /^Le prénom doit commencer par une lettre/],
      [{ ...valid, prenom: '-Inès' }, /^Le prénom doit commencer par une lettre/],
      [{ ...valid, nom: undefined }, 'Veuillez indiquer le nom de l’utilisateur.'],
      [{ ...valid, nom: '<script>' }, /^Le nom doit commencer par une lettre/],
      // Refused before validation, like every control character in a JSON body.
      [{ ...valid, nom: 'Moreau\u0000' }, /^Caractère de contrôle non autorisé/],
      [{ ...valid, email: 'ines.moreau' }, 'L’adresse e-mail de l’utilisateur est invalide.'],
      [{ ...valid, email: `${'a'.repeat(250)}@exemple.fr` }, 'L’adresse e-mail ne peut dépasser 254 caractères.'],
      [{ ...valid, inscriptionAnnuaire: 'LISTE_VERTE' }, 'L’inscription à l’annuaire doit être LISTE_ROUGE, LISTE_ORANGE ou PARUTION.'],
    ];
    for (const [json, message] of cases) expectInvalid(await name(line.idContrat, json), message);
    expectError(await name(line.idContrat, ['Inès', 'Moreau']), 400, 'VALIDATION');
    for (const id of ['abc', '0', '-3', '99999999999']) expectError(await name(id, valid), 400, 'VALIDATION');
    expect(await storedLine(t, line.idContrat)).toEqual(before);
    expect(await auditOf(t, 'MODIFICATION_UTILISATEUR_LIGNE', line.idContrat)).toHaveLength(0);
  });

  it('is the manager’s: a line user may not rename even their own line’s user, nor touch a colleague’s', async () => {
    const json = { prenom: 'Julien', nom: 'Rousseau' };
    expectError(await name(f.own.idContrat, json, f.lineUser), 403, 'FORBIDDEN_LINE_ACTION');
    expectError(await name(f.colleague(3).idContrat, json, f.lineUser), 403, 'FORBIDDEN_CONTRACT');
    expect(entryOf(await storedLine(t, f.own.idContrat))).toEqual(entryOf(f.own));
    expect(await auditOf(t, 'MODIFICATION_UTILISATEUR_LIGNE', f.own.idContrat)).toHaveLength(0);
  });

  it('refuses another customer, an unknown line and an anonymous caller, without recording anything', async () => {
    const line = f.colleague(3);
    const json = { prenom: 'Paul', nom: 'Durand' };
    expectError(await name(line.idContrat, json, f.stranger), 403, 'FORBIDDEN_CONTRACT');
    expectError(await name(2_000_000_000, json), 403, 'FORBIDDEN_CONTRACT');
    expectError(await t.send('POST', `/api/lignes/${line.idContrat}/utilisateur`, { json }), 401, 'UNAUTHENTICATED');
    expect(entryOf(await storedLine(t, line.idContrat))).toEqual(entryOf(line));
    expect(await auditOf(t, 'MODIFICATION_UTILISATEUR_LIGNE', line.idContrat)).toHaveLength(0);
  });

  it('refuses a terminated line', async () => {
    const terminated = await createContract(t.db, { idClientBscs: f.account, codeStatut: 'RESILIE' });
    expectError(await name(terminated.idContrat, { prenom: 'Paul', nom: 'Durand' }), 409, 'LINE_TERMINATED');
    const detail = bodyOf(await t.get(`/api/ligne/${terminated.idContrat}`, f.manager), lineDetailSchema);
    expect(detail.actions).toEqual([]);
  });
});

describe('POST /api/lignes/{idContrat}/annuaire', () => {
  const listing = (idContrat: number | string, json: unknown, token: string) => t.send('POST', `/api/lignes/${idContrat}/annuaire`, { token, json });

  it('lets a line user choose their own line’s directory listing, and nothing else, recorded', async () => {
    const choice = f.own.inscriptionAnnuaire === 'LISTE_ORANGE' ? 'PARUTION' : 'LISTE_ORANGE';
    const response = await listing(f.own.idContrat, { inscriptionAnnuaire: choice, prenom: 'Autre', nom: 'Nom' }, f.lineUser);
    expect(response.statusCode, response.body).toBe(200);
    expect(bodyOf(response, lineUserEntrySchema)).toEqual({ ...entryOf(f.own), inscriptionAnnuaire: choice });
    expect(entryOf(await storedLine(t, f.own.idContrat))).toEqual({ ...entryOf(f.own), inscriptionAnnuaire: choice });
    const [entry, ...more] = await auditOf(t, 'MODIFICATION_ANNUAIRE', f.own.idContrat);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ idClientBscs: f.account, idContrat: f.own.idContrat });
    expect(bodyOf(await t.get(`/api/ligne/${f.own.idContrat}`, f.lineUser), lineDetailSchema).actions).toContain('ANNUAIRE');
  });

  it('lets the manager change it too', async () => {
    const line = f.colleague(4);
    expect(bodyOf(await listing(line.idContrat, { inscriptionAnnuaire: 'PARUTION' }, f.manager), lineUserEntrySchema).inscriptionAnnuaire).toBe('PARUTION');
    expect(await auditOf(t, 'MODIFICATION_ANNUAIRE', line.idContrat)).toHaveLength(1);
  });

  it('refuses a colleague’s line, another customer and an invalid choice', async () => {
    const line = f.colleague(5);
    expectError(await listing(line.idContrat, { inscriptionAnnuaire: 'PARUTION' }, f.lineUser), 403, 'FORBIDDEN_CONTRACT');
    expectError(await listing(line.idContrat, { inscriptionAnnuaire: 'PARUTION' }, f.stranger), 403, 'FORBIDDEN_CONTRACT');
    for (const json of [{}, { inscriptionAnnuaire: 'liste_rouge' }, { inscriptionAnnuaire: null }]) {
      expectInvalid(await listing(line.idContrat, json, f.manager), 'L’inscription à l’annuaire doit être LISTE_ROUGE, LISTE_ORANGE ou PARUTION.');
    }
    expect(await auditOf(t, 'MODIFICATION_ANNUAIRE', line.idContrat)).toHaveLength(0);
  });
});

describe('OpenAPI document', () => {
  it('documents the line user endpoints with their parameters and bodies', async () => {
    const document = bodyOf(await t.get('/api/docs/json'), openApiDocumentSchema);
    const read = JSON.stringify(document.paths['/api/lignes/{ids}/utilisateurs']?.get);
    expect(read).toContain('"in":"path"');
    expect(read).toContain('"name":"ids"');
    for (const path of ['/api/lignes/{idContrat}/utilisateur', '/api/lignes/{idContrat}/annuaire']) {
      const write = JSON.stringify(document.paths[path]?.post);
      expect(write, path).toContain('requestBody');
      expect(write, path).toContain('inscriptionAnnuaire');
    }
  });
});
