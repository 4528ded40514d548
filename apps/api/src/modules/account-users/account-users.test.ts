import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  accountUserPageSchema,
  accountUserSchema,
  errorMessage,
  billingAccountListSchema,
  currentUserSchema,
  freeLinesSchema,
  guidCheckSchema,
  hashConfidentialCode,
  okResponseSchema,
  type AccountUser,
} from '@ecare/shared';
import { auditLog, contracts, sessions, userBillingAccounts, users } from '../../db/schema.ts';
import { DEMO_APPROVER } from '../../db/seed/demo-fleet-policy.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { createBillingAccount, createContract, createUser } from '../../db/seed/factories.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, errorOf, expectError, useTestContext } from '../../test/harness.ts';

const { t, f } = useTestContext(demoFixture);

const CODE = 'Nouveau#Code42';
let sequence = 0;
const nextEmail = (who: string) => {
  sequence += 1;
  return `${who}.${sequence}@utilisateurs.test`;
};

/** A company account of its own with `lines` active lines and one manager, signed in. */
async function newAccount(lines = 3) {
  const account = await createBillingAccount(t.db, { statut: 'ACTIF' });
  const email = nextEmail('gestion');
  const user = await createUser(t.db, {
    email,
    password: CODE,
    prenom: 'Hélène',
    nom: 'Brun',
    gestionnaire: true,
    idClientBscs: account.idClientBscs,
    accounts: [{ idClientBscs: account.idClientBscs, isGestionnaire: true }],
  });
  const created = [];
  // Lines that name nobody yet: giving one replaces no one.
  for (let i = 0; i < lines; i++) {
    created.push(await createContract(t.db, { idClientBscs: account.idClientBscs, codeStatut: 'ACTIF', userId: null, utilisateurPrenom: null, utilisateurNom: null, utilisateurEmail: null }));
  }
  return { id: account.idClientBscs, manager: { id: user.id, email, token: await t.login(email, CODE) }, lines: created };
}

const list = (idClientBscs: number | string, token: string, extra = '') => t.get(`/api/utilisateurs?idClientBscs=${idClientBscs}${extra}`, token);
const people = async (idClientBscs: number, token: string) => {
  const response = await list(idClientBscs, token);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf(response, accountUserPageSchema);
};
const invite = (token: string, json: unknown) => t.send('POST', '/api/utilisateurs', { token, json });
const changeRole = (token: string, id: number | string, json: unknown) => t.send('PUT', `/api/utilisateurs/${id}`, { token, json });
const remove = (token: string, id: number | string, idClientBscs: number | string) =>
  t.send('DELETE', `/api/utilisateurs/${id}?idClientBscs=${idClientBscs}`, { token });

async function invited(token: string, json: Record<string, unknown>): Promise<AccountUser> {
  const response = await invite(token, json);
  expect(response.statusCode, response.body).toBe(201);
  return bodyOf(response, accountUserSchema);
}

async function storedUser(id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row;
}

const auditOf = (action: string, idClientBscs: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.idClientBscs, idClientBscs)))
    .orderBy(asc(auditLog.id));

