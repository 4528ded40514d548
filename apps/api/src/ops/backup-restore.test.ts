import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gunzipSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  alertsAnswerSchema,
  billingAccountListSchema,
  cartSchema,
  consumptionSchema,
  invoicesDueSchema,
  paymentLinkSchema,
  paymentNotificationAnswerSchema,
  paymentTransactionSchema,
  pieceUploadResponseSchema,
  submittedOrderSchema,
  tokenResponseSchema,
} from '@ecare/shared';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { contracts } from '../db/schema.ts';
import { DEMO_USERS } from '../db/seed/demo.ts';
import { ManualClock } from '../lib/clock.ts';
import type {} from '../test/database-template.ts';
import { passwordGrant } from '../test/harness.ts';
import { FILES, multipartBody } from '../test/multipart.ts';
import { signInWithSecondFactor } from '../test/second-factor.ts';
import { eventBody, PAYMENT_SECRET, postNotification } from '../test/support/payment.ts';
import { databaseName, withDatabase } from '../test/worker-database.ts';
import { backup } from './backup.ts';
import { manifestSchema, shippedMigrations } from './manifest.ts';
import { failureLine } from './refusal.ts';
import { restore } from './restore.ts';

/*
 * `npm run backup` and `npm run restore` (decision 065) on the database the run uses: PostgreSQL
 * when DATABASE_URL is set (databases of this file's own, made and dropped here), PGlite folders
 * otherwise. The demo and a day of activity (a card payment, an order, an uploaded file, a usage
 * alert) are made through the API, backed up, restored into a new database and folder, and the
 * portal started on them must serve the same.
 */

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const BASE_URL = process.env.DATABASE_URL;
const FEED_TOKEN = 'backup-test-usage-feed-token-0123456789';
const XSRF = 'backup-xsrf';
const work = mkdtempSync(path.join(tmpdir(), 'ecare-backup-test-'));
const suffix = randomBytes(4).toString('hex');

/** Where a portal keeps its data: a PostgreSQL database or a PGlite folder, and its uploaded files folder. */
interface Place {
  env: Record<string, string>;
  /** PostgreSQL only: the database, dropped at the end. */
  database?: string;
  attachments: string;
}

async function onAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A new place; `from` the run's template (the migrated demo) or empty. */
async function newPlace(name: string, from: 'template' | 'empty'): Promise<Place> {
  const attachments = path.join(work, `${name}-files`);
  if (BASE_URL) {
    const database = `${databaseName(BASE_URL)}_backup_${suffix}_${name}`;
    const template = inject('postgresTemplate');
    if (from === 'template' && !template) throw new Error('no PostgreSQL template in this run');
    await onAdmin((client) => client.query(`create database ${pg.escapeIdentifier(database)}${from === 'template' ? ` template ${pg.escapeIdentifier(template ?? '')}` : ''}`));
    return { env: { DATABASE_URL: withDatabase(BASE_URL, database), ATTACHMENTS_DIR: attachments }, database, attachments };
  }
  const dataDir = path.join(work, `${name}-data`);
  if (from === 'template') {
    const template = inject('pgliteTemplateDir');
    if (!template) throw new Error('no PGlite template in this run');
    cpSync(template, dataDir, { recursive: true });
  }
  return { env: { DATA_DIR: dataDir, ATTACHMENTS_DIR: attachments }, attachments };
}

const places: Place[] = [];

/** The portal started on a place, as the server starts (migrations first), driven through app.inject. */
interface Portal {
  app: FastifyInstance;
  database: DatabaseHandle;
  send(method: 'GET' | 'POST' | 'PUT', url: string, options?: { token?: string; json?: unknown }): Promise<LightMyRequestResponse>;
  login(user: keyof typeof DEMO_USERS): Promise<string>;
  close(): Promise<void>;
}

