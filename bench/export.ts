/**
 * tsx bench/export.ts  (also `BENCH_ONLY=export npm run bench`)
 *
 * The fleet export streams in constant memory: the real server (apps/api/src/server.ts) exports
 * the lines of one billing account holding BENCH_EXPORT_LINES lines (default 100,000), as CSV
 * and as XLSX, while the server's resident memory (VmRSS of /proc/<pid>/status) is sampled every
 * 50 ms. The data comes from the seed's scale option (`--accounts N`, about 10 lines each); the
 * lines of the accounts nobody manages are then moved to the demo manager's account. Each format
 * is exported for a sixth of the lines (one plan), then every line is exported FULL_ROUNDS times
 * in each format, alternately; the peak of each quarter of every download is printed. RSS mixes
 * what the server holds with garbage V8 has not collected yet (it lets the heap grow before a
 * full collection), so one download proves little: a server that held the file or its rows
 * would grow again with every download, one that streams rises and falls with V8's collections
 * within the same bounds. "Plateau" passes when the highest peak of the second half of the full
 * downloads is within 10 % of the highest of the first half. On PGlite (a fresh folder) and,
 * when reachable, PostgreSQL (BENCH_DATABASE_URL, emptied first); BENCH_EXPORT_DATABASES=pglite or
 * =postgres measures one of them only (comparing two versions of the export code needs one).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { DEFAULT_POSTGRES_URL, DEMO_LOGIN, REPO_ROOT } from './bench-config.ts';
import { runAsScript, spawnManaged } from './child-process.ts';
import { login, resetPostgres, startApi, type ApiDatabase, type RunningServer } from './servers.ts';
import { formatInt, heading, passMiss, renderTable } from './text-table.ts';

const SAMPLE_MS = 50;
/** Seconds the server is left idle after the downloads before the last reading. */
const SETTLE_MS = 3_000;
/** Rounds of full downloads, one CSV and one XLSX each. */
const FULL_ROUNDS = 4;
/** The second half's highest peak within this fraction of the first half's. */
const PLATEAU_TOLERANCE = 0.1;

function databasesFromEnv(): ('pglite' | 'postgres')[] {
  const raw = process.env.BENCH_EXPORT_DATABASES;
  if (raw === undefined || raw === '') return ['pglite', 'postgres'];
  const kinds = raw.split(',').map((kind) => kind.trim());
  const known = kinds.filter((kind): kind is 'pglite' | 'postgres' => kind === 'pglite' || kind === 'postgres');
  if (known.length !== kinds.length || known.length === 0) throw new Error(`BENCH_EXPORT_DATABASES must list pglite and/or postgres (got "${raw}")`);
  return known;
}

function linesFromEnv(): number {
  const raw = process.env.BENCH_EXPORT_LINES;
  if (raw === undefined || raw === '') return 100_000;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1_000 || value > 2_000_000) throw new Error(`BENCH_EXPORT_LINES must be a whole number between 1000 and 2000000 (got "${raw}")`);
  return value;
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match?.[1]) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}

export interface ExportRun {
  format: 'csv' | 'xlsx';
  scope: string;
  lines: number;
  bytes: number;
  firstByteMs: number;
  totalMs: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  /** Peak of each quarter of the download's duration. */
  rssQuartersMb: number[];
  rssAfterMb: number;
}

export interface ExportReport {
  kind: 'pglite' | 'postgres';
  label: string;
  status: 'measured' | 'skipped' | 'failed';
  note?: string;
  lines: number;
  seedSeconds?: number;
  runs: ExportRun[];
  rssStartMb?: number;
  rssSettledMb?: number;
}

/** Seeds the demo and `accounts` scaled accounts with the seed's command, as an operator would. */
async function seed(database: ApiDatabase, accounts: number, log: (message: string) => void): Promise<number> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  if (database.kind === 'pglite') env.DATA_DIR = database.dataDir;
  else env.DATABASE_URL = database.url;
  const started = performance.now();
  log(`seeding ${formatInt(accounts)} accounts (npm run seed -- --accounts ${accounts})`);
  const child = spawnManaged({
    name: 'seed',
    command: process.execPath,
    args: ['--import', 'tsx', 'apps/api/src/db/seed/cli.ts', '--accounts', String(accounts)],
    cwd: REPO_ROOT,
    env,
  });
  const how = await child.exited;
  if (how !== 'code 0') throw new Error(`the seed failed (${how}):\n${child.output()}`);
  return (performance.now() - started) / 1000;
}