/** The guid of the newest code-creation link mailed to this address. */
async function mailedGuid(email: string): Promise<string> {
  const mail = (await t.outbox()).find((m) => m.recipient === email);
  const guid = /creer-code-confidentiel\/([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? '')?.[1];
  if (!guid) throw new Error(`no link mailed to ${email}`);
  return guid;
}

/** Follows the invitation as the create-code page does: checks the guid, then creates the code. */
async function acceptInvitation(email: string, code = CODE): Promise<string> {
  const guid = await mailedGuid(email);
  expect(bodyOf(await t.get(`/api/guid/verifier/${guid}`), guidCheckSchema)).toEqual({ ok: true, email });
  const response = await t.send('POST', '/api/clients/update_password', {
    json: { guid, Password: await hashConfidentialCode(email, code), codeConfidentiel: code },
  });
  expect(response.statusCode, response.body).toBe(200);
  return t.login(email, code);
}

describe('GET /api/utilisateurs', () => {
  it('lists the bakery’s people for its manager: the manager first, then the line user with their line', async () => {
    const page = await people(f.account, f.manager);
    expect(page).toMatchObject({ total: 2, page: 1, taille: 50, nbGestionnaires: 1 });
    const [first, second] = page.utilisateurs;
    expect(first).toMatchObject({ prenom: 'Sophie', nom: 'Lemoine', email: DEMO_USERS.gestionnaire.email, role: 'gestionnaire', ligne: null, accesActive: true, estMoi: true });
    const [own] = await t.db.select().from(contracts).where(and(eq(contracts.idClientBscs, f.account), eq(contracts.userId, second?.id ?? 0)));
    expect(second).toEqual({
      id: expect.any(Number) as unknown,
      prenom: 'Julien',
      nom: 'Roux',
      email: DEMO_USERS.utilisateur.email,
      role: 'utilisateur',
      ligne: { idContrat: own?.idContrat, numeroLigne: own?.numeroLigne },
      accesActive: true,
      estMoi: false,
    });
  });

  it('pages the list, a page past the last answering the last one', async () => {
    const second = bodyOf(await list(f.account, f.manager, '&taille=1&page=2'), accountUserPageSchema);
    expect(second).toMatchObject({ total: 2, page: 2, taille: 1 });
    expect(second.utilisateurs.map((user) => user.prenom)).toEqual(['Julien']);
    const past = bodyOf(await list(f.account, f.manager, '&taille=1&page=40'), accountUserPageSchema);
    expect(past.page).toBe(2);
  });

  it('lists the mandataire among the managers of an account they manage', async () => {
    const accounts = bodyOf(await t.get('/api/comptes_facturation', f.mandataire), billingAccountListSchema);
    const [managed] = accounts;
    if (!managed) throw new Error('no managed account');
    const page = await people(managed.idClientBscs, f.mandataire);
    // The transport company also has the second manager who approves its orders (decision 051).
    expect(page.utilisateurs).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: DEMO_USERS.mandataire.email, role: 'gestionnaire', estMoi: true }), expect.objectContaining({ email: DEMO_APPROVER.email, role: 'gestionnaire', estMoi: false })]),
    );
    expect(page.utilisateurs).toHaveLength(2);
  });

  it('refuses another customer, a line user, a mandataire on an account they do not manage, and unknown accounts', async () => {
    for (const [token, id] of [
      [f.stranger, f.account],
      [f.lineUser, f.account],
      [f.mandataire, f.notManaged],
      [f.manager, f.strangerAccount],
      [f.manager, 999_999_999],
    ] as const) {
      expectError(await list(id, token), 403, 'FORBIDDEN_ACCOUNT');
    }
  });

  it('refuses malformed queries with 400 and anonymous callers with 401', async () => {
    expectError(await t.get('/api/utilisateurs', f.manager), 400, 'VALIDATION');
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) expectError(await list(id, f.manager), 400, 'VALIDATION');
    for (const extra of ['&taille=0', '&taille=101', '&page=0', '&page=x']) expectError(await list(f.account, f.manager, extra), 400, 'VALIDATION');
    expectError(await list(f.account, ''), 401, 'UNAUTHENTICATED');
  });
});

describe('GET /api/utilisateurs/lignes-disponibles', () => {
  const free = (id: number | string, token: string) => t.get(`/api/utilisateurs/lignes-disponibles?idClientBscs=${id}`, token);

  it('gives the account’s lines without a portal user, terminated ones left out, in number order', async () => {
    const account = await newAccount(3);
    const terminated = await createContract(t.db, { idClientBscs: account.id, codeStatut: 'RESILIE', userId: null });
    const response = await free(account.id, account.manager.token);
    expect(response.statusCode, response.body).toBe(200);
    const body = bodyOf(response, freeLinesSchema);
    expect(body.total).toBe(3);
    const expected = [...account.lines].sort((a, b) => a.numeroLigne.localeCompare(b.numeroLigne)).map((line) => line.idContrat);
    expect(body.lignes.map((line) => line.idContrat)).toEqual(expected);
    expect(body.lignes.map((line) => line.idContrat)).not.toContain(terminated.idContrat);
    expect(body.lignes[0]?.libelleOffre).toEqual(expect.any(String));
  });

  it('leaves out the bakery line that has its user', async () => {
    const body = bodyOf(await free(f.account, f.manager), freeLinesSchema);
    const [own] = await t.db.select().from(contracts).where(and(eq(contracts.idClientBscs, f.account), eq(contracts.numeroLigne, body.lignes[0]?.numeroLigne ?? '')));
    expect(own?.userId).toBeNull();
    expect(body.total).toBe(11);
  });

  it('is refused like the list', async () => {
    expectError(await free(f.account, f.stranger), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await free(f.account, f.lineUser), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await free(f.notManaged, f.mandataire), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await free('abc', f.manager), 400, 'VALIDATION');
  });
});