async function openPortal(place: Place): Promise<Portal> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://espace-client.test',
    WEB_DIST: '/nonexistent',
    DEMO_USAGE_FEED: 'false',
    PAYMENT_PROVIDER_SECRET: PAYMENT_SECRET,
    USAGE_FEED_TOKEN: FEED_TOKEN,
    ...place.env,
  });
  const database = openDatabase(config);
  await database.migrate();
  const clock = new ManualClock(new Date());
  const app = await buildApp({ config, db: database.db, clock });
  let address = 0;
  const send: Portal['send'] = (method, url, options = {}) => {
    address += 1;
    return app.inject({
      method,
      url,
      remoteAddress: `198.51.100.${(address % 250) + 1}`,
      cookies: { 'XSRF-TOKEN': XSRF },
      headers: { 'x-xsrf-token': XSRF, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
      ...(options.json !== undefined ? { payload: options.json as object } : {}),
    });
  };
  const apps = new Map<string, { secret: string; lastStep: number }>();
  const sendForm = (_method: 'POST', url: string, options: { form?: Record<string, string>; headers?: Record<string, string> }) =>
    app.inject({
      method: 'POST',
      url,
      remoteAddress: '198.51.100.254',
      cookies: { 'XSRF-TOKEN': XSRF },
      headers: {
        'x-xsrf-token': XSRF,
        ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...options.headers,
      },
      ...(options.form ? { payload: new URLSearchParams(options.form).toString() } : {}),
    });
  return {
    app,
    database,
    send,
    async login(user) {
      const { email, password } = DEMO_USERS[user];
      const first = await sendForm('POST', '/api/token', { form: await passwordGrant(email, password) });
      const answer = first.statusCode === 403 ? await signInWithSecondFactor({ send: sendForm, clock, apps }, email, first) : first;
      expect(answer.statusCode, answer.body).toBe(200);
      return tokenResponseSchema.parse(answer.json()).access_token;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

const ok = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<unknown>();
};

/** Rows of every table of the portal's schema, by table. */
async function tableCounts(database: DatabaseHandle): Promise<Record<string, number>> {
  const { rows: tables } = await database.pool.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await database.pool.query<{ n: number }>(`select count(*)::int as n from ${pg.escapeIdentifier(name)}`);
    counts[name] = rows[0]?.n ?? -1;
  }
  return counts;
}

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run <command> -- <args>` from the repository's root, with the server's environment of `place`. */
function npmRun(command: 'backup' | 'restore', args: string[], place: Place): Promise<Outcome> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...place.env };
  if (!place.env.DATABASE_URL) delete env.DATABASE_URL;
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', command, '--', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * The same command's work in this process, as its command-line entry runs it: for the cases where
 * which process runs it does not matter (a new process costs seconds of start).
 */
async function inProcess(command: 'backup' | 'restore', args: string[], place: Place): Promise<Outcome> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...place.env };
  if (!place.env.DATABASE_URL) delete env.DATABASE_URL;
  const config = loadConfig(env);
  const [file = ''] = args.filter((arg) => arg !== '--force');
  const lines: string[] = [];
  const say = (line: string) => void lines.push(line);
  try {
    if (command === 'backup') await backup({ config, file, say });
    else await restore({ config, file, force: args.includes('--force'), say });
    return { code: 0, stdout: lines.join('\n'), stderr: '' };
  } catch (error) {
    return { code: 1, stdout: lines.join('\n'), stderr: `${failureLine(command === 'backup' ? 'Backup' : 'Restore', error)}\n` };
  }
}

/** `tar`'s own listing of an archive: an implementation independent of ours. */
function tarList(archive: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn('tar', ['-tzf', archive], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out.split('\n').filter((line) => line !== '')) : reject(new Error(`tar -t ended with ${code}`))));
  });
}

/** The files of a folder, by path relative to it, with their SHA-256. */
function filesOf(folder: string, relative = ''): Record<string, string> {
  const found: Record<string, string> = {};
  if (!existsSync(path.join(folder, relative))) return found;
  for (const entry of readdirSync(path.join(folder, relative), { withFileTypes: true })) {
    const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
    if (entry.isDirectory()) Object.assign(found, filesOf(folder, child));
    else found[child] = createHash('sha256').update(readFileSync(path.join(folder, child))).digest('hex');
  }
  return found;
}

/** What a database holds, for "nothing was touched": its tables (PostgreSQL) or its folder's files (PGlite). */
async function contentOf(place: Place): Promise<string[]> {
  if (place.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: place.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(`select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%' order by 1`);
      return rows.map((row) => row.name);
    } finally {
      await client.end();
    }
  }
  return Object.keys(filesOf(place.env.DATA_DIR ?? ''));
}

