/**
 * tsx bench/fleet-scale.ts  (also `BENCH_ONLY=fleet-scale npm run bench`)
 *
 * The fleet list does not slow down as the database grows: the demo manager's list
 * (GET /api/contrats_pagination/{id_client_bscs}, their 12-line account) is read on the demo data
 * set alone and on the same set plus BENCH_SCALE_ACCOUNTS (default 100,000) billing accounts of
 * about 10 lines each (the seed's scale option: about 1,000,000 lines). Six kinds of request —
 * first page, a sort on the plan, a search by number, a search by user name, a status filter,
 * the deepest page — each answered identically by both databases (checked first). Both servers
 * run side by side and are asked in turns, one request at a time, so that whatever else the
 * machine does weighs on both alike; per kind the p50 and p95 of each and the ratio of the p95s
 * (scaled / demo; target ≤ 1.2).
 *
 * On PostgreSQL: the demo set in the bench's database (BENCH_DATABASE_URL, emptied first, as the
 * other parts), the scaled one in BENCH_SCALE_DATABASE_URL (default ecare_bench_scale on the same
 * server), which is kept: a later run counts its scaled accounts and only adds the missing ones
 * (so an interrupted seed resumes), and rebuilds it when its demo set no longer answers as the
 * current one. Then on PGlite likewise (BENCH_SCALE_PGLITE=0 leaves it out): the demo set in a
 * fresh folder, the scaled one kept in BENCH_SCALE_PGLITE_DIR (default
 * <tmp>/ecare-bench-scale-pglite, about 1 GB). BENCH_SCALE_SAMPLES sets the measured turns
 * (default 1,000: on a shared machine the slowest twentieth of fewer requests is mostly what
 * the other processes did meanwhile).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { DEFAULT_POSTGRES_URL, DEFAULT_SCALE_POSTGRES_URL, REPO_ROOT, TARGETS, wholeFromEnv } from './bench-config.ts';
import { runAsScript, spawnManaged } from './child-process.ts';
import { ensurePostgres, login, resetPostgres, startApi, type ApiDatabase, type RunningServer } from './servers.ts';
import { percentile } from './stats.ts';
import { formatInt, formatMs, heading, passMiss, renderTable } from './text-table.ts';

/** Turns whose timings are discarded (connections, prepared statements, caches). */
const WARMUP_TURNS = 30;
/** The name the demo set gives the user of one of the manager's lines (Julien Roux). */
const USER_NAME_SEARCH = 'roux';

export interface LatencyStats {
  p50Ms: number;
  p95Ms: number;
  meanMs: number;
  maxMs: number;
}

export interface FleetScaleRequest {
  name: string;
  /** Query string of the request, after the account's path. */
  query: string;
  /** Lines the request selects (`total` of the answer) and lines it returns. */
  total: number;
  returned: number;
  demo: LatencyStats;
  scaled: LatencyStats;
  p50Ratio: number;
  p95Ratio: number;
  pass: boolean;
}

export interface DataSetSize {
  accounts: number;
  lines: number;
}

export interface FleetScaleReport {
  kind: 'pglite' | 'postgres';
  label: string;
  status: 'measured' | 'skipped' | 'failed';
  note?: string;
  serverVersion?: string;
  /** The demo manager's account the requests read. */
  account?: number;
  samples: number;
  /** One-minute load average when the measured turns began and when they ended. */
  loadAverage?: { start: number; end: number };
  demoSet?: DataSetSize;
  scaledSet?: DataSetSize & { scaledAccounts: number };
  /** What this run did to the scaled database: reused it as it was, added missing accounts, or rebuilt it. */
  scaledDatabase?: 'reused' | 'seeded' | 'rebuilt';
  seedSeconds?: number;
  requests: FleetScaleRequest[];
  /** Every request kind within the target; null when not measured. */
  pass: boolean | null;
}

export interface Settings {
  accounts: number;
  samples: number;
  demoPostgresUrl: string;
  scaledPostgresUrl: string;
  pglite: boolean;
  pgliteDir: string;
  log: (message: string) => void;
}