describe('POST /api/utilisateurs (invitation)', () => {
  it('invites a line user on a free line: created without a code, mailed the link, recorded; the link creates the code', async () => {
    const account = await newAccount(2);
    const [line] = account.lines;
    if (!line) throw new Error('no line');
    const email = nextEmail('ligne');
    const user = await invited(account.manager.token, { idClientBscs: account.id, email: email.toUpperCase(), prenom: 'Élodie', nom: 'N’Guessan-Martin', role: 'utilisateur', idContrat: line.idContrat });
    expect(user).toEqual({
      id: expect.any(Number) as unknown,
      prenom: 'Élodie',
      nom: 'N’Guessan-Martin',
      email,
      role: 'utilisateur',
      ligne: { idContrat: line.idContrat, numeroLigne: line.numeroLigne },
      accesActive: false,
      estMoi: false,
    });
    expect(await storedUser(user.id)).toMatchObject({ email, utilisateur: true, gestionnaire: false, idClientBscs: account.id });
    const [stored] = await t.db.select().from(contracts).where(eq(contracts.idContrat, line.idContrat));
    expect(stored).toMatchObject({ userId: user.id, utilisateurPrenom: 'Élodie', utilisateurNom: 'N’Guessan-Martin', utilisateurEmail: email });

    const [mail] = await t.outbox();
    expect(mail?.recipient).toBe(email);
    expect(mail?.subject).toContain('Votre accès à l’espace client Pro');
    expect(mail?.textBody).toContain('Hélène Brun vous invite');
    expect(mail?.textBody).toContain('https://espace-client.test/ecare/identification/creer-code-confidentiel/');
    const [entry] = await auditOf('INVITATION_UTILISATEUR', account.id);
    expect(entry).toMatchObject({ userId: account.manager.id, idContrat: line.idContrat, onBehalfOf: null });

    // No code yet: the login refuses them like a wrong code.
    await expect(t.login(email, CODE)).rejects.toThrow(/login failed/);
    const token = await acceptInvitation(email);
    const me = bodyOf(await t.get('/api/current_user', token), currentUserSchema);
    expect(me).toMatchObject({ utilisateur: true, gestionnaire: false, idContrat: line.idContrat, prenom: 'Élodie' });
    const after = await people(account.id, account.manager.token);
    expect(after.utilisateurs.find((person) => person.id === user.id)?.accesActive).toBe(true);
  });

  it('invites a manager, who then manages the account', async () => {
    const account = await newAccount(1);
    const email = nextEmail('cogestion');
    const user = await invited(account.manager.token, { idClientBscs: account.id, email, prenom: 'Paul', nom: 'Saint-Exupéry', role: 'gestionnaire' });
    expect(user).toMatchObject({ role: 'gestionnaire', ligne: null, accesActive: false });
    expect(await storedUser(user.id)).toMatchObject({ gestionnaire: true, utilisateur: false, idClientBscs: account.id });
    const mail = (await t.outbox()).find((m) => m.recipient === email);
    expect(mail?.textBody).toContain('gérer le compte de facturation');
    const token = await acceptInvitation(email);
    const accounts = bodyOf(await t.get('/api/comptes_facturation', token), billingAccountListSchema);
    expect(accounts.map((a) => a.idClientBscs)).toEqual([account.id]);
    expect((await people(account.id, token)).nbGestionnaires).toBe(2);
  });

  it('refuses an address already used to sign in, whatever its case, writing and mailing nothing', async () => {
    const account = await newAccount(1);
    const before = (await t.outbox()).length;
    for (const email of [DEMO_USERS.gestionnaire.email.toUpperCase(), account.manager.email]) {
      expectError(await invite(account.manager.token, { idClientBscs: account.id, email, prenom: 'Anne', nom: 'Petit', role: 'gestionnaire' }), 409, 'USER_EMAIL_TAKEN');
    }
    expect((await t.outbox()).length).toBe(before);
    expect(await auditOf('INVITATION_UTILISATEUR', account.id)).toHaveLength(0);
  });

  it('wants a line of the account, free and not terminated, for a line user', async () => {
    const account = await newAccount(1);
    const [line] = account.lines;
    if (!line) throw new Error('no line');
    const body = (idContrat?: number) => ({ idClientBscs: account.id, email: nextEmail('ligne'), prenom: 'Anne', nom: 'Petit', role: 'utilisateur', idContrat });
    expectError(await invite(account.manager.token, body()), 400, 'USER_LINE_REQUIRED');
    const [foreign] = await t.db.select().from(contracts).where(eq(contracts.idClientBscs, f.account)).limit(1);
    expectError(await invite(account.manager.token, body(foreign?.idContrat)), 403, 'FORBIDDEN_CONTRACT');
    expectError(await invite(account.manager.token, body(2_000_000_000)), 403, 'FORBIDDEN_CONTRACT');
    const terminated = await createContract(t.db, { idClientBscs: account.id, codeStatut: 'RESILIE', userId: null });
    expectError(await invite(account.manager.token, body(terminated.idContrat)), 409, 'LINE_TERMINATED');
    await invited(account.manager.token, body(line.idContrat));
    expectError(await invite(account.manager.token, body(line.idContrat)), 409, 'LINE_HAS_USER');
  });

  it('says who uses a line already and replaces them only once the invitation confirms it', async () => {
    const account = await newAccount(0);
    const line = await createContract(t.db, { idClientBscs: account.id, codeStatut: 'ACTIF', userId: null, utilisateurPrenom: 'Émilie', utilisateurNom: 'Moreau' });
    const free = bodyOf(await t.get(`/api/utilisateurs/lignes-disponibles?idClientBscs=${account.id}`, account.manager.token), freeLinesSchema);
    expect(free.lignes).toEqual([expect.objectContaining({ idContrat: line.idContrat, utilisateur: 'Émilie Moreau' })]);
    const body = { idClientBscs: account.id, email: nextEmail('paul'), prenom: 'Paul', nom: 'Durand', role: 'utilisateur', idContrat: line.idContrat };
    const refused = await invite(account.manager.token, body);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(errorOf(refused)).toEqual({ code: 'LINE_USER_REPLACEMENT', exceptionMessage: errorMessage('LINE_USER_REPLACEMENT', { utilisateur: 'Émilie Moreau' }) });
    const [untouched] = await t.db.select().from(contracts).where(eq(contracts.idContrat, line.idContrat));
    expect(untouched).toMatchObject({ utilisateurPrenom: 'Émilie', utilisateurNom: 'Moreau', userId: null });
    expect(await t.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
    expect(errorOf(await invite(account.manager.token, { ...body, remplacerUtilisateur: false })).code).toBe('LINE_USER_REPLACEMENT');

    const paul = await invited(account.manager.token, { ...body, remplacerUtilisateur: true });
    const [replaced] = await t.db.select().from(contracts).where(eq(contracts.idContrat, line.idContrat));
    expect(replaced).toMatchObject({ utilisateurPrenom: 'Paul', utilisateurNom: 'Durand', userId: paul.id });
  });

  const valid = () => ({ idClientBscs: f.account, email: 'anne.petit@utilisateurs.test', prenom: 'Anne', nom: 'Petit', role: 'gestionnaire' });
  const without = (field: string) => Object.fromEntries(Object.entries(valid()).filter(([key]) => key !== field));
  it.each([
    ['no body', () => undefined],
    ['no account', () => without('idClientBscs')],
    ['an account as text', () => ({ ...valid(), idClientBscs: String(f.account) })],
    ['no address', () => without('email')],
    ['a malformed address', () => ({ ...valid(), email: 'pas-une-adresse' })],
    ['no first name', () => without('prenom')],
    ['a blank last name', () => ({ ...valid(), nom: '   ' })],
    ['a name with digits', () => ({ ...valid(), prenom: 'Anne2' })],
    ['a name with markup', () => ({ ...valid(), nom: '<b>Petit</b>' })],
    ['a name too long', () => ({ ...valid(), prenom: 'A'.repeat(51) })],
    ['no role', () => without('role')],
    ['an unknown role', () => ({ ...valid(), role: 'administrateur' })],
    ['a line as text', () => ({ ...valid(), role: 'utilisateur', idContrat: '5000001' })],
  ])('refuses %s with 400, naming the field', async (_label, body) => {
    const response = await invite(f.manager, body());
    expectError(response, 400, 'VALIDATION');
    if (body() !== undefined) expect(errorOf(response).issues?.length ?? 0).toBeGreaterThan(0);
  });

  it('refuses another customer, a line user and a mandataire on an account they do not manage, creating nobody', async () => {
    const count = (await t.db.select().from(users)).length;
    for (const [token, idClientBscs] of [
      [f.stranger, f.account],
      [f.lineUser, f.account],
      [f.mandataire, f.notManaged],
    ] as const) {
      expectError(await invite(token, { idClientBscs, email: nextEmail('intrus'), prenom: 'Anne', nom: 'Petit', role: 'gestionnaire' }), 403, 'FORBIDDEN_ACCOUNT');
    }
    expect((await t.db.select().from(users)).length).toBe(count);
    expectError(await invite('', { idClientBscs: f.account, email: nextEmail('x'), prenom: 'Anne', nom: 'Petit', role: 'gestionnaire' }), 401, 'UNAUTHENTICATED');
  });
});

describe('PUT /api/utilisateurs/{id} (role)', () => {
  it('makes a line user a manager and back, the flags the portal routes them by following', async () => {
    const account = await newAccount(2);
    const [line] = account.lines;
    if (!line) throw new Error('no line');
    const user = await invited(account.manager.token, { idClientBscs: account.id, email: nextEmail('ligne'), prenom: 'Lucas', nom: 'Moreau', role: 'utilisateur', idContrat: line.idContrat });

    const promoted = await changeRole(account.manager.token, user.id, { idClientBscs: account.id, role: 'gestionnaire' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(bodyOf(promoted, accountUserSchema)).toMatchObject({ role: 'gestionnaire', ligne: { idContrat: line.idContrat } });
    expect(await storedUser(user.id)).toMatchObject({ gestionnaire: true, utilisateur: false });

    // Back to simple user: they keep their line, no need to name one.
    const demoted = await changeRole(account.manager.token, user.id, { idClientBscs: account.id, role: 'utilisateur' });
    expect(bodyOf(demoted, accountUserSchema)).toMatchObject({ role: 'utilisateur', ligne: { idContrat: line.idContrat } });
    expect(await storedUser(user.id)).toMatchObject({ gestionnaire: false, utilisateur: true });
    expect(await auditOf('CHANGEMENT_ROLE_UTILISATEUR', account.id)).toHaveLength(2);
    const links = await t.db.select().from(userBillingAccounts).where(eq(userBillingAccounts.userId, user.id));
    expect(links).toEqual([]);
  });

  it('wants a line for a manager becoming a simple user, and never demotes the last manager', async () => {
    const account = await newAccount(2);
    const [line, taken] = account.lines;
    if (!line || !taken) throw new Error('no lines');
    const colleague = await invited(account.manager.token, { idClientBscs: account.id, email: nextEmail('cogestion'), prenom: 'Inès', nom: 'Faure', role: 'gestionnaire' });
    await invited(account.manager.token, { idClientBscs: account.id, email: nextEmail('ligne'), prenom: 'Tom', nom: 'Roy', role: 'utilisateur', idContrat: taken.idContrat });

    expectError(await changeRole(account.manager.token, colleague.id, { idClientBscs: account.id, role: 'utilisateur' }), 400, 'USER_LINE_REQUIRED');
    expectError(await changeRole(account.manager.token, colleague.id, { idClientBscs: account.id, role: 'utilisateur', idContrat: taken.idContrat }), 409, 'LINE_HAS_USER');
    const demoted = await changeRole(account.manager.token, colleague.id, { idClientBscs: account.id, role: 'utilisateur', idContrat: line.idContrat });
    expect(bodyOf(demoted, accountUserSchema)).toMatchObject({ role: 'utilisateur', ligne: { idContrat: line.idContrat } });

    // The manager is now the last one: not even they may step down.
    expectError(await changeRole(account.manager.token, account.manager.id, { idClientBscs: account.id, role: 'utilisateur', idContrat: line.idContrat }), 409, 'LAST_MANAGER');
    expect((await people(account.id, account.manager.token)).nbGestionnaires).toBe(1);
  });

  it('answers 404 for someone who is not one of the account’s people', async () => {
    const account = await newAccount(1);
    const [julien] = await t.db.select().from(users).where(eq(users.email, DEMO_USERS.utilisateur.email));
    expectError(await changeRole(account.manager.token, julien?.id ?? 0, { idClientBscs: account.id, role: 'gestionnaire' }), 404, 'ACCOUNT_USER_UNKNOWN');
    expectError(await changeRole(account.manager.token, 2_000_000_000, { idClientBscs: account.id, role: 'gestionnaire' }), 404, 'ACCOUNT_USER_UNKNOWN');
  });

  it('refuses others and malformed requests', async () => {
    const [julien] = await t.db.select().from(users).where(eq(users.email, DEMO_USERS.utilisateur.email));
    const id = julien?.id ?? 0;
    for (const [token, idClientBscs] of [
      [f.stranger, f.account],
      [f.lineUser, f.account],
      [f.mandataire, f.notManaged],
    ] as const) {
      expectError(await changeRole(token, id, { idClientBscs, role: 'gestionnaire' }), 403, 'FORBIDDEN_ACCOUNT');
    }
    expect(await storedUser(id)).toMatchObject({ utilisateur: true, gestionnaire: false });
    for (const json of [{}, { idClientBscs: f.account }, { idClientBscs: f.account, role: 'chef' }, { idClientBscs: String(f.account), role: 'gestionnaire' }, { idClientBscs: f.account, role: 'utilisateur', idContrat: -4 }]) {
      expectError(await changeRole(f.manager, id, json), 400, 'VALIDATION');
    }
    for (const bad of ['abc', '0', '1.5']) expectError(await changeRole(f.manager, bad, { idClientBscs: f.account, role: 'gestionnaire' }), 400, 'VALIDATION');
  });
});

describe('DELETE /api/utilisateurs/{id}', () => {
  it('removes an invited line user: deleted with their sessions, their line freed, the address free again', async () => {
    const account = await newAccount(1);
    const [line] = account.lines;
    if (!line) throw new Error('no line');
    const email = nextEmail('ligne');
    const user = await invited(account.manager.token, { idClientBscs: account.id, email, prenom: 'Zoé', nom: 'Lambert', role: 'utilisateur', idContrat: line.idContrat });
    const token = await acceptInvitation(email);

    const response = await remove(account.manager.token, user.id, account.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(bodyOf(response, okResponseSchema)).toEqual({ ok: true });
    expect(await storedUser(user.id)).toBeUndefined();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expectError(await t.get('/api/current_user', token), 401, 'UNAUTHENTICATED');
    const [freed] = await t.db.select().from(contracts).where(eq(contracts.idContrat, line.idContrat));
    expect(freed?.userId).toBeNull();
    expect(await auditOf('RETRAIT_UTILISATEUR', account.id)).toEqual([expect.objectContaining({ userId: account.manager.id, idContrat: line.idContrat })]);
    expect((await people(account.id, account.manager.token)).total).toBe(1);

    // The line still names her: inviting her again onto it replaces that name, once confirmed.
    await invited(account.manager.token, { idClientBscs: account.id, email, prenom: 'Zoé', nom: 'Lambert', role: 'utilisateur', idContrat: line.idContrat, remplacerUtilisateur: true });
  });

  it('never removes the last manager, not even at their own request, and lets a manager step down when another remains', async () => {
    const account = await newAccount(1);
    expectError(await remove(account.manager.token, account.manager.id, account.id), 409, 'LAST_MANAGER');
    const email = nextEmail('cogestion');
    const colleague = await invited(account.manager.token, { idClientBscs: account.id, email, prenom: 'Inès', nom: 'Faure', role: 'gestionnaire' });
    const colleagueToken = await acceptInvitation(email);
    expect((await remove(account.manager.token, account.manager.id, account.id)).statusCode).toBe(200);
    expect(await storedUser(account.manager.id)).toBeUndefined();
    expectError(await remove(colleagueToken, colleague.id, account.id), 409, 'LAST_MANAGER');
    expect((await people(account.id, colleagueToken)).utilisateurs.map((person) => person.id)).toEqual([colleague.id]);
  });

  it('keeps one manager when two remove each other at the same moment', async () => {
    const account = await newAccount(1);
    const email = nextEmail('cogestion');
    const colleague = await invited(account.manager.token, { idClientBscs: account.id, email, prenom: 'Inès', nom: 'Faure', role: 'gestionnaire' });
    const colleagueToken = await acceptInvitation(email);
    const answers = await Promise.all([remove(account.manager.token, colleague.id, account.id), remove(colleagueToken, account.manager.id, account.id)]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // One goes through; the other finds its author removed (403) or the account down to one manager (409).
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const managers = await t.db
      .select()
      .from(userBillingAccounts)
      .where(and(eq(userBillingAccounts.idClientBscs, account.id), eq(userBillingAccounts.isGestionnaire, true)));
    expect(managers).toHaveLength(1);
  });

  it('keeps two managers demoting each other at the same moment to one manager', async () => {
    const account = await newAccount(2);
    const [a, b] = account.lines;
    if (!a || !b) throw new Error('no lines');
    const email = nextEmail('cogestion');
    const colleague = await invited(account.manager.token, { idClientBscs: account.id, email, prenom: 'Inès', nom: 'Faure', role: 'gestionnaire' });
    const colleagueToken = await acceptInvitation(email);
    await Promise.all([
      changeRole(account.manager.token, colleague.id, { idClientBscs: account.id, role: 'utilisateur', idContrat: a.idContrat }),
      changeRole(colleagueToken, account.manager.id, { idClientBscs: account.id, role: 'utilisateur', idContrat: b.idContrat }),
    ]);
    const managers = await t.db
      .select()
      .from(userBillingAccounts)
      .where(and(eq(userBillingAccounts.idClientBscs, account.id), eq(userBillingAccounts.isGestionnaire, true)));
    expect(managers).toHaveLength(1);
  });

  it('takes a mandataire off one account only: they stay, with the other accounts they manage', async () => {
    const email = nextEmail('mandat');
    const first = await createBillingAccount(t.db, { statut: 'ACTIF' });
    const second = await createBillingAccount(t.db, { statut: 'ACTIF' });
    const boss = await createUser(t.db, {
      email: nextEmail('patron'),
      password: CODE,
      gestionnaire: true,
      idClientBscs: first.idClientBscs,
      accounts: [{ idClientBscs: first.idClientBscs, isGestionnaire: true }],
    });
    const proxy = await createUser(t.db, {
      email,
      password: CODE,
      mandataire: true,
      accounts: [
        { idClientBscs: first.idClientBscs, isGestionnaire: true },
        { idClientBscs: second.idClientBscs, isGestionnaire: true },
      ],
    });
    const bossToken = await t.login(boss.email, CODE);
    expect((await remove(bossToken, proxy.id, first.idClientBscs)).statusCode).toBe(200);
    expect(await storedUser(proxy.id)).toMatchObject({ mandataire: true });
    const accounts = bodyOf(await t.get('/api/comptes_facturation', await t.login(email, CODE)), billingAccountListSchema);
    expect(accounts.map((account) => account.idClientBscs)).toEqual([second.idClientBscs]);
  });

  it('answers 404, 403 and 400 as the other writes', async () => {
    const [julien] = await t.db.select().from(users).where(eq(users.email, DEMO_USERS.utilisateur.email));
    const id = julien?.id ?? 0;
    const account = await newAccount(1);
    expectError(await remove(account.manager.token, id, account.id), 404, 'ACCOUNT_USER_UNKNOWN');
    for (const [token, idClientBscs] of [
      [f.stranger, f.account],
      [f.lineUser, f.account],
      [f.mandataire, f.notManaged],
    ] as const) {
      expectError(await remove(token, id, idClientBscs), 403, 'FORBIDDEN_ACCOUNT');
    }
    expect(await storedUser(id)).toBeDefined();
    expectError(await t.send('DELETE', `/api/utilisateurs/${id}`, { token: f.manager }), 400, 'VALIDATION');
    expectError(await remove(f.manager, 'abc', f.account), 400, 'VALIDATION');
    expectError(await remove(f.manager, id, 'abc'), 400, 'VALIDATION');
    expectError(await remove('', id, f.account), 401, 'UNAUTHENTICATED');
  });
});
