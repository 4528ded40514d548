import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import {
  adminMenuListSchema,
  adminParametersSchema,
  adminParametersSaveSchema,
  billingAccountListSchema,
  hashConfidentialCode,
  invoicesDueSchema,
  lineDetailSchema,
  linePageSchema,
  menuSchema,
  MFA_TOKEN_HEADER,
  mfaRequiredSchema,
  paymentLinkSchema,
  paymentTransactionSchema,
  pieceSchema,
  pieceUploadResponseSchema,
  serverParametersSchema,
  ssoValidationSchema,
  tokenResponseSchema,
  totpEnrolmentSchema,
} from '@ecare/shared';
import { MAINTENANCE_HEADER } from '@ecare/shared/constants';
import { DEMO_AGENTS, DEMO_SSO_CONTEXTS, DEMO_VQD_URL } from '../db/seed/demo-agents.ts';
import { DEMO_USERS } from '../db/seed/demo.ts';
import { LIMITS } from '../lib/limits.ts';
import { signedOneclicQuery } from '../modules/agents/oneclic-signature.ts';
import { SSO_COOKIE } from '../modules/agents/sso.routes.ts';
import { stepAt, totpCodeAt } from '../modules/security/totp.ts';
import { SEND_EMAIL_QUEUE } from '../platform/mail/mail.queue.ts';
import { FILES, multipartBody } from './multipart.ts';
import { e2eDatabaseUrl, prepareServerDatabase, startServer, type RunningServer } from './server-process.ts';
import { startSmtpPeer, type SmtpPeer } from './smtp-peer.ts';

/**
 * Several instances of the API on one PostgreSQL database, as behind a load balancer (decision
 * 066): two real server processes, the same secrets, one shared file store, and a customer whose
 * requests alternate between them, request by request. Every assertion names the instance that
 * answered. PGlite is served by one process only: this file runs on PostgreSQL (DATABASE_URL), as
 * the other tests of PostgreSQL alone do.
 */

/** Secrets every instance of a deployment shares: unset, each process would draw its own. */
const SECRETS = {
  ESIM_LINK_SECRET: 'instances-esim-link-secret-0123456789abcdef',
  MFA_SECRET_KEY: 'instances-mfa-secret-key-0123456789abcdef',
  PAYMENT_PROVIDER_SECRET: 'instances-payment-secret-0123456789abcdef',
  SSO_ONECLIC_SECRET: 'instances-oneclic-secret-0123456789abcdef',
};
/** How long an instance reuses a session read and the maintenance flag: small, so that the bound is reached within the test. */
const CACHE_MS = 500;
/**
 * Added to a stated bound before an answer that still misses a change fails the test: what a
 * loaded machine may take to answer the read that filled a cache. A request sent later than the
 * bound and this, and still answered from before the change, is a bug, not slowness.
 */
const SLACK_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;

const onPostgres = Boolean(e2eDatabaseUrl());

interface Instance {
  name: 'A' | 'B';
  server: RunningServer;
}
interface Answer {
  instance: Instance['name'];
  status: number;
  text: string;
  headers: Headers;
}
/** What an assertion says when it fails: which instance answered what. */
const said = (answer: Answer) => `${answer.instance} a répondu ${answer.status} : ${answer.text.slice(0, 400)}`;

interface CallOptions {
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
  multipart?: { payload: Buffer; contentType: string };
  /** The client's address, as the proxy in front of the instances forwards it. */
  ip: string;
  /** false: no XSRF header (the cookie is still sent). */
  xsrf?: boolean;
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
}

let a: Instance;
let b: Instance;
let smtp: SmtpPeer;
let files = '';
let database: pg.Client;
/** The XSRF pair the browser got from instance A, sent to both. */
let xsrf = '';