/**
 * Gives the demo manager's account `lines` lines in all, taken from the accounts nobody is
 * attached to (the scaled ones); returns that account.
 */
async function gatherLines(database: ApiDatabase, lines: number): Promise<number> {
  const handle = openDatabase(database.kind === 'pglite' ? { dataDir: database.dataDir } : { databaseUrl: database.url, dataDir: 'unused' });
  try {
    const { rows } = await handle.executeSql(
      `select uba.id_client_bscs as account, (select count(*) from contracts c where c.id_client_bscs = uba.id_client_bscs)::int as lines
       from user_billing_accounts uba join users u on u.id = uba.user_id
       where u.email = $1 and uba.is_gestionnaire order by uba.id_client_bscs limit 1`,
      [DEMO_LOGIN.username],
    );
    const found = rows[0] as { account: number; lines: number } | undefined;
    if (!found) throw new Error(`${DEMO_LOGIN.username} manages no account`);
    const missing = lines - found.lines;
    const moved = await handle.executeSql(
      `update contracts set id_client_bscs = $1 where id_contrat in (
         select id_contrat from contracts
         where id_client_bscs not in (select id_client_bscs from user_billing_accounts)
         order by id_contrat limit $2)
       returning id_contrat`,
      [found.account, missing],
    );
    if (moved.rows.length !== missing) throw new Error(`only ${moved.rows.length} lines to move, ${missing} needed: seed more accounts`);
    await handle.executeSql('analyze contracts');
    return found.account;
  } finally {
    await handle.close();
  }
}