/** What the day of activity made, as the portal answers it. */
interface Served {
  account: number;
  order: { numero: string; detail: unknown };
  payment: { reference: string; answer: unknown };
  alert: { idContrat: number; answer: unknown };
  piece: { idCtrlPiece: number; bytes: Buffer };
  counts: Record<string, number>;
}

const MIB = 1024 * 1024;

/** A day of the bakery's manager: invoices paid by card, a line ordered, an ID uploaded, a line over its alert threshold. */
async function dayOfActivity(portal: Portal): Promise<Omit<Served, 'counts'>> {
  const manager = await portal.login('gestionnaire');
  const [first] = billingAccountListSchema.parse(ok(await portal.send('GET', '/api/comptes_facturation', { token: manager })));
  if (!first) throw new Error('the demo manager has no account');
  const account = first.idClientBscs;

  // Every invoice a card can pay, paid by card: the link, then the provider's signed notification.
  const due = invoicesDueSchema.parse(ok(await portal.send('GET', `/api/factures_a_payer/${account}`, { token: manager })));
  const payable = due.factures.filter((invoice) => invoice.payableParCarte).map((invoice) => invoice.referenceNumber);
  expect(payable.length).toBeGreaterThan(0);
  const link = paymentLinkSchema.parse(ok(await portal.send('POST', '/api/paiement/lien', { token: manager, json: { idClientBscs: account, referenceNumbers: payable } })));
  const waiting = paymentTransactionSchema.parse(ok(await portal.send('GET', `/api/paiement/transaction/${link.transactionReference}`, { token: manager })));
  const now = new Date();
  const notified = await postNotification(portal.app, eventBody({ reference: link.transactionReference, montant: Math.round(waiting.montant * 100) }, now), { now });
  expect(paymentNotificationAnswerSchema.parse(ok(notified)).resultat).toBe('APPLIQUEE');

  // A SIM-only line on plan 101, delivered to the account's address, paid by transfer.
  const cart = cartSchema.parse(
    ok(await portal.send('POST', '/api/ajout-lignes/enregistrer-ligne', {
      token: manager,
      json: { IdClientBscs: account, IdOffreEngagement: 101, IdArticleMobile: null, Couleur: null, TypeSim: 'SIM', Quantite: 1, Options: [] },
    })),
  );
  const idSouscription = cart.IdSouscription ?? 0;
  // The two recap PDFs opened, as the page makes the customer do before confirming.
  for (const document of ['information-precontractuelle', 'recapitulatif-contractuel']) {
    expect((await portal.send('GET', `/api/ajout-lignes/recapitulatif/${idSouscription}/${document}`, { token: manager })).statusCode).toBe(200);
  }
  ok(await portal.send('POST', '/api/commande/adresse/enregistrer/LIVRAISON', { token: manager, json: { IdSouscription: idSouscription, Adresse: { mode: 'ADRESSE_COMPTE' } } }));
  const submitted = await portal.app.inject({
    method: 'POST',
    url: '/api/commande/enregistrer',
    cookies: { 'XSRF-TOKEN': XSRF },
    headers: { 'x-xsrf-token': XSRF, authorization: `Bearer ${manager}`, 'idempotency-key': randomBytes(12).toString('hex') },
    payload: { IdSouscription: idSouscription, ModePaiement: 6 },
  });
  const order = submittedOrderSchema.parse(ok(submitted));

  // A supporting document uploaded.
  const { payload, contentType } = multipartBody([{ name: 'fichier', filename: 'carte-identite.jpg', type: 'image/jpeg', content: FILES.jpeg }]);
  const uploaded = await portal.app.inject({
    method: 'POST',
    url: `/api/clients/${account}/pieces/PIECE_IDENTITE`,
    cookies: { 'XSRF-TOKEN': XSRF },
    headers: { 'x-xsrf-token': XSRF, 'content-type': contentType, authorization: `Bearer ${manager}` },
    payload,
  });
  const piece = pieceUploadResponseSchema.parse(ok(uploaded)).piece;

  // A capped line's threshold set just above its usage, and the mediation's usage crossing it.
  const lines = await portal.database.db
    .select()
    .from(contracts)
    .where(and(eq(contracts.idClientBscs, account), isNull(contracts.userId), eq(contracts.codeStatut, 'ACTIF')))
    .orderBy(asc(contracts.idContrat));
  let watched: { idContrat: number; numeroLigne: string; missingMo: number; percent: number } | undefined;
  for (const line of lines) {
    const consumption = consumptionSchema.parse(ok(await portal.send('POST', '/api/infoconso/getinfoconso', { token: manager, json: { idContrat: line.idContrat } })));
    const allowance = consumption.forfait.data;
    const used = consumption.periodes.at(-1)?.dataMo ?? 0;
    if (allowance.illimite || allowance.inclus === null || allowance.inclus < 1024 || used > allowance.inclus * 0.9) continue;
    const percent = Math.floor((used * 100) / allowance.inclus) + 1;
    watched = { idContrat: line.idContrat, numeroLigne: line.numeroLigne, percent, missingMo: Math.ceil((allowance.inclus * percent) / 100) - used + 1 };
    break;
  }
  if (!watched) throw new Error('no capped demo line of the bakery to watch');
  const thresholds = { dataPourcentages: [watched.percent], horsForfaitEurosHT: null, itineranceEurosHT: null, action: 'ALERTE', prevenirUtilisateur: false };
  ok(await portal.send('PUT', `/api/lignes/${watched.idContrat}/seuils`, { token: manager, json: thresholds }));
  const usage = {
    idEvenement: `backup-${suffix}`,
    numeroLigne: watched.numeroLigne,
    horodatage: new Date(Date.now() - 60_000).toISOString(),
    type: 'DATA',
    zone: 'FRANCE',
    volume: watched.missingMo * MIB,
    montantHorsForfaitCentimes: 0,
  };
  const fed = await portal.app.inject({ method: 'POST', url: '/api/interne/usages', headers: { authorization: `Bearer ${FEED_TOKEN}` }, payload: { evenements: [usage] } });
  ok(fed);

  return served(portal, manager, { account, numero: order.numero, reference: link.transactionReference, idContrat: watched.idContrat, idCtrlPiece: piece.idCtrlPiece });
}