export function settingsFromEnv(log: (message: string) => void): Settings {
  const pglite = process.env.BENCH_SCALE_PGLITE?.trim() ?? '';
  if (!['', '0', '1'].includes(pglite)) throw new Error(`BENCH_SCALE_PGLITE must be 0 or 1 (got "${pglite}")`);
  return {
    accounts: wholeFromEnv('BENCH_SCALE_ACCOUNTS', 100_000, 1_000, 1_000_000),
    samples: wholeFromEnv('BENCH_SCALE_SAMPLES', 1_000, 20, 10_000),
    demoPostgresUrl: process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES_URL,
    scaledPostgresUrl: process.env.BENCH_SCALE_DATABASE_URL ?? DEFAULT_SCALE_POSTGRES_URL,
    pglite: pglite !== '0',
    pgliteDir: path.resolve(process.env.BENCH_SCALE_PGLITE_DIR?.trim() || path.join(os.tmpdir(), 'ecare-bench-scale-pglite')),
    log,
  };
}

export function openApiDatabase(database: ApiDatabase) {
  return openDatabase(database.kind === 'pglite' ? { dataDir: database.dataDir } : { databaseUrl: database.url, dataDir: 'unused' });
}

/**
 * Accounts and lines in the database, and the scaled accounts among them: those no user is
 * attached to (every demo account has its users). Migrates first, so a new database counts zero.
 */
async function sizeOf(database: ApiDatabase): Promise<DataSetSize & { scaledAccounts: number }> {
  const handle = openApiDatabase(database);
  try {
    await handle.migrate();
    const { rows } = await handle.executeSql(
      `select (select count(*) from billing_accounts)::int as accounts,
              (select count(*) from billing_accounts ba
                where not exists (select 1 from user_billing_accounts uba where uba.id_client_bscs = ba.id_client_bscs))::int as scaled,
              (select count(*) from contracts)::int as lines`,
    );
    const row = rows[0] as { accounts: number; scaled: number; lines: number } | undefined;
    return { accounts: row?.accounts ?? 0, scaledAccounts: row?.scaled ?? 0, lines: row?.lines ?? 0 };
  } finally {
    await handle.close();
  }
}

/** Runs the seed's command on `database`, as an operator would; returns its duration in seconds. */
async function runSeed(database: ApiDatabase, args: string[], log: (message: string) => void): Promise<number> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  if (database.kind === 'pglite') env.DATA_DIR = database.dataDir;
  else env.DATABASE_URL = database.url;
  const started = performance.now();
  log(`npm run seed -- ${args.join(' ')} (several minutes for 100,000 accounts)`);
  const child = spawnManaged({ name: 'seed', command: process.execPath, args: ['--import', 'tsx', 'apps/api/src/db/seed/cli.ts', ...args], cwd: REPO_ROOT, env });
  const how = await child.exited;
  if (how !== 'code 0') throw new Error(`the seed failed (${how}):\n${child.output()}`);
  const seconds = (performance.now() - started) / 1000;
  log(`seeded in ${seconds.toFixed(0)} s`);
  return seconds;
}

/**
 * Brings the scaled database to `accounts` scaled accounts, adding only what is missing: a
 * database already scaled is reused as it is, one whose seeding stopped half-way is completed.
 * The companies of a batch that drew an existing SIREN are skipped by the seed, hence a second
 * pass for the few accounts the first one could not add.
 */
export async function fillScaled(database: ApiDatabase, accounts: number, report: Pick<FleetScaleReport, 'scaledDatabase' | 'seedSeconds' | 'scaledSet'>, log: (message: string) => void): Promise<void> {
  let size = await sizeOf(database);
  log(`scaled database: ${formatInt(size.scaledAccounts)} scaled accounts, ${formatInt(size.lines)} lines`);
  for (let pass = 0; pass < 3 && size.scaledAccounts < accounts; pass++) {
    report.scaledDatabase = 'seeded';
    report.seedSeconds = (report.seedSeconds ?? 0) + (await runSeed(database, ['--accounts', String(accounts - size.scaledAccounts)], log));
    size = await sizeOf(database);
  }
  if (size.scaledAccounts < accounts) throw new Error(`the seed left ${formatInt(size.scaledAccounts)} scaled accounts of ${formatInt(accounts)}`);
  report.scaledDatabase ??= 'reused';
  report.scaledSet = size;
}

interface RequestKind {
  name: string;
  query: string;
}

interface Client {
  server: RunningServer;
  headers: Record<string, string>;
}

