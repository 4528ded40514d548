import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingAccountListSchema,
  cartSchema,
  FLOW_STEP,
  hashConfidentialCode,
  linePageSchema,
  ORDER_PAYMENT_MODE,
  ORDER_STATUS,
  paymentLinkSchema,
  paymentNotificationAnswerSchema,
  paymentTransactionSchema,
  phoneListSchema,
  SUBSCRIPTION_STATUS,
  submittedOrderSchema,
  tokenResponseSchema,
  type SubmittedOrder,
} from '@ecare/shared';
import type { ZodType } from 'zod';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { e2eDatabaseUrl, startServer, type RunningServer } from '../../test/server-process.ts';

/**
 * The shop's fault test (decisions 036, 038): the real server process killed (SIGKILL) at
 * several points of an order's life and restarted on the same database, PGlite's folder or
 * PostgreSQL. Whatever the moment, one order per Idempotency-Key, none lost, its lines created
 * once, a card order paid once. It drives the server over HTTP only (no browser, no web app).
 */

/** The submission of the cart as an order. */
const SUBMIT_PATH = '/api/commande/enregistrer';
/** The provider's signing secret, known to the test as to a provider's servers. */
const PROVIDER_SECRET = 'e2e-order-faults-provider-secret-0123456789';
const ENV = { PAYMENT_PROVIDER_SECRET: PROVIDER_SECRET };
/** A notification signed as the provider signs it (decision 027): HMAC-SHA-256 of `timestamp.body`, the time in Unix seconds. */
function signedHeaders(body: string): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', PROVIDER_SECRET).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return { 'content-type': 'application/json', 'x-sandbox-timestamp': timestamp, 'x-sandbox-signature': `sha256=${signature}` };
}
const ACCEPTED_CARD = { numero: '4111 1111 1111 1111', expiration: '12/35', cryptogramme: '123' };
const onPostgres = Boolean(e2eDatabaseUrl());
/**
 * After a request is sent, the server is killed this share of the time the same request took
 * without a fault: before, during or after its transaction. Whatever the machine's speed and
 * wherever the kill falls, the assertions are the same.
 */
const KILL_POINTS = [0, 0.6, 0.9, 1.1];
const killedAt = (point: number) => `tué à ${Math.round(point * 100)} % de la requête`;

/** A request unanswered this long is a server that hangs: said as such rather than as the test's timeout. */
const REQUEST_TIMEOUT_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const newKey = () => randomBytes(16).toString('hex');

let dataDir = '';
let port = 0;
let server: RunningServer;
let token = '';
let account = 0;
let xsrf: { cookie: string; 'x-xsrf-token': string } | null = null;
const testStart = new Date();

async function killAndRestart(): Promise<void> {
  await server.kill();
  server = await startServer({ env: ENV, port, dataDir, resetDatabase: false });
  xsrf = null;
}

/** The XSRF pair of the running server, as the page holds it. */
async function xsrfPair(): Promise<{ cookie: string; 'x-xsrf-token': string }> {
  if (!xsrf) {
    const first = await fetch(`${server.url}/api/parametres`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const cookie = first.headers.getSetCookie().find((header) => header.startsWith('XSRF-TOKEN='))?.split(';')[0] ?? '';
    xsrf = { cookie, 'x-xsrf-token': decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)) };
  }
  return xsrf;
}

async function signIn(): Promise<string> {
  const response = await fetch(`${server.url}/api/token`, {
    method: 'POST',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    headers: { ...(await xsrfPair()), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: DEMO_USERS.solo.email, password: await hashConfidentialCode(DEMO_USERS.solo.email, DEMO_USERS.solo.password), grant_type: 'password' }),
  });
  expect(response.status).toBe(200);
  return tokenResponseSchema.parse(await response.json()).access_token;
}

