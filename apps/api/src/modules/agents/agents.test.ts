import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  accountSearchResponseSchema,
  agentActionListSchema,
  agentConnectResponseSchema,
  agentUserSchema,
  billingAccountListSchema,
  compositeUsername,
  currentUserSchema,
  hashConfidentialCode,
  NO_OPTINS,
  tokenResponseSchema,
  validateScResponseSchema,
} from '@ecare/shared';
import { agentSessions, agents, auditLog, billingAccounts, contracts, sessions } from '../../db/schema.ts';
import { DEMO_AGENTS } from '../../db/seed/demo-agents.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { hashToken } from '../../lib/tokens.ts';
import { demoFixture, userIdOf } from '../../test/demo-fixture.ts';
import { bodyOf, errorOf, expectError, tokenErrorOf, useTestContext } from '../../test/harness.ts';
import { signInWithSecondFactor } from '../../test/second-factor.ts';

type DemoAgent = (typeof DEMO_AGENTS)[keyof typeof DEMO_AGENTS];

const { t, f } = useTestContext(async (t) => {
  const fixture = await demoFixture(t);
  const [first, second] = bodyOf(await t.get('/api/comptes_facturation', fixture.mandataire), billingAccountListSchema).filter(
    (account) => account.isGestionnaire,
  );
  if (!first || !second) throw new Error('the demo mandataire manages two accounts');
  return { ...fixture, mandataireAccounts: [first, second] as const };
});

const MOTIF = 'Appel du client : aide sur ses préférences';

async function validate(agent: { identifiant: string; password: string }, options: { ip?: string } = {}) {
  return t.send('POST', '/api/validate_sc', {
    json: { username: agent.identifiant, password: await hashConfidentialCode(agent.identifiant, agent.password) },
    ...options,
  });
}

async function agentToken(agent: DemoAgent = DEMO_AGENTS.distance): Promise<string> {
  const response = await validate(agent);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf(response, validateScResponseSchema).access_token;
}