/** How the portal serves what the day made. */
async function served(portal: Portal, token: string, ids: { account: number; numero: string; reference: string; idContrat: number; idCtrlPiece: number }) {
  const alerts = alertsAnswerSchema.parse(ok(await portal.send('GET', `/api/lignes/${ids.idContrat}/alertes`, { token })));
  expect(alerts.alertes.length).toBeGreaterThan(0);
  const file = await portal.send('POST', `/api/clients/${ids.account}/pieces/telecharger`, { token, json: { idCtrlPiece: ids.idCtrlPiece } });
  expect(file.statusCode).toBe(200);
  return {
    account: ids.account,
    order: { numero: ids.numero, detail: ok(await portal.send('GET', `/api/commandes/${ids.account}/${ids.numero}`, { token })) },
    payment: { reference: ids.reference, answer: ok(await portal.send('GET', `/api/paiement/transaction/${ids.reference}`, { token })) },
    alert: { idContrat: ids.idContrat, answer: alerts },
    piece: { idCtrlPiece: ids.idCtrlPiece, bytes: file.rawPayload },
  };
}

/** A copy of the archive with one byte changed in its middle. */
function damaged(archive: string): string {
  const bytes = readFileSync(archive);
  const at = Math.floor(bytes.length / 2);
  bytes[at] = (bytes[at] ?? 0) ^ 0xff;
  const copy = path.join(work, 'damaged.tar.gz');
  writeFileSync(copy, bytes);
  return copy;
}