async function getJson(client: Client, url: string): Promise<{ text: string; data: unknown }> {
  const response = await fetch(client.server.baseUrl + url, { headers: client.headers, signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return { text, data: JSON.parse(text) };
}

async function signIn(server: RunningServer): Promise<Client> {
  // As a browser after login: bearer token plus the XSRF cookie it already holds.
  return { server, headers: { authorization: `Bearer ${await login(server.baseUrl)}`, cookie: 'XSRF-TOKEN=bench-session-cookie' } };
}

interface LinePageBody {
  contrats: { numeroLigne: string }[];
  total: number;
}

function linePage(data: unknown, url: string): LinePageBody {
  const page = data as Partial<LinePageBody>;
  if (!Array.isArray(page.contrats) || typeof page.total !== 'number') throw new Error(`GET ${url}: not a page of lines`);
  return page as LinePageBody;
}

/** The demo manager's first account, and the six request kinds measured on it. */
async function requestKinds(client: Client): Promise<{ account: number; kinds: RequestKind[] }> {
  const accounts = (await getJson(client, '/api/comptes_facturation')).data as { idClientBscs: number }[];
  const account = accounts[0]?.idClientBscs;
  if (account === undefined) throw new Error('the demo manager has no billing account');
  const first = linePage((await getJson(client, `/api/contrats_pagination/${account}`)).data, 'first page');
  const number = first.contrats[0]?.numeroLigne;
  if (!number || first.total === 0) throw new Error(`billing account ${account} has no line`);
  // Part of a number, typed as people write it: "12 34 56".
  const part = number.slice(4).replace(/(\d{2})(?=\d)/g, '$1 ');
  return {
    account,
    kinds: [
      { name: 'first page, default sort', query: 'page=1&taille=20' },
      { name: 'sorted by plan, descending', query: 'page=1&taille=20&tri=libelleOffre&ordre=desc' },
      { name: 'search by number', query: `page=1&taille=20&recherche=${encodeURIComponent(part)}` },
      { name: 'search by user name', query: `page=1&taille=20&recherche=${USER_NAME_SEARCH}` },
      { name: 'status filter', query: 'page=1&taille=20&statut=SUSPENDU' },
      // The account's deepest offset: one line a page, its last page.
      { name: 'deepest page', query: `page=${first.total}&taille=1` },
    ],
  };
}

/** One GET, timed from the request to the last byte of the answer. */
async function timed(client: Client, url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(client.server.baseUrl + url, { headers: client.headers, signal: AbortSignal.timeout(30_000) });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return ms;
}


function statsOf(samples: number[]): LatencyStats {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50Ms: percentile(sorted, 0.5),
    p95Ms: percentile(sorted, 0.95),
    meanMs: sorted.reduce((sum, value) => sum + value, 0) / sorted.length,
    maxMs: sorted.at(-1) ?? Number.NaN,
  };
}

/** Whether both servers answer every kind alike; the first difference otherwise. */
async function compareAnswers(demo: Client, scaled: Client, base: string, kinds: RequestKind[]): Promise<string | null> {
  for (const kind of kinds) {
    const url = `${base}?${kind.query}`;
    const [a, b] = await Promise.all([getJson(demo, url), getJson(scaled, url)]);
    if (a.text !== b.text) return `${kind.name} (${url}) answers differently on the scaled database`;
  }
  return null;
}

/**
 * Warm-up, then `samples` turns; in each turn every kind is asked of both servers, one request at
 * a time, the server asked first alternating from turn to turn.
 */
async function measure(demo: Client, scaled: Client, base: string, kinds: RequestKind[], samples: number, log: (message: string) => void) {
  const times = kinds.map(() => ({ demo: [] as number[], scaled: [] as number[] }));
  const turn = async (index: number, keep: boolean) => {
    for (const [k, kind] of kinds.entries()) {
      const url = `${base}?${kind.query}`;
      const order = index % 2 === 0 ? (['demo', 'scaled'] as const) : (['scaled', 'demo'] as const);
      for (const side of order) {
        const ms = await timed(side === 'demo' ? demo : scaled, url);
        if (keep) times[k]?.[side].push(ms);
      }
    }
  };
  log(`warm-up: ${WARMUP_TURNS} turns`);
  for (let i = 0; i < WARMUP_TURNS; i++) await turn(i, false);
  log(`measuring: ${samples} turns of ${kinds.length} kinds × 2 servers, one request at a time`);
  for (let i = 0; i < samples; i++) await turn(i, true);
  return times;
}

async function benchOne(kind: 'pglite' | 'postgres', settings: Settings): Promise<FleetScaleReport> {
  const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const log = (message: string) => settings.log(`${label}: ${message}`);
  const report: FleetScaleReport = { kind, label, status: 'failed', samples: settings.samples, requests: [], pass: null };
  let demoDatabase: ApiDatabase;
  let scaledDatabase: ApiDatabase;
  let tempDir: string | undefined;
  if (kind === 'postgres') {
    if (settings.demoPostgresUrl === settings.scaledPostgresUrl) {
      report.note = 'BENCH_DATABASE_URL and BENCH_SCALE_DATABASE_URL name the same database: the demo set would be emptied of its scaled accounts';
      log(`FAILED ${report.note}`);
      return report;
    }
    const reset = await resetPostgres(settings.demoPostgresUrl);
    const scaled = 'unreachable' in reset ? reset : await ensurePostgres(settings.scaledPostgresUrl);
    if ('unreachable' in scaled) {
      report.status = 'skipped';
      report.note = `PostgreSQL not reachable (${scaled.unreachable})`;
      log(`${report.note}; skipped`);
      return report;
    }
    report.serverVersion = scaled.version;
    demoDatabase = { kind, url: settings.demoPostgresUrl };
    scaledDatabase = { kind, url: settings.scaledPostgresUrl };
  } else {
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'ecare-bench-fleet-demo-'));
    demoDatabase = { kind, dataDir: tempDir };
    scaledDatabase = { kind, dataDir: settings.pgliteDir };
  }
  let demoServer: RunningServer | undefined;
  let scaledServer: RunningServer | undefined;
  try {
    await fillScaled(scaledDatabase, settings.accounts, report, log);
    log('starting the API on the demo set and on the scaled database');
    demoServer = await startApi(demoDatabase);
    scaledServer = await startApi(scaledDatabase);
    const demo = await signIn(demoServer);
    let scaled = await signIn(scaledServer);
    const { account, kinds } = await requestKinds(demo);
    report.account = account;
    const base = `/api/contrats_pagination/${account}`;
    let difference = await compareAnswers(demo, scaled, base, kinds);
    if (difference !== null) {
      // Seeded from an older demo set: rebuilt from the current one, scaled accounts included.
      log(`${difference}: rebuilding it from the current demo set`);
      await scaledServer.child.stop();
      const resetSeconds = await runSeed(scaledDatabase, ['--reset'], log);
      delete report.seedSeconds;
      await fillScaled(scaledDatabase, settings.accounts, report, log);
      report.scaledDatabase = 'rebuilt';
      report.seedSeconds = resetSeconds + (report.seedSeconds ?? 0);
      scaledServer = await startApi(scaledDatabase);
      scaled = await signIn(scaledServer);
      difference = await compareAnswers(demo, scaled, base, kinds);
      if (difference !== null) throw new Error(`${difference}, even rebuilt`);
    }
    const answers = await Promise.all(kinds.map(async (k) => linePage((await getJson(demo, `${base}?${k.query}`)).data, k.name)));
    for (const [index, answer] of answers.entries()) {
      if (answer.total === 0) throw new Error(`${kinds[index]?.name ?? '?'} selects no line of account ${account}`);
    }
    const loadStart = os.loadavg()[0] ?? 0;
    const times = await measure(demo, scaled, base, kinds, settings.samples, log);
    report.loadAverage = { start: loadStart, end: os.loadavg()[0] ?? 0 };
    report.requests = kinds.map((k, index) => {
      const demoStats = statsOf(times[index]?.demo ?? []);
      const scaledStats = statsOf(times[index]?.scaled ?? []);
      const p95Ratio = scaledStats.p95Ms / demoStats.p95Ms;
      return {
        name: k.name,
        query: k.query,
        total: answers[index]?.total ?? 0,
        returned: answers[index]?.contrats.length ?? 0,
        demo: demoStats,
        scaled: scaledStats,
        p50Ratio: scaledStats.p50Ms / demoStats.p50Ms,
        p95Ratio,
        pass: p95Ratio <= TARGETS.fleetScale.maxP95Ratio,
      };
    });
    report.pass = report.requests.every((request) => request.pass);
    for (const server of [demoServer, scaledServer]) {
      if (server.child.hasExited()) throw new Error(`${server.child.name} exited during the run (${await server.child.exited})`);
    }
    await Promise.all([demoServer.child.stop(), scaledServer.child.stop()]);
    report.demoSet = await sizeOf(demoDatabase);
    report.status = 'measured';
  } catch (error) {
    report.note = error instanceof Error ? error.message : String(error);
    log(`FAILED ${report.note}`);
  } finally {
    await Promise.all([demoServer?.child.stop(), scaledServer?.child.stop()]);
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  }
  return report;
}