/** An agent connected to one of the demo mandataire's two accounts. */
async function connectToMandataire(agent: string, index: 0 | 1 = 0) {
  const account = f.mandataireAccounts[index];
  const response = await t.send('POST', '/api/service-client/connexion', {
    token: agent,
    json: { idClientBscs: account.idClientBscs, email: DEMO_USERS.mandataire.email, motif: MOTIF },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { customer: bodyOf(response, agentConnectResponseSchema).access_token, account };
}

describe('POST /api/validate_sc (agent login)', () => {
  it('answers the agent’s name and login with an agent token', async () => {
    const response = await validate(DEMO_AGENTS.bdp);
    expect(response.statusCode, response.body).toBe(200);
    const body = bodyOf(response, validateScResponseSchema);
    expect(body).toMatchObject({ loginSc: 'cmartin', nomSc: 'Camille Martin', profil: 'BDP', token_type: 'bearer', expires_in: 15 * 60 });
    const me = await t.get('/api/service-client/agent', body.access_token);
    expect(bodyOf(me, agentUserSchema)).toEqual({ loginSc: 'cmartin', nomSc: 'Camille Martin', profil: 'BDP' });
    // The identifier is case-insensitive (the salt is lower-cased, the identifier upper-cased).
    const lower = await t.send('POST', '/api/validate_sc', {
      json: { username: 'ag100001', password: await hashConfidentialCode('ag100001', DEMO_AGENTS.bdp.password) },
    });
    expect(lower.statusCode).toBe(200);
  });

  it.each([
    ['a wrong code', { identifiant: DEMO_AGENTS.bdp.identifiant, password: 'Pas-Le-Bon-2026!' }],
    ['an unknown identifier', { identifiant: 'AG999999', password: DEMO_AGENTS.bdp.password }],
    ['an identifier of the wrong format', { identifiant: 'AGENT-1', password: DEMO_AGENTS.bdp.password }],
    ['an inactive agent with the right code', DEMO_AGENTS.inactif],
  ])('refuses %s with the spec’s message and the brand', async (_label, agent) => {
    const response = await validate(agent);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: 'AGENT_INVALID_CREDENTIALS',
      exceptionMessage: 'Votre identifiant Telora Pro et votre code confidentiel ne correspondent pas.',
    });
  });

  it('refuses an empty body and an over-long identifier without a 5xx', async () => {
    expect((await t.send('POST', '/api/validate_sc', { json: {} })).statusCode).toBe(400);
    expect((await t.send('POST', '/api/validate_sc', { json: { username: 'A'.repeat(17), password: 'x' } })).statusCode).toBe(400);
  });

  it('is rate-limited per client address', async () => {
    const ip = '203.0.113.77';
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await validate({ identifiant: 'AG100002', password: `Faux-${i}` }, { ip })).statusCode);
    expect(codes.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('the agent token and customer endpoints', () => {
  it('never opens a customer endpoint before the agent connects to a customer', async () => {
    const agent = await agentToken();
    expectError(await t.get('/api/current_user', agent), 401, 'UNAUTHENTICATED');
    expectError(await t.get('/api/comptes_facturation', agent), 401, 'UNAUTHENTICATED');
    expectError(await t.get(`/api/contacts/${f.account}/optins`, agent), 401, 'UNAUTHENTICATED');
    // And a customer token never opens an agent endpoint.
    expectError(await t.get('/api/service-client/agent', f.manager), 401, 'AGENT_UNAUTHENTICATED');
    expectError(
      await t.send('POST', '/api/service-client/recherche', { token: f.manager, json: { emailClient: DEMO_USERS.mandataire.email } }),
      401,
      'AGENT_UNAUTHENTICATED',
    );
  });
});

describe('the agent’s bearer token', () => {
  it('is read whatever the letter case of its scheme (RFC 6750)', async () => {
    const agent = await agentToken();
    const response = await t.app.inject({ method: 'GET', url: '/api/service-client/agent', headers: { authorization: `bearer ${agent}` } });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('POST /api/service-client/recherche', () => {
  it('finds the accounts a manager e-mail manages', async () => {
    const agent = await agentToken();
    const response = await t.send('POST', '/api/service-client/recherche', { token: agent, json: { emailClient: DEMO_USERS.mandataire.email } });
    const body = bodyOf(response, accountSearchResponseSchema);
    expect(body.clientConnecte.estGestionnaire).toBe(true);
    expect(body.comptesFacturation.map((account) => account.idClientBscs)).toEqual(f.mandataireAccounts.map((account) => account.idClientBscs));
    expect(body.comptesFacturation[0]).toMatchObject({ email: DEMO_USERS.mandataire.email });
  });

  it('finds an account by its number, once per manager', async () => {
    const agent = await agentToken();
    const [bakery] = await t.db.select().from(billingAccounts).where(eq(billingAccounts.idClientBscs, f.account));
    const response = await t.send('POST', '/api/service-client/recherche', { token: agent, json: { numeroCompte: bakery?.codeClientBscs } });
    const body = bodyOf(response, accountSearchResponseSchema);
    expect(body.comptesFacturation).toEqual([expect.objectContaining({ idClientBscs: f.account, email: DEMO_USERS.gestionnaire.email })]);
  });

  it('answers no account for an unknown e-mail, and 400 for nothing to search', async () => {
    const agent = await agentToken();
    const none = await t.send('POST', '/api/service-client/recherche', { token: agent, json: { emailClient: 'personne@demo.test' } });
    expect(bodyOf(none, accountSearchResponseSchema)).toEqual({ clientConnecte: { estGestionnaire: false }, comptesFacturation: [] });
    expectError(await t.send('POST', '/api/service-client/recherche', { token: agent, json: {} }), 400, 'AGENT_SEARCH_EMPTY');
    expectError(await t.send('POST', '/api/service-client/recherche', { token: agent, json: { numeroCompte: '0.12' } }), 400, 'AGENT_SEARCH_EMPTY');
  });
});

describe('POST /api/service-client/connexion (acting for a customer)', () => {
  it('needs a reason of 10 characters or a ticket number', async () => {
    const agent = await agentToken();
    const account = f.mandataireAccounts[0].idClientBscs;
    const short = await t.send('POST', '/api/service-client/connexion', {
      token: agent,
      json: { idClientBscs: account, email: DEMO_USERS.mandataire.email, motif: 'appel' },
    });
    expectError(short, 400, 'AGENT_MOTIF_INVALID');
    const ticket = await t.send('POST', '/api/service-client/connexion', {
      token: agent,
      json: { idClientBscs: account, email: DEMO_USERS.mandataire.email, motif: 'SUP-2026-000042' },
    });
    expect(ticket.statusCode, ticket.body).toBe(200);
  });

  it('refuses an account the e-mail does not manage with the spec’s message', async () => {
    const agent = await agentToken();
    const [bakery] = await t.db.select().from(billingAccounts).where(eq(billingAccounts.idClientBscs, f.account));
    const response = await t.send('POST', '/api/service-client/connexion', {
      token: agent,
      json: { idClientBscs: f.account, email: DEMO_USERS.mandataire.email, motif: MOTIF },
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).exceptionMessage).toBe(
      `Connexion KO pour le compte de facturation ${bakery?.codeClientBscs} (Email de connexion : ${DEMO_USERS.mandataire.email})`,
    );
  });

  it('opens a customer session that reaches the bound account only', async () => {
    const agent = await agentToken();
    const { customer, account } = await connectToMandataire(agent, 0);
    const other = f.mandataireAccounts[1];

    const me = bodyOf(await t.get('/api/current_user', customer), currentUserSchema);
    expect(me).toMatchObject({ mandataire: true, serviceClient: true, usernameSC: 'hbernard', nomSC: 'Hugo Bernard' });
    // The list shows the bound account alone; the other one the customer manages is out of reach.
    const list = bodyOf(await t.get('/api/comptes_facturation', customer), billingAccountListSchema);
    expect(list.map((item) => item.idClientBscs)).toEqual([account.idClientBscs]);
    expect((await t.get(`/api/comptes_facturation/${account.idClientBscs}`, customer)).statusCode).toBe(200);
    expectError(await t.get(`/api/comptes_facturation/${other.idClientBscs}`, customer), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(`/api/contacts/${other.idClientBscs}/optins`, customer), 403, 'FORBIDDEN_ACCOUNT');
    expect((await t.get(`/api/contacts/${account.idClientBscs}/optins`, customer)).statusCode).toBe(200);
    expectError(await t.get(`/api/contrats_pagination/${other.idClientBscs}`, customer), 403, 'FORBIDDEN_ACCOUNT');
    // A line of the other account too, which the customer himself reaches.
    const otherLine = await firstLineOf(other.idClientBscs);
    const boundLine = await firstLineOf(account.idClientBscs);
    expect((await t.get(`/api/ligne/${otherLine}`, f.mandataire)).statusCode).toBe(200);
    expectError(await t.get(`/api/ligne/${otherLine}`, customer), 403, 'FORBIDDEN_CONTRACT');
    expect((await t.get(`/api/ligne/${boundLine}`, customer)).statusCode).toBe(200);
    expectError(await t.get(`/api/sessiondata/${other.idClientBscs}/0`, customer), 403, 'FORBIDDEN_ACCOUNT');
    // The customer's own session is unaffected.
    expect(bodyOf(await t.get('/api/comptes_facturation', f.mandataire), billingAccountListSchema).length).toBeGreaterThan(1);
  });

  it('records every write with the agent and the reason, and the customer reads them newest first', async () => {
    const agent = await agentToken();
    const { customer, account } = await connectToMandataire(agent, 1);
    const agentId = await agentIdOf(DEMO_AGENTS.distance.identifiant);
    const customerId = await userIdOf(t, DEMO_USERS.mandataire.email);

    t.clock.advance(60_000);
    const saved = await t.send('PUT', `/api/contacts/${account.idClientBscs}/optins`, { token: customer, json: { ...NO_OPTINS, emailActualites: true } });
    expect(saved.statusCode, saved.body).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'MODIFICATION_OPTINS'), eq(auditLog.idClientBscs, account.idClientBscs)))
      .orderBy(asc(auditLog.id));
    expect(entry).toMatchObject({ userId: agentId, onBehalfOf: customerId, details: { motif: MOTIF } });

    // A write no module audits itself still leaves an entry.
    t.clock.advance(60_000);
    const line = await firstLineOf(account.idClientBscs);
    const checked = await t.send('POST', '/api/sim/verifier', { token: customer, json: { Id: line, NumeroSim: '89330000000000000000' } });
    expect(checked.statusCode, checked.body).toBe(200);
    const generic = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'ACTION_AGENT'), eq(auditLog.idClientBscs, account.idClientBscs)));
    expect(generic).toEqual([expect.objectContaining({ userId: agentId, onBehalfOf: customerId, details: { motif: MOTIF, requete: 'POST /api/sim/verifier' } })]);

    const actions = bodyOf(await t.get(`/api/audit/${account.idClientBscs}`, f.mandataire), agentActionListSchema);
    expect(actions.map((action) => action.action)).toEqual([
      'Modification par un conseiller',
      'Modification des préférences de contact',
      'Connexion d’un conseiller à votre compte',
    ]);
    expect(actions[0]).toMatchObject({ acteur: 'Marc Girard', agent: 'Hugo Bernard (hbernard)', motif: MOTIF, idContrat: null });
    // Managers of the account only.
    expectError(await t.get(`/api/audit/${account.idClientBscs}`, f.stranger), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(`/api/audit/${account.idClientBscs}`, f.lineUser), 403, 'FORBIDDEN_ACCOUNT');
  });

  it('e-mails the account’s managers when the account asks for it', async () => {
    const agent = await agentToken();
    const sent = (await t.outbox()).length;
    await connectToMandataire(agent, 0);
    // Every manager of the account is told (the transport company has a second one).
    const mails = (await t.outbox()).slice(0, (await t.outbox()).length - sent);
    const mail = mails.find((candidate) => candidate.recipient === DEMO_USERS.mandataire.email);
    expect(mail).toBeDefined();
    expect(mail?.textBody).toContain(MOTIF);
    expect(mail?.textBody).toContain('Hugo Bernard (hbernard)');

    await t.db.update(billingAccounts).set({ alerteConnexionAgent: false }).where(eq(billingAccounts.idClientBscs, f.mandataireAccounts[1].idClientBscs));
    const before = (await t.outbox()).length;
    await connectToMandataire(agent, 1);
    expect((await t.outbox()).length).toBe(before);
  });
});

describe('the binding ends with the agent session', () => {
  it('expires with the agent session and is shorter when idle', async () => {
    const agent = await agentToken();
    const { customer } = await connectToMandataire(agent);
    const [agentSession] = await t.db.select().from(agentSessions).where(eq(agentSessions.tokenHash, hashToken(agent)));
    const [customerSession] = await t.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(customer)));
    expect(agentSession?.expiresAt).toBeInstanceOf(Date);
    expect(customerSession?.expiresAt).toEqual(agentSession?.expiresAt);

    // Working as the customer keeps both alive past the agent's idle limit.
    for (let i = 0; i < 3; i++) {
      t.clock.advance(10 * 60_000);
      expect((await t.get('/api/current_user', customer)).statusCode).toBe(200);
    }
    expect((await t.get('/api/service-client/agent', agent)).statusCode).toBe(200);
    // 15 minutes idle end it (a customer's own session allows 30).
    t.clock.advance(15 * 60_000);
    expectError(await t.get('/api/current_user', customer), 401, 'UNAUTHENTICATED');
  });

  it('ends at the agent session’s absolute limit', async () => {
    const agent = await agentToken();
    const { customer } = await connectToMandataire(agent);
    for (let elapsed = 0; elapsed < 8 * 60; elapsed += 10) {
      t.clock.advance(10 * 60_000);
      const response = await t.get('/api/current_user', customer);
      if (response.statusCode === 401) break;
    }
    expectError(await t.get('/api/current_user', customer), 401, 'UNAUTHENTICATED');
    expectError(await t.get('/api/service-client/agent', agent), 401, 'AGENT_UNAUTHENTICATED');
  });

  it('ends at once when the agent logs out or is deactivated', async () => {
    const agent = await agentToken();
    const { customer } = await connectToMandataire(agent);
    expect((await t.send('POST', '/api/service-client/deconnexion', { token: agent })).statusCode).toBe(200);
    expectError(await t.get('/api/service-client/agent', agent), 401, 'AGENT_UNAUTHENTICATED');
    expectError(await t.get('/api/current_user', customer), 401, 'UNAUTHENTICATED');

    const again = await agentToken();
    const second = await connectToMandataire(again);
    await t.db.update(agents).set({ actif: false }).where(eq(agents.identifiant, DEMO_AGENTS.distance.identifiant));
    try {
      expectError(await t.get('/api/current_user', second.customer), 401, 'UNAUTHENTICATED');
      expectError(await t.get('/api/service-client/agent', again), 401, 'AGENT_UNAUTHENTICATED');
    } finally {
      await t.db.update(agents).set({ actif: true }).where(eq(agents.identifiant, DEMO_AGENTS.distance.identifiant));
    }
  });

  it('ends at once on every instance when the agent logs out, though instances reuse session reads', async () => {
    const other = await t.anotherInstance();
    const agent = await agentToken();
    const { customer } = await connectToMandataire(agent);
    const onOther = () => other.inject({ method: 'GET', url: '/api/current_user', headers: { authorization: `Bearer ${customer}` } });
    // Both instances have just read the session (the read the cache would reuse).
    expect((await t.get('/api/current_user', customer)).statusCode).toBe(200);
    expect((await onOther()).statusCode).toBe(200);
    expect((await t.send('POST', '/api/service-client/deconnexion', { token: agent })).statusCode).toBe(200);
    expectError(await t.get('/api/current_user', customer), 401, 'UNAUTHENTICATED');
    expectError(await onOther(), 401, 'UNAUTHENTICATED');
  });

  it('leaving the customer ends the customer session, not the agent’s', async () => {
    const agent = await agentToken();
    const { customer } = await connectToMandataire(agent);
    expect((await t.send('POST', '/api/sessions/SessionData/Logout', { token: customer })).statusCode).toBe(200);
    expectError(await t.get('/api/current_user', customer), 401, 'UNAUTHENTICATED');
    expect((await t.get('/api/service-client/agent', agent)).statusCode).toBe(200);
  });
});