async function read<T>(pathname: string, schema: ZodType<T>): Promise<T> {
  const response = await fetch(`${server.url}${pathname}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  expect(response.status, pathname).toBe(200);
  return schema.parse(await response.json());
}

async function post(pathname: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}${pathname}`, {
    method: 'POST',
    headers: { ...(await xsrfPair()), authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

async function okJson<T>(response: Response, schema: ZodType<T>): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return schema.parse(JSON.parse(text));
}

/** Lines of the account's fleet, whatever their status. */
async function fleetSize(): Promise<number> {
  return (await read(`/api/contrats_pagination/${account}?taille=1`, linePageSchema)).total;
}

/** A fresh cart, its two recaps opened: two SIM-only lines, or one line with the cheapest phone in stock. */
async function newCart(kind: 'sim' | 'phone'): Promise<{ idSouscription: number; lines: number }> {
  let line = { IdOffreEngagement: 101, IdArticleMobile: null as number | null, Couleur: null as string | null, TypeSim: 'SIM', Quantite: 2, Options: [] };
  if (kind === 'phone') {
    const { mobiles } = await read(`/api/mobiles/${account}/103/en-stock?tri=prix-croissant`, phoneListSchema);
    const phone = mobiles.find((candidate) => candidate.disponible && candidate.stock >= 10);
    if (!phone) throw new Error('no phone in stock');
    line = { ...line, IdOffreEngagement: 103, IdArticleMobile: phone.idArticle, Couleur: phone.couleurs[0] ?? null, Quantite: 1 };
  }
  const cart = await okJson(await post('/api/ajout-lignes/enregistrer-ligne', { IdClientBscs: account, ...line }), cartSchema);
  const idSouscription = cart.IdSouscription ?? 0;
  const delivery = await post('/api/commande/adresse/enregistrer/LIVRAISON', { IdSouscription: idSouscription, Adresse: { mode: 'ADRESSE_COMPTE' } });
  expect(delivery.status, await delivery.text()).toBe(200);
  for (const document of ['information-precontractuelle', 'recapitulatif-contractuel']) {
    const response = await fetch(`${server.url}/api/ajout-lignes/recapitulatif/${idSouscription}/${document}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  }
  return { idSouscription, lines: line.Quantite };
}

function submit(idSouscription: number, mode: 3 | 6, key: string): Promise<Response> {
  return post(SUBMIT_PATH, { IdSouscription: idSouscription, ModePaiement: mode }, { 'idempotency-key': key });
}

/** The answer of a request cut by the kill: null when none came. */
async function answerOrNull(request: Promise<Response>): Promise<{ status: number; text: string } | null> {
  try {
    const response = await request;
    return { status: response.status, text: await response.text() };
  } catch {
    return null;
  }
}

/** What the test made, checked again in the database at the end. */
interface Made {
  fault: string;
  kind: 'virement' | 'carte';
  key: string;
  numero: string;
  idSouscription: number;
  lines: number;
}
const made: Made[] = [];

/** PostgreSQL only: a lock the test holds so that the server's transaction waits on it, to be killed there. */
async function holdLock(sql: string, values: unknown[]): Promise<{ waiting(): Promise<void>; release(): Promise<void> }> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  await client.query('begin');
  await client.query(sql, values);
  return {
    async waiting() {
      for (let tries = 0; ; tries++) {
        const { rows } = await client.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where application_name = 'ecare-api' and wait_event_type = 'Lock'",
        );
        if ((rows[0]?.n ?? 0) > 0) return;
        if (tries > 400) throw new Error('the server never waited on the lock');
        await sleep(25);
      }
    },
    async release() {
      await client.query('commit');
      await client.end();
    },
  };
}

const CONTRACTS_LOCK = "select pg_advisory_xact_lock(hashtext('add-line:contracts'))";

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ecare-faults-'));
  server = await startServer({ env: ENV, dataDir });
  port = Number(new URL(server.url).port);
  token = await signIn();
  const [first] = await read('/api/comptes_facturation', billingAccountListSchema);
  account = first?.idClientBscs ?? 0;
});

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('orders when the server is killed between their steps', () => {
  it('a transfer order sent with an Idempotency-Key: exactly one order per key, answered again after the restart, its lines created once', async () => {
    let fleet = await fleetSize();

    /** Checks the order the retry answered, and that a second retry answers it again. */
    async function retried(fault: string, key: string, cart: { idSouscription: number; lines: number }, before: SubmittedOrder | null) {
      // Before the retry the order is all there (committed before the kill) or not at all: never its lines without it.
      const found = await fleetSize();
      expect([fleet, fleet + cart.lines], fault).toContain(found);
      const committed = found === fleet + cart.lines;
      if (before) expect(committed, fault).toBe(true);
      const order = await okJson(await submit(cart.idSouscription, 6, key), submittedOrderSchema);
      // The order answered before the kill, if one was, is the one the retry finds: never a second one.
      if (before) expect(order, fault).toEqual(before);
      expect(order, fault).toMatchObject({
        idSouscription: cart.idSouscription,
        statut: ORDER_STATUS.PaiementSurFactureAttenteValidation,
        etape: FLOW_STEP.TermineeConfirmation,
        modePaiement: ORDER_PAYMENT_MODE.Virement,
        virement: expect.objectContaining({ reference: `VIR-${order.numero}` }),
      });
      expect(order.idContrats, fault).toHaveLength(cart.lines);
      expect(await okJson(await submit(cart.idSouscription, 6, key), submittedOrderSchema), fault).toEqual(order);
      fleet += cart.lines;
      expect(await fleetSize(), fault).toBe(fleet);
      made.push({ fault, kind: 'virement', key, numero: order.numero, idSouscription: cart.idSouscription, lines: cart.lines });
    }

    // The reference: no fault; how long it takes places the kills below.
    let took = 0;
    {
      const cart = await newCart('sim');
      const key = newKey();
      const start = Date.now();
      const order = await okJson(await submit(cart.idSouscription, 6, key), submittedOrderSchema);
      took = Date.now() - start;
      await retried('sans panne', key, cart, order);
    }

    // Killed before the request: it is sent to the restarted server.
    {
      const cart = await newCart('sim');
      await killAndRestart();
      await retried('tué avant l’envoi', newKey(), cart, null);
    }

    // Killed while the request is in flight: before, during or after its transaction.
    for (const point of KILL_POINTS) {
      const cart = await newCart('sim');
      const key = newKey();
      await xsrfPair();
      const sent = answerOrNull(submit(cart.idSouscription, 6, key));
      await sleep(point * took);
      await killAndRestart();
      const answer = await sent;
      const before = answer?.status === 200 ? submittedOrderSchema.parse(JSON.parse(answer.text)) : null;
      await retried(killedAt(point), key, cart, before);
    }

    // Killed after the answer: the retry answers the same order.
    {
      const cart = await newCart('sim');
      const key = newKey();
      const order = await okJson(await submit(cart.idSouscription, 6, key), submittedOrderSchema);
      await killAndRestart();
      await retried('tué après la réponse', key, cart, order);
    }

    if (onPostgres) {
      // Killed inside the transaction, deterministically: waiting for the cart, then with the order written and its lines being numbered.
      for (const [fault, lock] of [
        ['tué en attendant le panier', 'select 1 from subscriptions where id_souscription = $1 for update'],
        ['tué la commande écrite, avant la validation de la transaction', CONTRACTS_LOCK],
      ] as const) {
        const cart = await newCart('sim');
        const key = newKey();
        const held = await holdLock(lock, lock === CONTRACTS_LOCK ? [] : [cart.idSouscription]);
        const sent = answerOrNull(submit(cart.idSouscription, 6, key));
        await held.waiting();
        await server.kill();
        await held.release();
        expect(await sent, fault).toBeNull();
        server = await startServer({ env: ENV, port, dataDir, resetDatabase: false });
        xsrf = null;
        // Killed inside the transaction: nothing of it stayed.
        expect(await fleetSize(), fault).toBe(fleet);
        await retried(fault, key, cart, null);
      }
    }
  }, 240_000);

  it('a card order: killed after its payment link or while the notification is delivered, paid once after the restart, lines created once', async () => {
    let fleet = await fleetSize();

    async function cardOrder(): Promise<{ order: SubmittedOrder; key: string; cart: { idSouscription: number; lines: number } }> {
      const cart = await newCart('phone');
      const key = newKey();
      const order = await okJson(await submit(cart.idSouscription, 3, key), submittedOrderSchema);
      expect(order).toMatchObject({ statut: ORDER_STATUS.Validee, etape: FLOW_STEP.PaiementEnCours, idContrats: [] });
      expect(order.aPayerCentimes).toBeGreaterThan(0);
      return { order, key, cart };
    }

    async function linkOf(numero: string) {
      return okJson(await post('/api/paiement/lien-commande', { numero }), paymentLinkSchema);
    }

    /** The card typed on the sandbox's page, as a browser posts its form (no redirect followed). */
    function payOnSandbox(url: string): Promise<Response> {
      return fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(ACCEPTED_CARD),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    }

    /** The provider's notification of an accepted payment, signed now. */
    async function notify(body: string) {
      const response = await fetch(`${server.url}/api/paiement/notification`, {
        method: 'POST',
        headers: signedHeaders(body),
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      return (await okJson(response, paymentNotificationAnswerSchema)).resultat;
    }
    const acceptedEvent = (reference: string, montant: number) =>
      JSON.stringify({ id: `evt_${randomBytes(12).toString('hex')}`, type: 'paiement.accepte', cree: Math.floor(Date.now() / 1000), transaction: { reference, montant, devise: 'EUR' } });

    /** Paid once: the transaction accepted, the order confirmed with its line, the cart's subscription validated; a duplicate changes nothing. */
    async function paidOnce(fault: string, ordered: { order: SubmittedOrder; key: string; cart: { idSouscription: number; lines: number } }, reference: string) {
      const transaction = await read(`/api/paiement/transaction/${reference}`, paymentTransactionSchema);
      expect(transaction, fault).toMatchObject({ statut: 'ACCEPTEE', numeroCommande: ordered.order.numero });
      const replay = await okJson(await submit(ordered.cart.idSouscription, 3, ordered.key), submittedOrderSchema);
      expect(replay, fault).toMatchObject({ numero: ordered.order.numero, statut: ORDER_STATUS.CbOfficeServerAcceptee, etape: FLOW_STEP.TermineeConfirmation });
      expect(replay.idContrats, fault).toHaveLength(ordered.cart.lines);
      fleet += ordered.cart.lines;
      expect(await fleetSize(), fault).toBe(fleet);

      // The same decision again, as a provider redelivers it, and the very same body twice: acknowledged, nothing done.
      const duplicate = acceptedEvent(reference, ordered.order.aPayerCentimes);
      expect(await notify(duplicate), fault).toBe('DEJA_REGLEE');
      expect(await notify(duplicate), fault).toBe('DEJA_REGLEE');
      expect(await okJson(await submit(ordered.cart.idSouscription, 3, ordered.key), submittedOrderSchema), fault).toEqual(replay);
      expect(await fleetSize(), fault).toBe(fleet);
      made.push({ fault, kind: 'carte', key: ordered.key, numero: ordered.order.numero, idSouscription: ordered.cart.idSouscription, lines: ordered.cart.lines });
    }

    // The reference: paid on the sandbox's page, no fault; its notification reaches the portal over HTTP
    // before the page answers. How long it takes places the kills below.
    let took = 0;
    {
      const ordered = await cardOrder();
      const link = await linkOf(ordered.order.numero);
      const start = Date.now();
      expect((await payOnSandbox(link.url)).status).toBe(303);
      took = Date.now() - start;
      await paidOnce('sans panne', ordered, link.transactionReference);
    }

    // Killed after the link was made, before the card was typed: the page, opened again after the restart, pays.
    {
      const ordered = await cardOrder();
      const link = await linkOf(ordered.order.numero);
      await killAndRestart();
      expect((await payOnSandbox(link.url)).status).toBe(303);
      await paidOnce('tué après le lien de paiement', ordered, link.transactionReference);
    }

    // Killed while the card is sent and its notification delivered: the sandbox's retries die with the process
    // (they are kept in its memory), so the notification is delivered again after the restart, as the provider would.
    const cutNotifications: [string, (link: { url: string }) => Promise<void>][] = KILL_POINTS.map((point) => [
      `carte envoyée, ${killedAt(point)}`,
      async (link) => {
        const sent = answerOrNull(payOnSandbox(link.url));
        await sleep(point * took);
        await server.kill();
        await sent;
      },
    ]);
    if (onPostgres) {
      // Inside the notification's transaction: the transaction accepted, the lines being numbered.
      cutNotifications.push([
        'tué pendant le règlement de la commande',
        async (link) => {
          const held = await holdLock(CONTRACTS_LOCK, []);
          const sent = answerOrNull(payOnSandbox(link.url));
          await held.waiting();
          await server.kill();
          await held.release();
          expect(await sent).toBeNull();
        },
      ]);
    }
    for (const [fault, cut] of cutNotifications) {
      const ordered = await cardOrder();
      const link = await linkOf(ordered.order.numero);
      await cut(link);
      server = await startServer({ env: ENV, port, dataDir, resetDatabase: false });
      xsrf = null;
      // Settled before the kill or not at all: the transaction accepted with the order's line, or still waiting without it.
      const { statut } = await read(`/api/paiement/transaction/${link.transactionReference}`, paymentTransactionSchema);
      expect(['ACCEPTEE', 'EN_ATTENTE'], fault).toContain(statut);
      expect(await fleetSize(), fault).toBe(statut === 'ACCEPTEE' ? fleet + ordered.cart.lines : fleet);
      // The provider's redelivery: applied only if the kill came first.
      expect(await notify(acceptedEvent(link.transactionReference, ordered.order.aPayerCentimes)), fault).toBe(statut === 'ACCEPTEE' ? 'DEJA_REGLEE' : 'APPLIQUEE');
      await paidOnce(fault, ordered, link.transactionReference);
    }
  }, 240_000);

  it('leaves in the database one order per key and per cart, its timeline, lines, e-mail and audit entry once', async () => {
    type Query = (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;
    let query: Query;
    let close: () => Promise<void>;
    if (onPostgres) {
      const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
      await client.connect();
      query = async (text, values) => (await client.query(text, values)).rows as Record<string, unknown>[];
      close = () => client.end();
    } else {
      // The embedded database is the server's own: read once the server has stopped.
      await server.stop();
      const db = new PGlite(dataDir, { extensions: { unaccent } });
      query = async (text, values) => (await db.query<Record<string, unknown>>(text, values)).rows;
      close = () => db.close();
    }
    try {
      const ours = await query('select count(*)::int as n from orders where id_client_bscs = $1 and created_at >= $2', [account, testStart]);
      expect(ours[0]?.n).toBe(made.length);
      const shapes = new Map<string, unknown>();
      for (const order of made) {
        const byKey = await query('select id, numero, id_souscription, statut, etape, reference_transaction from orders where id_client_bscs = $1 and idempotency_key = $2', [account, order.key]);
        expect(byKey.map((row) => row.numero), order.fault).toEqual([order.numero]);
        const [row] = byKey;
        expect(await query('select numero from orders where id_souscription = $1', [order.idSouscription]), order.fault).toHaveLength(1);
        const lines = await query('select quantite, id_contrats from subscription_lines where id_souscription = $1', [order.idSouscription]);
        const ids = lines.flatMap((line) => line.id_contrats as number[]);
        expect(ids, order.fault).toHaveLength(order.lines);
        for (const line of lines) expect((line.id_contrats as number[]).length, order.fault).toBe(line.quantite);
        const contracts = await query('select code_statut from contracts where id_contrat = any($1::int[])', [ids]);
        expect(contracts.map((contract) => contract.code_statut), order.fault).toEqual(ids.map(() => 'EN_COURS'));
        const [subscription] = await query('select statut from subscriptions where id_souscription = $1', [order.idSouscription]);
        expect(subscription?.statut, order.fault).toBe(order.kind === 'carte' ? SUBSCRIPTION_STATUS.Ok : SUBSCRIPTION_STATUS.EnAttentePaiement);
        const mails = await query('select count(*)::int as n from email_outbox where subject like $1', [`%${order.numero}%`]);
        const audits = await query("select action, count(*)::int as n from audit_log where details->>'numero' = $1 group by action order by action", [order.numero]);
        const timeline = await query('select statut, etape, libelle from order_events where order_id = $1 order by id', [row?.id]);
        let payments: unknown = null;
        if (order.kind === 'carte') {
          const transactions = await query('select statut from payment_transactions where transaction_reference = $1', [row?.reference_transaction]);
          const applied = await query("select count(*)::int as n from payment_notifications where transaction_reference = $1 and resultat = 'APPLIQUEE'", [row?.reference_transaction]);
          payments = { transactions: transactions.map((transaction) => transaction.statut), applied: applied[0]?.n };
        }
        // Each order, whatever the fault, as the order made without one: same statuses, timeline, e-mails, audit entries, payment.
        const shape = { statut: row?.statut, etape: row?.etape, mails: mails[0]?.n, audits, timeline, payments };
        const reference = shapes.get(order.kind);
        if (reference) expect(shape, order.fault).toEqual(reference);
        else shapes.set(order.kind, shape);
      }
      expect(shapes.get('virement')).toMatchObject({ statut: ORDER_STATUS.PaiementSurFactureAttenteValidation, mails: 1 });
      expect(shapes.get('carte')).toMatchObject({ statut: ORDER_STATUS.CbOfficeServerAcceptee, mails: 1, payments: { transactions: ['ACCEPTEE'], applied: 1 } });
      // No number given twice, whatever was rolled back.
      expect(await query('select numero_ligne from contracts group by numero_ligne having count(*) > 1')).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);
});