const ratio = (value: number) => `${value.toFixed(2)}×`;

function scaledDatabaseNote(report: FleetScaleReport): string {
  const seconds = `${report.seedSeconds?.toFixed(0) ?? '?'} s`;
  if (report.scaledDatabase === 'seeded') return `seeded by this run in ${seconds}`;
  if (report.scaledDatabase === 'rebuilt') return `rebuilt by this run from the current demo set in ${seconds}`;
  return 'reused as the last run left it';
}

export function printFleetScaleReports(reports: FleetScaleReport[]): void {
  const rows: string[][] = [];
  for (const report of reports) {
    if (report.status !== 'measured') {
      rows.push([report.label, `${report.status} (see below)`, '', '', '', '', '', '', '', '']);
      continue;
    }
    for (const request of report.requests) {
      rows.push([
        report.label,
        request.name,
        `${request.returned} / ${request.total}`,
        formatMs(request.demo.p50Ms),
        formatMs(request.demo.p95Ms),
        formatMs(request.scaled.p50Ms),
        formatMs(request.scaled.p95Ms),
        ratio(request.p50Ratio),
        ratio(request.p95Ratio),
        passMiss(request.pass),
      ]);
    }
  }
  console.log(
    renderTable(
      ['database', 'request', 'lines shown / selected', 'demo p50', 'demo p95', 'scaled p50', 'scaled p95', 'p50 scaled/demo', 'p95 scaled/demo', `≤ ${TARGETS.fleetScale.maxP95Ratio}×`],
      rows,
      ['left', 'left'],
    ),
  );
  for (const report of reports) {
    if (report.status !== 'measured') {
      console.log(`${report.label}: ${report.status}${report.note ? ` — ${report.note.split('\n')[0] ?? ''}` : ''}`);
      continue;
    }
    const demo = report.demoSet;
    const scaled = report.scaledSet;
    console.log(
      `${report.label}${report.serverVersion ? ` ${report.serverVersion}` : ''}: account ${report.account ?? '?'}, ${report.samples} requests of each kind on each database ` +
        `(load average ${report.loadAverage?.start.toFixed(2) ?? '?'} → ${report.loadAverage?.end.toFixed(2) ?? '?'}) · ` +
        `demo set ${formatInt(demo?.accounts ?? 0)} accounts / ${formatInt(demo?.lines ?? 0)} lines · ` +
        `scaled ${formatInt(scaled?.accounts ?? 0)} accounts / ${formatInt(scaled?.lines ?? 0)} lines ` +
        `(${scaledDatabaseNote(report)})`,
    );
    const worst = report.requests.reduce((a, b) => (b.p95Ratio > a.p95Ratio ? b : a));
    console.log(`${report.label}: worst p95 ratio ${ratio(worst.p95Ratio)} (${worst.name}) → ${passMiss(report.pass)}`);
  }
}

function fleetScaleHeading(settings: Settings): string {
  return heading(
    `Fleet list at scale — GET /api/contrats_pagination/{account} of the demo manager, demo set alone and with ` +
      `${formatInt(settings.accounts)} more accounts, ${settings.samples} requests of each kind, in turns`,
  );
}

/** Measures PostgreSQL (when reachable) and, unless BENCH_SCALE_PGLITE=0, PGlite; prints the table. */
export async function benchFleetScale(log: (message: string) => void = (message) => console.log(`  › ${message}`)): Promise<FleetScaleReport[]> {
  const settings = settingsFromEnv(log);
  console.log(fleetScaleHeading(settings));
  const reports: FleetScaleReport[] = [await benchOne('postgres', settings)];
  if (settings.pglite) reports.push(await benchOne('pglite', settings));
  else log('PGlite: left out (BENCH_SCALE_PGLITE=0)');
  printFleetScaleReports(reports);
  return reports;
}

await runAsScript(import.meta.url, async () => (await benchFleetScale()).some((report) => report.status === 'failed'));