describe('POST /api/token with the composite identifier (spec §9)', () => {
  const form = async (username: string, motif?: string, password: string = DEMO_AGENTS.bdp.password) => ({
    username,
    password: await hashConfidentialCode(DEMO_AGENTS.bdp.identifiant, password),
    grant_type: 'password',
    captcha: '',
    ip: '',
    ...(motif === undefined ? {} : { motif }),
  });

  // The agent's authenticator app, enrolled at their first composite login (decision 057).
  const agentApps = new Map<string, { secret: string; lastStep: number }>();
  /** The composite login through the agent's second step (security-policy.test.ts tests that step itself). */
  const composite = async (username: string, motif?: string) => {
    const first = await t.send('POST', '/api/token', { form: await form(username, motif) });
    return first.statusCode === 403 ? signInWithSecondFactor({ send: t.send, clock: t.clock, apps: agentApps }, 'BDP001', first) : first;
  };

  it('opens a customer session bound to the customer’s account', async () => {
    const response = await composite(compositeUsername('BDP001', DEMO_USERS.gestionnaire.email), MOTIF);
    expect(response.statusCode, response.body).toBe(200);
    const customer = bodyOf(response, tokenResponseSchema).access_token;
    expect(bodyOf(await t.get('/api/current_user', customer), currentUserSchema)).toMatchObject({ usernameSC: 'cmartin', nomSC: 'Camille Martin' });
    expect(bodyOf(await t.get('/api/comptes_facturation', customer), billingAccountListSchema).map((a) => a.idClientBscs)).toEqual([f.account]);
  });

  it('refuses a wrong code or Régate code, a missing reason and a customer with several accounts', async () => {
    const wrongCode = await t.send('POST', '/api/token', { form: await form(compositeUsername('BDP001', DEMO_USERS.gestionnaire.email), MOTIF, 'Faux-Code-2026!') });
    expect(wrongCode.statusCode).toBe(400);
    expect(tokenErrorOf(wrongCode).error).toBe('invalid_grant');
    const wrongRegate = await t.send('POST', '/api/token', { form: await form(compositeUsername('BDP999', DEMO_USERS.gestionnaire.email), MOTIF) });
    expect(tokenErrorOf(wrongRegate).error).toBe('invalid_grant');
    const noMotif = await t.send('POST', '/api/token', { form: await form(compositeUsername('BDP001', DEMO_USERS.gestionnaire.email)) });
    expect(tokenErrorOf(noMotif)).toMatchObject({ error: 'invalid_request' });
    // Who the customer is, and which accounts they have, is told only after the agent's second step.
    const several = await composite(compositeUsername('BDP001', DEMO_USERS.mandataire.email), MOTIF);
    expect(tokenErrorOf(several)).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('plusieurs comptes') });
    const noMarker = await t.send('POST', '/api/token', { form: await form(`CODE_REGATE :BDP001${DEMO_USERS.gestionnaire.email}`, MOTIF) });
    expect(tokenErrorOf(noMarker).error).toBe('invalid_grant');
  });
});

async function firstLineOf(idClientBscs: number): Promise<number> {
  const line = f.lines.find((item) => item.idClientBscs === idClientBscs);
  if (line) return line.idContrat;
  const [row] = await t.db.select({ id: contracts.idContrat }).from(contracts).where(eq(contracts.idClientBscs, idClientBscs)).orderBy(asc(contracts.idContrat)).limit(1);
  if (!row) throw new Error(`no line on ${idClientBscs}`);
  return row.id;
}

async function agentIdOf(identifiant: string): Promise<number> {
  const [row] = await t.db.select({ id: agents.id }).from(agents).where(eq(agents.identifiant, identifiant));
  if (!row) throw new Error(`no agent ${identifiant}`);
  return row.id;
}
