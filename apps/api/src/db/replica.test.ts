import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyCreatedSchema, invoicePageSchema, linePageSchema } from '@ecare/shared';
import { addDays, parisDay } from '@ecare/shared/paris-time';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import { demoFixture } from '../test/demo-fixture.ts';
import { bodyOf, TEST_DATABASE_URL, useTestContext } from '../test/harness.ts';
import { attachmentsFolder } from '../test/multipart.ts';
import { startStreamingReplica, type StreamingReplica } from '../test/streaming-replica.ts';
import { waitFor } from '../test/wait-for.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { RECENT_WRITE_COOKIE, type ReadReplica } from './replica.ts';
import { contracts } from './schema.ts';

const { t, f } = useTestContext(demoFixture);

const XSRF = 'replica-test-xsrf';
/** How long a test waits for the replica to be in use, and the time a test has with such waits. */
const IN_USE_WAIT_MS = 60_000;
const REPLICA_TEST_MS = 3 * IN_USE_WAIT_MS;

/** The RECENT-WRITE cookie an answer sets, as its Set-Cookie header writes it; undefined for none. */
function recentWriteCookie(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header === undefined ? [] : [header];
  return cookies.find((cookie) => cookie.startsWith(`${RECENT_WRITE_COOKIE}=`));
}