/** A copy of the archive whose uploaded document has one byte changed, packed again: gzip's and tar's checks pass, the manifest's does not. */
function tampered(archive: string): string {
  const tar = gunzipSync(readFileSync(archive));
  const at = tar.indexOf(FILES.jpeg);
  expect(at).toBeGreaterThan(0);
  tar[at + 20] = (tar[at + 20] ?? 0) ^ 0xff;
  const copy = path.join(work, 'tampered.tar.gz');
  writeFileSync(copy, gzipSync(tar));
  return copy;
}

const oneLine = (text: string) => text.trim().split('\n');
const archive = path.join(work, 'portal-backup.tar.gz');
let source: Place;
let restored: Place;
let sourcePortal: Portal | undefined;
let before: Served;

beforeAll(async () => {
  source = await newPlace('source', 'template');
  places.push(source);
  sourcePortal = await openPortal(source);
  const made = await dayOfActivity(sourcePortal);
  // Counted once the day is over: what a restore must give back row for row.
  before = { ...made, counts: await tableCounts(sourcePortal.database) };
}, 180_000);

afterAll(async () => {
  await sourcePortal?.close();
  if (BASE_URL) {
    for (const place of places) {
      if (place.database) await onAdmin((client) => client.query(`drop database if exists ${pg.escapeIdentifier(place.database ?? '')} with (force)`));
    }
  }
  rmSync(work, { recursive: true, force: true });
}, 60_000);

describe('npm run backup', () => {
  it('writes one archive of the database and the uploaded files with a manifest; PGlite only once no server holds the folder', async () => {
    if (!BASE_URL) {
      // The portal still has the PGlite folder open: refused, nothing written.
      const refused = await npmRun('backup', [archive], source);
      expect(refused.code).not.toBe(0);
      expect(oneLine(refused.stderr)).toEqual([expect.stringMatching(new RegExp(`^Backup refused: The embedded database in .* is used by process ${process.pid} `))]);
      expect(existsSync(archive)).toBe(false);
    }
    // PostgreSQL is dumped under the running portal (pg_dump reads one snapshot); PGlite once it is stopped.
    if (!BASE_URL) {
      await sourcePortal?.close();
      sourcePortal = undefined;
    }
    const done = await npmRun('backup', [archive], source);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toBe('');
    expect(done.stdout).toContain(`Backup written to ${archive}`);
    await sourcePortal?.close();
    sourcePortal = undefined;

    const names = await tarList(archive);
    expect(names.at(-1)).toBe('manifest.json');
    if (BASE_URL) expect(names).toContain('database.dump');
    else expect(names).toEqual(expect.arrayContaining(['database/', 'database/PG_VERSION', 'database/base/']));
    const uploads = filesOf(source.attachments);
    expect(Object.keys(uploads).length).toBeGreaterThan(0);
    expect(names).toEqual(expect.arrayContaining(Object.keys(uploads).map((name) => `files/${name}`)));

    const manifest = manifestSchema.parse(JSON.parse(await readManifest(archive)));
    expect(manifest.database.kind).toBe(BASE_URL ? 'postgres' : 'pglite');
    expect(manifest.database.migrations.count).toBe(shippedMigrations().length);
    expect(manifest.database.migrations.last?.tag).toBe(shippedMigrations().at(-1)?.tag);
    expect(manifest.uploads).toEqual({ storage: 'local', count: Object.keys(uploads).length, bytes: expect.any(Number) });
    const jpeg = createHash('sha256').update(FILES.jpeg).digest('hex');
    expect(manifest.entries.files.filter((file) => file.sha256 === jpeg).map((file) => file.path)).toEqual([expect.stringMatching(/^files\/pieces\/[0-9a-f]{32}$/)]);
    for (const [name, sha256] of Object.entries(uploads)) expect(manifest.entries.files).toContainEqual({ path: `files/${name}`, size: expect.any(Number), sha256 });

    // A backup never replaces an archive.
    const again = await inProcess('backup', [archive], source);
    expect(again.code).not.toBe(0);
    expect(oneLine(again.stderr)).toEqual([`Backup refused: ${archive} already exists: name another file (a backup never replaces one).`]);
  }, 180_000);
});