async function call(instance: Instance, method: 'GET' | 'POST' | 'PUT', pathname: string, options: CallOptions): Promise<Answer> {
  const cookies = { 'XSRF-TOKEN': xsrf, ...options.cookies };
  const headers: Record<string, string> = {
    'x-forwarded-for': options.ip,
    cookie: Object.entries(cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; '),
  };
  if (options.xsrf !== false) headers['x-xsrf-token'] = xsrf;
  Object.assign(headers, options.headers);
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.multipart) {
    headers['content-type'] = options.multipart.contentType;
    body = new Uint8Array(options.multipart.payload);
  }
  const response = await fetch(`${instance.server.url}${pathname}`, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  return { instance: instance.name, status: response.status, text: await response.text(), headers: response.headers };
}

/** The value of the cookie `name` an answer sets. */
function cookieOf(answer: Answer, name: string): string {
  const header = answer.headers.getSetCookie().find((value) => value.startsWith(`${name}=`)) ?? '';
  return header.slice(name.length + 1).split(';')[0] ?? '';
}

/** The answer's body read with `schema`, once it is a 200. */
function ok<T>(answer: Answer, schema: ZodType<T>): T {
  expect(answer.status, said(answer)).toBe(200);
  return schema.parse(JSON.parse(answer.text));
}

/**
 * Asks until `done` holds of the answer. A change may reach an instance later than the one that
 * made it, within a stated bound: an answer still without it to a request sent after that bound
 * (and the slack) fails the test. Nothing is said of how fast it comes before.
 */
async function within(boundMs: number, ask: () => Promise<Answer>, done: (answer: Answer) => boolean, what: string): Promise<Answer> {
  const changedAt = Date.now();
  for (;;) {
    const sentAt = Date.now();
    const answer = await ask();
    if (done(answer)) return answer;
    if (sentAt - changedAt > boundMs + SLACK_MS) {
      throw new Error(`${what} : ${said(answer)}, à une requête envoyée ${sentAt - changedAt} ms après le changement (borne annoncée : ${boundMs} ms)`);
    }
    await sleep(50);
  }
}

/** The password grant as the login page sends it (the code hashed in the browser). */
async function passwordGrant(email: string, code: string): Promise<Record<string, string>> {
  return { username: email, password: await hashConfidentialCode(email, code), grant_type: 'password', captcha: '', ip: '' };
}

const CUSTOMER_IP = '198.51.100.10';
let customer = '';
let account = 0;

describe.skipIf(!onPostgres)('two instances on one PostgreSQL database, a customer’s requests alternating between them', () => {
  beforeAll(async () => {
    files = mkdtempSync(path.join(tmpdir(), 'ecare-instances-'));
    smtp = await startSmtpPeer();
    await prepareServerDatabase(files);
    // Behind a proxy (TRUST_PROXY=1), with one public address (B's here) and one file store.
    const env = {
      ...SECRETS,
      SESSION_CACHE_MS: String(CACHE_MS),
      READ_CACHE_MS: String(CACHE_MS),
      TRUST_PROXY: '1',
      ATTACHMENTS_DIR: path.join(files, 'fichiers'),
      SMTP_URL: smtp.url,
    };
    b = { name: 'B', server: await startServer({ env, resetDatabase: false }) };
    a = { name: 'A', server: await startServer({ env: { ...env, PUBLIC_URL: b.server.url }, resetDatabase: false }) };
    database = new pg.Client({ connectionString: e2eDatabaseUrl() });
    await database.connect();
  }, 200_000); // two servers started one after the other, each allowed its 90 s on a loaded machine

  afterAll(async () => {
    await database?.end();
    await a?.server.stop();
    await b?.server.stop();
    await smtp?.stop();
    if (files) rmSync(files, { recursive: true, force: true });
  });

  it('signs in on A with A’s XSRF pair, which B accepts too; B refuses a change without it', async () => {
    const first = await call(a, 'GET', '/api/parametres', { ip: CUSTOMER_IP });
    xsrf = decodeURIComponent(cookieOf(first, 'XSRF-TOKEN'));
    expect(xsrf, 'A pose le cookie XSRF-TOKEN').not.toBe('');
    const { email, password } = DEMO_USERS.gestionnaire;
    customer = ok(await call(a, 'POST', '/api/token', { ip: CUSTOMER_IP, form: await passwordGrant(email, password) }), tokenResponseSchema).access_token;
    const withoutHeader = await call(b, 'POST', '/api/sessions/SessionData/Logout', { ip: CUSTOMER_IP, token: customer, xsrf: false });
    expect(withoutHeader.status, said(withoutHeader)).toBe(403);
    const accounts = ok(await call(b, 'GET', '/api/comptes_facturation', { ip: CUSTOMER_IP, token: customer }), billingAccountListSchema);
    account = accounts[0]?.idClientBscs ?? 0;
    expect(account, 'B lit les comptes de la session ouverte sur A').toBeGreaterThan(0);
  });

  it('acts on a line on B and reads it on A at once', async () => {
    const page = ok(await call(a, 'GET', `/api/contrats_pagination/${account}?taille=50`, { ip: CUSTOMER_IP, token: customer }), linePageSchema);
    const line = page.contrats.find((candidate) => candidate.codeStatut === 'ACTIF');
    if (!line) throw new Error('no active line in the demo account');
    const before = ok(await call(b, 'GET', `/api/ligne/${line.idContrat}`, { ip: CUSTOMER_IP, token: customer }), lineDetailSchema).barrages;
    const wanted = { itinerance: !before.itinerance, international: before.international };
    const changed = await call(b, 'PUT', `/api/lignes/${line.idContrat}/barrages`, { ip: CUSTOMER_IP, token: customer, json: wanted });
    expect(changed.status, said(changed)).toBe(200);
    const read = ok(await call(a, 'GET', `/api/ligne/${line.idContrat}`, { ip: CUSTOMER_IP, token: customer }), lineDetailSchema);
    expect(read.barrages, 'A lit le changement fait sur B').toEqual(wanted);
  });

  it('downloads on B a supporting document uploaded on A (one file store)', async () => {
    const upload = multipartBody([{ name: 'fichier', filename: 'kbis.pdf', type: 'application/pdf', content: FILES.pdf }]);
    const { piece } = ok(await call(a, 'POST', `/api/clients/${account}/pieces/KBIS`, { ip: CUSTOMER_IP, token: customer, multipart: upload }), pieceUploadResponseSchema);
    const listed = ok(await call(b, 'GET', `/api/clients/${account}/pieces`, { ip: CUSTOMER_IP, token: customer }), pieceSchema.array());
    expect(listed.map((row) => row.idCtrlPiece), 'B liste la pièce envoyée sur A').toContain(piece.idCtrlPiece);
    const download = await fetch(`${b.server.url}/api/clients/${account}/pieces/telecharger`, {
      method: 'POST',
      headers: { 'x-forwarded-for': CUSTOMER_IP, cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf, authorization: `Bearer ${customer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ idCtrlPiece: piece.idCtrlPiece }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    expect(download.status, 'B sert le fichier reçu par A').toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(FILES.pdf), 'B rend les octets reçus par A').toBe(true);
  });

  it('pays by card through the sandbox: started on B, page on A, card on B, 3-D Secure code on A, notified to B, read on A', async () => {
    const due = ok(await call(a, 'GET', `/api/factures_a_payer/${account}`, { ip: CUSTOMER_IP, token: customer }), invoicesDueSchema);
    const invoice = due.factures.find((row) => row.payableParCarte && !row.paiementEnCours);
    if (!invoice) throw new Error('no invoice payable by card in the demo account');
    const link = ok(
      await call(b, 'POST', '/api/paiement/lien', { ip: CUSTOMER_IP, token: customer, json: { idClientBscs: account, referenceNumbers: [invoice.referenceNumber] } }),
      paymentLinkSchema,
    );
    const page = new URL(link.url).pathname;
    const shown = await call(a, 'GET', page, { ip: CUSTOMER_IP });
    expect(shown.status, said(shown)).toBe(200);
    const expiry = `12/${String(new Date().getUTCFullYear() + 2).slice(2)}`;
    const card = await call(b, 'POST', page, { ip: CUSTOMER_IP, xsrf: false, form: { numero: '4000 0000 0000 3220', expiration: expiry, cryptogramme: '123' } });
    expect(card.status, said(card)).toBe(200);
    expect(card.text, 'B demande le code 3-D Secure').toContain('Authentification 3-D Secure');
    // The code goes to A, which never saw the card: the page's state is the database's.
    const code = await call(a, 'POST', `${page}/3ds`, { ip: CUSTOMER_IP, xsrf: false, form: { code: '123456' } });
    expect(code.status, said(code)).toBe(303);
    expect(code.headers.get('location'), 'A renvoie au portail').toContain(`transactionReference=${link.transactionReference}`);
    // A sent the notification to the public address (B's), which applied it.
    const transaction = await within(
      CACHE_MS,
      () => call(a, 'GET', `/api/paiement/transaction/${link.transactionReference}`, { ip: CUSTOMER_IP, token: customer }),
      (answer) => answer.status === 200 && paymentTransactionSchema.parse(JSON.parse(answer.text)).statut === 'ACCEPTEE',
      'le paiement accepté',
    );
    expect(paymentTransactionSchema.parse(JSON.parse(transaction.text)), said(transaction)).toMatchObject({ statut: 'ACCEPTEE', referenceNumbers: [invoice.referenceNumber] });
    // Back on B's page: already decided, nothing taken again.
    const again = await call(b, 'GET', page, { ip: CUSTOMER_IP });
    expect(again.text, said(again)).toContain('Paiement déjà traité');
    const { rows } = await database.query<{ n: number }>('select count(*)::int as n from invoice_payments where transaction_reference = $1', [link.transactionReference]);
    expect(rows[0]?.n, 'un seul règlement enregistré').toBe(1);
  });

  it('counts failed sign-ins on both instances, and still lets the victim in from elsewhere', async () => {
    const { email, password } = DEMO_USERS.mandataire;
    const attacker = '203.0.113.66';
    const wrong = await passwordGrant(email, 'Mauvais#Code1');
    for (let i = 0; i < LIMITS.backoffFrom; i++) {
      const failed = await call(i % 2 === 0 ? a : b, 'POST', '/api/token', { ip: attacker, form: wrong });
      expect(failed.status, said(failed)).toBe(400);
    }
    // The fifth failure was counted on A: B makes the source wait, even with the right code.
    const slowed = await call(b, 'POST', '/api/token', { ip: attacker, form: await passwordGrant(email, password) });
    expect(slowed.status, said(slowed)).toBe(429);
    const victim = await call(a, 'POST', '/api/token', { ip: '198.51.100.77', form: await passwordGrant(email, password) });
    expect(victim.status, said(victim)).toBe(200);
  });

  it('takes a forgotten-code request sent to both at once once, and sends its e-mail once', async () => {
    const { email } = DEMO_USERS.utilisateur;
    const answers = await Promise.all(
      [a, b].map((instance, index) => call(instance, 'POST', '/api/clients/reset_password', { ip: `198.51.100.${30 + index}`, json: { email } })),
    );
    expect(answers.map((answer) => answer.status).sort(), answers.map(said).join(' ; ')).toEqual([200, 409]);
    const { rows } = await database.query<{ id: number }>('select id from email_outbox where recipient = $1', [email]);
    expect(rows, 'une ligne dans la boîte d’envoi').toHaveLength(1);
    const outboxId = String(rows[0]?.id);
    // Both instances work the queue: once the job is done, the SMTP server has had the mail once.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const job = await database.query<{ state: string }>('select state from pgboss.job where name = $1 and data->>$2 = $3', [SEND_EMAIL_QUEUE, 'id', outboxId]);
      if (job.rows.length > 0 && job.rows.every((row) => row.state === 'completed')) break;
      if (Date.now() > deadline) throw new Error(`mail job not completed: ${JSON.stringify(job.rows)}`);
      await sleep(100);
    }
    expect(smtp.received.filter((mail) => mail.to.includes(email)), 'un seul envoi SMTP').toHaveLength(1);
  });

  it('uses a one-click URL once across instances, and B opens the assertion A set', async () => {
    const ip = '198.51.100.40';
    const agent = DEMO_AGENTS.bdp;
    const keys = { idmodule: 'ajl', coderegate: agent.codeRegate, idContexteClient: DEMO_SSO_CONTEXTS.ajl.idContexte, urlAppelVQD: DEMO_VQD_URL, idrh: agent.idrh };
    const json = Object.fromEntries(new URLSearchParams(signedOneclicQuery(SECRETS.SSO_ONECLIC_SECRET, keys, new Date())));
    const used = await call(a, 'POST', '/api/sso/oneclic', { ip, json });
    expect(used.status, said(used)).toBe(200);
    const replayed = await call(b, 'POST', '/api/sso/oneclic', { ip, json });
    expect(replayed.status, said(replayed)).toBe(403);
    const assertion = cookieOf(used, SSO_COOKIE);
    const check = await call(b, 'GET', `/api/sso/valider_cr/${agent.codeRegate}`, { ip, cookies: { [SSO_COOKIE]: assertion } });
    expect(ok(check, ssoValidationSchema).estValide, said(check)).toBe(true);
  });

  it('signs the administrator in across instances; the maintenance switch, a parameter and a menu entry reach the other one', async () => {
    const ip = '198.51.100.50';
    const { email, password } = DEMO_USERS.administration;
    const first = await call(a, 'POST', '/api/token', { ip, form: await passwordGrant(email, password) });
    expect(first.status, said(first)).toBe(403);
    const { mfa_token } = mfaRequiredSchema.parse(JSON.parse(first.text));
    // The authenticator app enrolled on B (its secret sealed with the shared key), its code checked on A.
    const { secret } = ok(await call(b, 'POST', '/api/securite/totp/inscription', { ip, headers: { [MFA_TOKEN_HEADER]: mfa_token } }), totpEnrolmentSchema);
    const otp = totpCodeAt(secret, stepAt(new Date()));
    const admin = ok(await call(a, 'POST', '/api/token', { ip, form: { grant_type: 'mfa_otp', mfa_token, otp } }), tokenResponseSchema).access_token;

    const { propagationSecondes, ...stored } = ok(await call(b, 'GET', '/api/admin/parametres', { ip, token: admin }), adminParametersSchema);
    const bound = propagationSecondes * 1000;
    expect(bound, 'the stated propagation time covers the instances’ cache').toBeGreaterThanOrEqual(CACHE_MS);
    const accounts = (instance: Instance) => call(instance, 'GET', '/api/comptes_facturation', { ip: CUSTOMER_IP, token: customer });
    // A has just read the flag (off): the read it may reuse.
    expect((await accounts(a)).status).toBe(200);
    const banner = `Maintenance de test ${Date.now()}`;
    const saved = await call(b, 'PUT', '/api/admin/parametres', { ip, token: admin, json: { ...stored, en_maintenance: true, titrE_BANDEAU: banner } });
    expect(ok(saved, adminParametersSaveSchema).parametres.en_maintenance, said(saved)).toBe(true);
    const closed = (answer: Answer) => answer.status === 503 && answer.headers.get(MAINTENANCE_HEADER) === 'true';
    const onB = await accounts(b);
    expect(closed(onB), `B, qui a enregistré la maintenance, ferme à l’instant : ${said(onB)}`).toBe(true);
    await within(bound, () => accounts(a), closed, 'A en maintenance');
    // The other parameters are read on every request: A shows the banner at once.
    const parameters = ok(await call(a, 'GET', '/api/parametres', { ip: CUSTOMER_IP }), serverParametersSchema);
    expect(parameters.titrE_BANDEAU, 'A lit le bandeau enregistré sur B').toBe(banner);

    // Switched off on A, whose back office stays open; B follows within the bound.
    const reopened = await call(a, 'PUT', '/api/admin/parametres', { ip, token: admin, json: { ...stored, en_maintenance: false } });
    expect(reopened.status, said(reopened)).toBe(200);
    await within(bound, () => accounts(b), (answer) => answer.status === 200, 'B rouvert');

    // A menu entry renamed on B: the customers' menu on A is read from the database, at once.
    const menuPath = '/api/menu/aucun/aucun/aucun/aucun';
    const [rubrique] = ok(await call(a, 'GET', menuPath, { ip: CUSTOMER_IP, token: customer }), menuSchema);
    if (!rubrique) throw new Error('an empty customer menu');
    const entry = ok(await call(b, 'GET', '/api/admin/menu', { ip, token: admin }), adminMenuListSchema).find((item) => item.id === rubrique.id);
    if (!entry) throw new Error('the menu entry is not in the back office');
    const nom = `${entry.nom} (renommée)`;
    const renamed = await call(b, 'PUT', `/api/admin/menu/${entry.id}`, { ip, token: admin, json: { parentId: entry.parentId, nom, url: entry.url } });
    expect(renamed.status, said(renamed)).toBe(200);
    const menu = ok(await call(a, 'GET', menuPath, { ip: CUSTOMER_IP, token: customer }), menuSchema);
    expect(menu.find((item) => item.id === entry.id)?.nom, 'A sert le menu renommé sur B').toBe(nom);
  });

  it('refuses on B, within SESSION_CACHE_MS, the session signed out on A', async () => {
    const currentUser = (instance: Instance) => call(instance, 'GET', '/api/current_user', { ip: CUSTOMER_IP, token: customer });
    // B has just read the session: the read it may reuse.
    const before = await currentUser(b);
    expect(before.status, said(before)).toBe(200);
    const out = await call(a, 'POST', '/api/sessions/SessionData/Logout', { ip: CUSTOMER_IP, token: customer });
    expect(out.status, said(out)).toBe(200);
    const onA = await currentUser(a);
    expect(onA.status, said(onA)).toBe(401);
    await within(CACHE_MS, () => currentUser(b), (answer) => answer.status === 401, 'la session fermée sur A');
  });
});