/** Downloads one export to nowhere, sampling the server's memory meanwhile. */
async function download(server: RunningServer, url: string, headers: Record<string, string>, pid: number) {
  const rssBeforeMb = await rssMb(pid);
  const samples: { at: number; rss: number }[] = [];
  let sampling = true;
  const started = performance.now();
  const sampler = (async () => {
    while (sampling) {
      samples.push({ at: performance.now() - started, rss: await rssMb(pid) });
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  let firstByteMs = 0;
  let bytes = 0;
  let lines = 0;
  try {
    const response = await fetch(server.baseUrl + url, { headers: { ...headers, 'accept-encoding': 'identity' } });
    if (response.status !== 200 || !response.body) throw new Error(`GET ${url} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    lines = Number(response.headers.get('x-total-count'));
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      if (bytes === 0) firstByteMs = performance.now() - started;
      bytes += read.value.byteLength;
    }
  } finally {
    sampling = false;
    await sampler;
  }
  const totalMs = performance.now() - started;
  samples.push({ at: totalMs, rss: await rssMb(pid) });
  const peakBetween = (from: number, to: number) =>
    Math.max(rssBeforeMb, ...samples.filter((sample) => sample.at >= from * totalMs && sample.at <= to * totalMs).map((sample) => sample.rss));
  const rssQuartersMb = [0, 1, 2, 3].map((quarter) => peakBetween(quarter / 4, (quarter + 1) / 4));
  return {
    lines,
    bytes,
    firstByteMs,
    totalMs,
    rssBeforeMb,
    rssPeakMb: Math.max(...rssQuartersMb),
    rssQuartersMb,
    rssAfterMb: await rssMb(pid),
  };
}

async function benchOne(kind: 'pglite' | 'postgres', lines: number, postgresUrl: string, log: (message: string) => void): Promise<ExportReport> {
  const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const report: ExportReport = { kind, label, status: 'failed', lines, runs: [] };
  let database: ApiDatabase;
  let tempDir: string | undefined;
  if (kind === 'postgres') {
    const reset = await resetPostgres(postgresUrl);
    if ('unreachable' in reset) {
      report.status = 'skipped';
      report.note = `PostgreSQL not reachable (${reset.unreachable})`;
      log(`${label}: ${report.note}; skipped`);
      return report;
    }
    database = { kind, url: postgresUrl };
  } else {
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'ecare-bench-export-'));
    database = { kind, dataDir: tempDir };
  }
  let server: RunningServer | undefined;
  try {
    // About 10 lines an account, and a margin for the draw.
    report.seedSeconds = await seed(database, Math.ceil((lines / 10) * 1.1), (m) => log(`${label}: ${m}`));
    const account = await gatherLines(database, lines);
    log(`${label}: account ${account} holds ${formatInt(lines)} lines; starting the API`);
    server = await startApi(database);
    const pid = server.child.process.pid;
    if (pid === undefined) throw new Error('the API process has no pid');
    const headers = { authorization: `Bearer ${await login(server.baseUrl)}` };
    const base = `/api/contrats_pagination/${account}/export`;
    // A first small export warms the route up.
    await download(server, `${base}?statut=EN_COURS`, headers, pid);
    report.rssStartMb = await rssMb(pid);
    const downloads: [ExportRun['format'], string, string][] = [
      ['csv', 'one plan (~1/6)', '&idOffreEngagement=101'],
      ['xlsx', 'one plan (~1/6)', '&idOffreEngagement=101'],
    ];
    for (let round = 1; round <= FULL_ROUNDS; round++) {
      for (const format of ['csv', 'xlsx'] as const) downloads.push([format, `every line, ${round}/${FULL_ROUNDS}`, '']);
    }
    for (const [format, scope, query] of downloads) {
      log(`${label}: ${format}, ${scope}`);
      const run = await download(server, `${base}?format=${format}${query}`, headers, pid);
      report.runs.push({ format, scope, ...run });
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    report.rssSettledMb = await rssMb(pid);
    report.status = 'measured';
  } catch (error) {
    report.note = error instanceof Error ? error.message : String(error);
    log(`${label}: FAILED ${report.note}`);
  } finally {
    await server?.child.stop();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  }
  return report;
}

const mb = (value: number) => value.toFixed(0);

function plateauOf(full: ExportRun[]): boolean | null {
  if (full.length < 2) return null;
  const half = Math.floor(full.length / 2);
  const highest = (runs: ExportRun[]) => Math.max(...runs.map((run) => run.rssPeakMb));
  return highest(full.slice(half)) <= highest(full.slice(0, half)) * (1 + PLATEAU_TOLERANCE);
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export function printExportReports(reports: ExportReport[]): void {
  console.log(heading(`Fleet export — server resident memory while ${formatInt(reports[0]?.lines ?? 0)} lines download`));
  const rows: string[][] = [];
  for (const report of reports) {
    if (report.status !== 'measured') {
      rows.push([report.label, `${report.status}${report.note ? `: ${report.note.split('\n')[0] ?? ''}` : ''}`, '', '', '', '', '', '', '', '']);
      continue;
    }
    for (const run of report.runs) {
      rows.push([
        report.label,
        run.format,
        run.scope,
        formatInt(run.lines),
        (run.bytes / 1024 / 1024).toFixed(1),
        seconds(run.firstByteMs),
        seconds(run.totalMs),
        mb(run.rssBeforeMb),
        run.rssQuartersMb.map(mb).join(' / '),
        mb(run.rssAfterMb),
      ]);
    }
  }
  console.log(
    renderTable(
      ['database', 'format', 'scope', 'lines', 'file MB', 'first byte', 'download', 'RSS before MB', 'RSS peak by quarter MB', 'RSS after MB'],
      rows,
      ['left', 'left', 'left'],
    ),
  );
  for (const report of reports) {
    if (report.status !== 'measured') continue;
    console.log(
      `${report.label}: seeded in ${report.seedSeconds?.toFixed(0) ?? '?'} s · RSS after warm-up ${mb(report.rssStartMb ?? 0)} MB, ` +
        `${SETTLE_MS / 1000} s after the last download ${mb(report.rssSettledMb ?? 0)} MB`,
    );
    const highest = Math.max(...report.runs.map((run) => run.rssPeakMb));
    console.log(`${report.label}: highest RSS ${mb(highest)} MB, ${mb(highest - (report.rssStartMb ?? 0))} MB above the RSS after warm-up`);
    const full = report.runs.filter((run) => run.lines === report.lines);
    const exportedMb = full.reduce((sum, run) => sum + run.bytes, 0) / 1024 / 1024;
    console.log(
      `${report.label}: ${full.length} full downloads (${formatInt(full.length * report.lines)} lines, ${exportedMb.toFixed(0)} MB sent): ` +
        `plateau (highest peak of the last ${full.length / 2} ≤ that of the first ${full.length / 2} + ${PLATEAU_TOLERANCE * 100} %) → ${passMiss(plateauOf(full))}`,
    );
  }
}

/** Measures PGlite, then PostgreSQL when reachable, prints the table and returns the figures. */
export async function benchExport(log: (message: string) => void = (message) => console.log(`  › ${message}`)): Promise<ExportReport[]> {
  const lines = linesFromEnv();
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES_URL;
  const reports: ExportReport[] = [];
  for (const kind of databasesFromEnv()) reports.push(await benchOne(kind, lines, postgresUrl, log));
  printExportReports(reports);
  return reports;
}

await runAsScript(import.meta.url, async () => (await benchExport()).some((report) => report.status === 'failed'));