describe('npm run restore', () => {
  it('restores into a new database and folder, where the portal serves the same data and files', async () => {
    restored = await newPlace('restored', 'empty');
    places.push(restored);
    const done = await npmRun('restore', [archive], restored);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toBe('');
    expect(done.stdout).toContain('Restore done:');
    expect(filesOf(restored.attachments)).toEqual(filesOf(source.attachments));

    const portal = await openPortal(restored);
    try {
      expect(await tableCounts(portal.database)).toEqual(before.counts);
      const manager = await portal.login('gestionnaire');
      const after = await served(portal, manager, {
        account: before.account,
        numero: before.order.numero,
        reference: before.payment.reference,
        idContrat: before.alert.idContrat,
        idCtrlPiece: before.piece.idCtrlPiece,
      });
      expect(after.order).toEqual(before.order);
      expect(after.payment).toEqual(before.payment);
      expect(paymentTransactionSchema.parse(after.payment.answer).statut).toBe('ACCEPTEE');
      expect(after.alert).toEqual(before.alert);
      expect(after.piece.bytes.equals(FILES.jpeg)).toBe(true);
    } finally {
      await portal.close();
    }
  }, 180_000);

  it('refuses a damaged archive, and one whose file does not match its manifest, before touching anything', async () => {
    const target = await newPlace('damaged', 'empty');
    places.push(target);
    const refused = await inProcess('restore', [damaged(archive)], target);
    expect(refused.code).not.toBe(0);
    expect(oneLine(refused.stderr)).toEqual([expect.stringMatching(/^Restore refused: the archive is damaged.*Nothing was changed\.$/)]);
    const changed = await inProcess('restore', [tampered(archive)], target);
    expect(changed.code).not.toBe(0);
    expect(oneLine(changed.stderr)).toEqual([expect.stringMatching(/^Restore refused: the archive is damaged: files\/pieces\/[0-9a-f]{32} does not match its checksum\. Nothing was changed\.$/)]);
    expect(await contentOf(target)).toEqual([]);
    expect(existsSync(target.attachments)).toBe(false);
    // Nothing unpacked is left beside the target either.
    const beside = path.dirname(BASE_URL ? target.attachments : (target.env.DATA_DIR ?? ''));
    expect(readdirSync(beside).filter((name) => name.startsWith('.ecare-restore-'))).toEqual([]);
  }, 180_000);

  it('refuses a database or folder that is not empty without --force, and one a server uses even with it; --force replaces it', async () => {
    const content = await contentOf(restored);
    const files = filesOf(restored.attachments);
    const refused = await inProcess('restore', [archive], restored);
    expect(refused.code).not.toBe(0);
    expect(oneLine(refused.stderr)).toEqual([expect.stringMatching(/^Restore refused: the (database|folder) .* is not empty.*run again with --force to replace its content\. Nothing was changed\.$/)]);
    expect(await contentOf(restored)).toEqual(content);

    // A portal running on it: refused, --force or not.
    const running = await openPortal(restored);
    // PostgreSQL: a connection of the server's pool held open, as a busy server has.
    const held = await running.database.pool.connect();
    try {
      const underServer = await npmRun('restore', [archive, '--force'], restored);
      expect(underServer.code).not.toBe(0);
      expect(oneLine(underServer.stderr)).toEqual([
        expect.stringMatching(BASE_URL ? /^Restore refused: \d+ connections of a portal server are open on .*: stop every server/ : new RegExp(`^Restore refused: The embedded database in .* is used by process ${process.pid} `)),
      ]);
    } finally {
      held.release();
      await running.close();
    }

    // An upload made since the backup goes with --force; the archive's data comes back.
    const stray = path.join(restored.attachments, 'pieces', randomBytes(16).toString('hex'));
    writeFileSync(stray, FILES.pdf);
    const forced = await inProcess('restore', [archive, '--force'], restored);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain('--force');
    expect(filesOf(restored.attachments)).toEqual(files);
    const portal = await openPortal(restored);
    try {
      expect(await tableCounts(portal.database)).toEqual(before.counts);
    } finally {
      await portal.close();
    }
  }, 180_000);
});

/** The manifest as `tar` itself extracts it. */
function readManifest(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('tar', ['-xzOf', file, 'manifest.json'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`tar -x ended with ${code}`))));
  });
}
