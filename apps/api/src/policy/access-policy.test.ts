import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, billingAccountListSchema, currentUserSchema, linePageSchema } from '@ecare/shared';
import { eq } from 'drizzle-orm';
import { contracts, userBillingAccounts } from '../db/schema.ts';
import { createBillingAccount, createContract, createUser } from '../db/seed/factories.ts';
import { bodyOf, createTestContext, errorOf, type TestContext } from '../test/harness.ts';

let t: TestContext;
let gestionnaire: string;
let own: { account: number; contract: number };
let foreign: { account: number; contract: number };
let unmanaged: { account: number; contract: number };

beforeAll(async () => {
  t = await createTestContext();
  gestionnaire = await t.loginAs('gestionnaire');
  const [account] = bodyOf(await t.get('/api/comptes_facturation', gestionnaire), billingAccountListSchema);
  if (!account) throw new Error('demo gestionnaire has no account');
  const [line] = bodyOf(await t.get(`/api/contrats_pagination/${account.idClientBscs}`, gestionnaire), linePageSchema).contrats;
  if (!line) throw new Error('demo gestionnaire account has no line');
  own = { account: account.idClientBscs, contract: line.idContrat };

  // Another customer entirely.
  const other = await createBillingAccount(t.db);
  const otherLine = await createContract(t.db, { idClientBscs: other.idClientBscs });
  foreign = { account: other.idClientBscs, contract: otherLine.idContrat };

  // An account the mandataire is attached to without managing it (the account list leaves it out).
  const [notManaged] = await t.db.select().from(userBillingAccounts).where(eq(userBillingAccounts.isGestionnaire, false)).limit(1);
  if (!notManaged) throw new Error('demo mandataire has no unmanaged account');
  const [notManagedLine] = await t.db.select().from(contracts).where(eq(contracts.idClientBscs, notManaged.idClientBscs)).limit(1);
  if (!notManagedLine) throw new Error('unmanaged demo account has no line');
  unmanaged = { account: notManaged.idClientBscs, contract: notManagedLine.idContrat };
});
afterAll(() => t.close());

const accountUrls = (id: number, contract: number) => [
  `/api/comptes_facturation/${id}`,
  `/api/contrats_pagination/${id}`,
  `/api/sessiondata/${id}/0`,
  `/api/sessiondata/${id}/${contract}`,
];

describe('billing accounts and contracts of other customers', () => {
  it('lists only the caller’s own accounts', async () => {
    const accounts = bodyOf(await t.get('/api/comptes_facturation', gestionnaire), billingAccountListSchema);
    expect(accounts.map((a) => a.idClientBscs)).toEqual([own.account]);
  });

  it('answers 403 with the spec message on every account endpoint', async () => {
    for (const url of accountUrls(foreign.account, foreign.contract)) {
      const response = await t.get(url, gestionnaire);
      expect(response.statusCode, url).toBe(403);
      expect(errorOf(response), url).toEqual({ code: 'FORBIDDEN_ACCOUNT', exceptionMessage: API_ERRORS.FORBIDDEN_ACCOUNT.message });
    }
  });

  it('answers 403 with the spec message on every contract endpoint', async () => {
    for (const url of [
      `/api/ligne/${foreign.contract}`,
      `/api/sessiondata/${own.account}/${foreign.contract}`,
      `/api/clients/contrats/${foreign.contract}/puk`,
      `/api/contrat/rio?idContrat=${foreign.contract}`,
      `/api/clients/contrats/1999999999/puk`,
    ]) {
      const response = await t.get(url, gestionnaire);
      expect(response.statusCode, url).toBe(403);
      expect(errorOf(response), url).toEqual({ code: 'FORBIDDEN_CONTRACT', exceptionMessage: API_ERRORS.FORBIDDEN_CONTRACT.message });
    }
  });

  it('answers unknown ids like foreign ones, so ids cannot be probed', async () => {
    expect((await t.get('/api/comptes_facturation/1999999999', gestionnaire)).statusCode).toBe(403);
    expect((await t.get('/api/ligne/1999999999', gestionnaire)).statusCode).toBe(403);
  });

  it('refuses a mandataire the accounts they are attached to but do not manage', async () => {
    const mandataire = await t.loginAs('mandataire');
    for (const url of accountUrls(unmanaged.account, unmanaged.contract)) {
      expect((await t.get(url, mandataire)).statusCode, url).toBe(403);
    }
    expect((await t.get(`/api/ligne/${unmanaged.contract}`, mandataire)).statusCode).toBe(403);
  });

  it('lets a line user see their own line only', async () => {
    const utilisateur = await t.loginAs('utilisateur');
    const me = bodyOf(await t.get('/api/current_user', utilisateur), currentUserSchema);
    if (me.idContrat === null) throw new Error('demo line user has no line');
    expect((await t.get(`/api/ligne/${me.idContrat}`, utilisateur)).statusCode).toBe(200);
    // A colleague's line: another existing line of the same billing account.
    const lines = bodyOf(await t.get(`/api/contrats_pagination/${own.account}`, gestionnaire), linePageSchema).contrats;
    const colleague = lines.find((line) => line.idContrat !== me.idContrat);
    if (!colleague) throw new Error('the line user’s account has no other line');
    expect((await t.get(`/api/ligne/${colleague.idContrat}`, gestionnaire)).statusCode).toBe(200);
    expect((await t.get(`/api/ligne/${colleague.idContrat}`, utilisateur)).statusCode).toBe(403);
    expect((await t.get(`/api/comptes_facturation/${own.account}`, utilisateur)).statusCode).toBe(403);
    expect((await t.get(`/api/contrats_pagination/${own.account}`, utilisateur)).statusCode).toBe(403);
    expect(bodyOf(await t.get('/api/comptes_facturation', utilisateur), billingAccountListSchema)).toEqual([]);
  });

  it('stops access as soon as the managing link is removed', async () => {
    const account = await createBillingAccount(t.db);
    await createUser(t.db, { email: 'ancien@demo.test', password: 'Ancien-Code-2026!', gestionnaire: true, accounts: [{ idClientBscs: account.idClientBscs, isGestionnaire: true }] });
    const token = await t.login('ancien@demo.test', 'Ancien-Code-2026!');
    expect((await t.get(`/api/comptes_facturation/${account.idClientBscs}`, token)).statusCode).toBe(200);
    await t.db.delete(userBillingAccounts);
    expect((await t.get(`/api/comptes_facturation/${account.idClientBscs}`, token)).statusCode).toBe(403);
  });
});

describe('malformed ids', () => {
  it.each([
    '/api/comptes_facturation/abc',
    '/api/comptes_facturation/-4',
    '/api/comptes_facturation/99999999999999',
    '/api/comptes_facturation/1.5',
    '/api/contrats_pagination/abc',
    '/api/contrats_pagination/1000001?taille=1000',
    '/api/contrats_pagination/1000001?page=0',
    '/api/contrats_pagination/1000001?tri=password_hash',
    '/api/contrats_pagination/1000001?ordre=sideways',
    '/api/ligne/0',
    '/api/ligne/%27%3B%20drop%20table%20users',
    '/api/sessiondata/abc/0',
    '/api/sessiondata/1000001/-1',
    '/api/menu/ACTIF/ACTIF/1/%3Cscript%3E',
  ])('%s answers 400, never 5xx', async (url) => {
    const response = await t.get(url, gestionnaire);
    expect(response.statusCode).toBe(400);
    const { code, exceptionMessage } = errorOf(response);
    expect(code).toBe('VALIDATION');
    expect(exceptionMessage).toBe('La requête est invalide.');
  });
});