describe('without a replica (PGlite, or PostgreSQL without DATABASE_REPLICA_URL)', () => {
  it('refuses DATABASE_REPLICA_URL without DATABASE_URL: the embedded database has no replica', () => {
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://postgres@127.0.0.1:5433/ecare' })).toThrow('DATABASE_REPLICA_URL needs DATABASE_URL');
  });

  it('answers a write as before, with no marker for the reads that follow', async () => {
    const line = f.colleague(3);
    const response = await t.send('POST', `/api/lignes/${line.idContrat}/utilisateur`, { token: f.manager, json: { prenom: 'Anouk', nom: 'Perrin' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(recentWriteCookie(response)).toBeUndefined();
  });
});

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL with a streaming replica (DATABASE_REPLICA_URL)', () => {
  const primaryUrl = TEST_DATABASE_URL ?? '';
  let streaming: StreamingReplica | undefined;
  let database: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;
  let attachments: string | undefined;

  beforeAll(async () => {
    attachments = attachmentsFolder();
    streaming = await startStreamingReplica(primaryUrl);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'https://espace-client.test',
      WEB_DIST: '/nonexistent',
      DEMO_USAGE_FEED: 'false',
      ATTACHMENTS_DIR: attachments,
      DATABASE_URL: primaryUrl,
      DATABASE_REPLICA_URL: streaming.urlFor(primaryUrl),
    });
    database = openDatabase({ ...config, dataDir: 'memory://' });
    app = await buildApp({ config, db: database.db, replica: database.replica, clock: t.clock });
    database.useLog(app.log);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await streaming?.destroy();
    if (attachments) rmSync(attachments, { recursive: true, force: true });
  });

  const replica = (): ReadReplica => {
    if (!database?.replica) throw new Error('the database was opened without its replica');
    return database.replica;
  };
  const server = (): StreamingReplica => {
    if (!streaming) throw new Error('no streaming replica');
    return streaming;
  };
  const instance = (): FastifyInstance => {
    if (!app) throw new Error('no app');
    return app;
  };
  /**
   * Waits for the replica to be in use. Other databases of the server write too (other test files,
   * other people's): on a loaded machine the replica can stay more than a second behind for a while.
   */
  const inUse = async () => {
    try {
      await waitFor(() => replica().unused === null, { timeoutMs: IN_USE_WAIT_MS, what: 'the replica to be in use' });
    } catch (error) {
      throw new Error(`${error instanceof Error ? error.message : String(error)}; last state: ${replica().unused}`, { cause: error });
    }
  };

  const get = (url: string, options: { recentWrite?: boolean; bearer?: string } = {}) =>
    instance().inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${options.bearer ?? f.manager}` },
      cookies: options.recentWrite ? { [RECENT_WRITE_COOKIE]: '1' } : {},
    });
  const post = (url: string, json: object) =>
    instance().inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${f.manager}`, 'x-xsrf-token': XSRF },
      cookies: { 'XSRF-TOKEN': XSRF },
      payload: json,
    });
  /** The fleet's lines whose user is named `nom`, as the list finds them. */
  const fleetNamed = async (nom: string, options: { recentWrite?: boolean } = {}) => {
    const response = await get(`/api/contrats_pagination/${f.account}?recherche=${encodeURIComponent(nom)}`, options);
    expect(response.statusCode, response.body).toBe(200);
    return bodyOf(response, linePageSchema).total;
  };

  it('sends the fleet list and export, the invoice list and PDF, consumption and the public API’s lists to the replica', async () => {
    const created = await t.send('POST', `/api/clients/${f.account}/cles-api`, {
      token: f.manager,
      json: { libelle: 'Outil comptable', portees: ['lignes:lecture', 'factures:lecture', 'consommation:lecture', 'commandes:lecture'], expireLe: addDays(parisDay(t.clock.now()), 300) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = bodyOf(created, apiKeyCreatedSchema).cle;
    const [invoice] = bodyOf(await t.get(`/api/facture/${f.account}`, f.manager), invoicePageSchema).factures;
    if (!invoice) throw new Error('the demo account has no invoice');

    const reads: [string, () => Promise<LightMyRequestResponse>][] = [
      ['the fleet list', () => get(`/api/contrats_pagination/${f.account}`)],
      ['the fleet export', () => get(`/api/contrats_pagination/${f.account}/export?format=csv`)],
      ['the invoice list', () => get(`/api/facture/${f.account}`)],
      ['an invoice’s PDF', () => get(`/api/facture/${f.account}/${invoice.referenceNumber}/pdf`)],
      ['a line’s consumption', () => post('/api/infoconso/getinfoconso', { idContrat: f.colleague(0).idContrat })],
      ['the public API’s lines', () => get('/api/v1/productInventory/product', { bearer: key })],
      ['the public API’s bills', () => get('/api/v1/customerBillManagement/customerBill', { bearer: key })],
      ['the public API’s usage', () => get('/api/v1/usageManagement/usage', { bearer: key })],
      ['the public API’s orders', () => get('/api/v1/productOrderingManagement/productOrder', { bearer: key })],
    ];
    await inUse();
    for (const [what, read] of reads) {
      // Again if the replica fell behind meanwhile (a loaded machine): its reads then went to the primary.
      await waitFor(
        async () => {
          const before = replica().served.replica;
          const response = await read();
          expect(response.statusCode, response.body).toBe(200);
          // A question asked in a POST's body is no write: it leaves no marker.
          expect(recentWriteCookie(response)).toBeUndefined();
          return replica().served.replica > before;
        },
        { timeoutMs: IN_USE_WAIT_MS, what: `${what} read on the replica` },
      );
    }
  }, REPLICA_TEST_MS);

  it('sends the reads right after a write of the same browser to the primary, which has it', async () => {
    const line = f.colleague(4);
    await inUse();
    await server().query('select pg_wal_replay_pause()');
    try {
      const write = await post(`/api/lignes/${line.idContrat}/utilisateur`, { prenom: 'Inès', nom: 'Marchal' });
      expect(write.statusCode, write.body).toBe(200);
      expect(recentWriteCookie(write)).toBe(`${RECENT_WRITE_COOKIE}=1; Max-Age=5; Path=/api; HttpOnly; SameSite=Strict`);
      const before = replica().served.replica;
      expect(await fleetNamed('Marchal', { recentWrite: true })).toBe(1);
      expect(replica().served.replica).toBe(before);
    } finally {
      await server().query('select pg_wal_replay_resume()');
    }
  }, REPLICA_TEST_MS);

  it('leaves a replica more than a second behind for the primary, and uses it again once it has caught up', async () => {
    const line = f.colleague(5);
    await inUse();
    await server().query('select pg_wal_replay_pause()');
    try {
      // Written where the paused replica will not see it.
      await t.db.update(contracts).set({ utilisateurNom: 'Fontaine' }).where(eq(contracts.idContrat, line.idContrat));
      await waitFor(async () => (await fleetNamed('Fontaine')) === 1, { timeoutMs: IN_USE_WAIT_MS, what: 'the list to read the primary' });
      expect(replica().unused).not.toBeNull();
      // Nothing goes to the replica while it stays behind.
      const before = { ...replica().served };
      expect(await fleetNamed('Fontaine')).toBe(1);
      expect(replica().served.replica).toBe(before.replica);
      expect(replica().served.primary).toBeGreaterThan(before.primary);
    } finally {
      await server().query('select pg_wal_replay_resume()');
    }
    await inUse();
    await waitFor(
      async () => {
        const before = replica().served.replica;
        expect(await fleetNamed('Fontaine')).toBe(1);
        return replica().served.replica > before;
      },
      { timeoutMs: IN_USE_WAIT_MS, what: 'the list to read the replica again' },
    );
  }, REPLICA_TEST_MS);

  it('keeps answering every read when the replica’s server stops at once', async () => {
    await inUse();
    const statuses: number[] = [];
    let stopped = false;
    const stopping = server()
      .stop()
      .finally(() => {
        stopped = true;
      });
    while (!stopped) statuses.push((await get(`/api/contrats_pagination/${f.account}`)).statusCode);
    await stopping;
    for (let i = 0; i < 5; i++) statuses.push((await get(`/api/contrats_pagination/${f.account}`)).statusCode);
    statuses.push((await get(`/api/facture/${f.account}`)).statusCode);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    await waitFor(() => replica().unused === 'unreachable', { what: 'the replica to be left' });
  }, REPLICA_TEST_MS);
});
