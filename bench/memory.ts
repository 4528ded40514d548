/**
 * tsx bench/memory.ts  (also called at the end of bench/run.ts)
 *
 * Resident memory of the API under sustained load: the real server (apps/api/src/server.ts) on
 * PGlite and, when reachable, on PostgreSQL (BENCH_DATABASE_URL, default the bench's database,
 * which is emptied first). After login, autocannon sends 200 connections over nine
 * authenticated GET endpoints for BENCH_MEMORY_SECONDS (default 60), three times in a row; the
 * server's RSS (VmRSS of /proc/<pid>/status) is sampled after start-up, after each run and after
 * BENCH_MEMORY_IDLE_SECONDS (default 30) idle. A server that keeps what it served grows run after
 * run; one that does not settles: "plateau" passes when the third run ends within 10 % of the
 * second.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { DEFAULT_POSTGRES_URL } from './bench-config.ts';
import { runAsScript } from './child-process.ts';
import { login, probe, resetPostgres, startApi, type ApiDatabase, type RunningServer } from './servers.ts';
import { formatInt, heading, passMiss, renderTable } from './text-table.ts';

const CONNECTIONS = 200;
const RUNS = 3;
/** Third run's RSS within this fraction of the second's. */
const PLATEAU_TOLERANCE = 0.1;

function secondsFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 1 || value > 600) throw new Error(`${name} must be a number of seconds between 1 and 600 (got "${raw}")`);
  return value;
}

export interface MemorySample {
  label: string;
  rssMb: number;
  requests?: number;
  requestsPerSecond?: number;
  non2xx?: number;
  errors?: number;
}

export interface MemoryReport {
  kind: 'pglite' | 'postgres';
  label: string;
  status: 'measured' | 'skipped' | 'failed';
  note?: string;
  samples: MemorySample[];
  /** Third run within 10 % of the second; null when not measured. */
  plateau: boolean | null;
}

export interface MemoryBenchOptions {
  seconds?: number;
  idleSeconds?: number;
  postgresUrl?: string;
  log?: (message: string) => void;
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match?.[1]) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}

/** Nine authenticated GET paths of the demo manager, read from the API itself so they exist. */
async function endpoints(baseUrl: string, headers: Record<string, string>): Promise<string[]> {
  const getJson = async (url: string): Promise<unknown> => {
    const response = await fetch(baseUrl + url, { headers, signal: AbortSignal.timeout(10_000) });
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
    return response.json();
  };
  const accounts = (await getJson('/api/comptes_facturation')) as { idClientBscs: number }[];
  const account = accounts[0]?.idClientBscs;
  if (account === undefined) throw new Error('the demo manager has no billing account');
  const page = (await getJson(`/api/contrats_pagination/${account}`)) as { contrats: { idContrat: number }[] };
  const contract = page.contrats[0]?.idContrat;
  if (contract === undefined) throw new Error(`billing account ${account} has no line`);
  const paths = [
    '/api/current_user',
    '/api/comptes_facturation',
    `/api/comptes_facturation/${account}`,
    `/api/contrats_pagination/${account}`,
    `/api/contrats_pagination/${account}?recherche=06&tri=libelleOffre&ordre=desc`,
    `/api/ligne/${contract}`,
    `/api/sessiondata/${account}/${contract}`,
    '/api/menu/ACTIF/ACTIF/1/aucun',
    '/api/parametres',
  ];
  for (const url of paths) await probe(baseUrl + url, headers);
  return paths;
}

async function load(baseUrl: string, paths: string[], headers: Record<string, string>, seconds: number) {
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    pipelining: 1,
    duration: seconds,
    headers,
    requests: paths.map((url) => ({ method: 'GET' as const, path: url })),
  });
  return { requests: result.requests.total, requestsPerSecond: result.requests.average, non2xx: result.non2xx, errors: result.errors };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function measure(server: RunningServer, seconds: number, idleSeconds: number, log: (m: string) => void): Promise<MemorySample[]> {
  const pid = server.child.process.pid;
  if (pid === undefined) throw new Error('the API process has no pid');
  const token = await login(server.baseUrl);
  // As a browser after login: bearer token plus the XSRF cookie it already holds.
  const headers = { authorization: `Bearer ${token}`, cookie: 'XSRF-TOKEN=bench-session-cookie' };
  const paths = await endpoints(server.baseUrl, headers);
  const samples: MemorySample[] = [{ label: 'after start-up and login', rssMb: await rssMb(pid) }];
  for (let run = 1; run <= RUNS; run += 1) {
    log(`run ${run}/${RUNS}: ${CONNECTIONS} connections over ${paths.length} endpoints, ${seconds} s`);
    const result = await load(server.baseUrl, paths, headers, seconds);
    if (server.child.hasExited()) throw new Error(`${server.child.name} exited during run ${run} (${await server.child.exited})`);
    samples.push({ label: `after run ${run}`, rssMb: await rssMb(pid), ...result });
  }
  log(`idle ${idleSeconds} s`);
  await sleep(idleSeconds * 1000);
  samples.push({ label: `after ${idleSeconds} s idle`, rssMb: await rssMb(pid) });
  return samples;
}

function plateauOf(samples: MemorySample[]): boolean | null {
  const second = samples[2]?.rssMb;
  const third = samples[3]?.rssMb;
  if (second === undefined || third === undefined) return null;
  return third <= second * (1 + PLATEAU_TOLERANCE);
}

async function benchOne(kind: 'pglite' | 'postgres', options: Required<MemoryBenchOptions>): Promise<MemoryReport> {
  const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const report: MemoryReport = { kind, label, status: 'failed', samples: [], plateau: null };
  let database: ApiDatabase;
  let tempDir: string | undefined;
  if (kind === 'postgres') {
    const reset = await resetPostgres(options.postgresUrl);
    if ('unreachable' in reset) {
      report.status = 'skipped';
      report.note = `PostgreSQL not reachable (${reset.unreachable})`;
      options.log(`${label}: ${report.note}; skipped`);
      return report;
    }
    database = { kind, url: options.postgresUrl };
  } else {
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'ecare-bench-memory-'));
    database = { kind, dataDir: tempDir };
  }
  let server: RunningServer | undefined;
  try {
    options.log(`${label}: starting the API`);
    server = await startApi(database);
    report.samples = await measure(server, options.seconds, options.idleSeconds, (m) => options.log(`${label}: ${m}`));
    report.plateau = plateauOf(report.samples);
    report.status = 'measured';
  } catch (error) {
    report.note = error instanceof Error ? error.message : String(error);
    options.log(`${label}: FAILED ${report.note}`);
  } finally {
    await server?.child.stop();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  }
  return report;
}

export function printMemoryReports(reports: MemoryReport[], seconds: number): void {
  console.log(heading(`API resident memory — autocannon ${CONNECTIONS} connections, ${RUNS} runs of ${seconds} s`));
  const rows: string[][] = [];
  for (const report of reports) {
    if (report.status !== 'measured') {
      rows.push([report.label, `${report.status}${report.note ? `: ${report.note.split('\n')[0] ?? ''}` : ''}`, '', '', '', '']);
      continue;
    }
    for (const sample of report.samples) {
      rows.push([
        report.label,
        sample.label,
        sample.rssMb.toFixed(0),
        sample.requests === undefined ? '' : formatInt(sample.requests),
        sample.requestsPerSecond === undefined ? '' : formatInt(sample.requestsPerSecond),
        sample.non2xx === undefined ? '' : `${sample.non2xx} / ${sample.errors ?? 0}`,
      ]);
    }
  }
  console.log(renderTable(['database', 'moment', 'RSS MB', 'requests', 'req/s', 'non-2xx / errors'], rows, ['left', 'left']));
  for (const report of reports) {
    if (report.status !== 'measured') continue;
    const failed = report.samples.reduce((sum, s) => sum + (s.non2xx ?? 0) + (s.errors ?? 0), 0);
    console.log(
      `${report.label}: plateau (run 3 RSS ≤ run 2 + ${PLATEAU_TOLERANCE * 100} %) → ${passMiss(report.plateau)}` +
        (failed > 0 ? ` · ${failed} failed request(s)` : ''),
    );
  }
}

/** Measures PGlite, then PostgreSQL when reachable, prints the table and returns the figures. */
export async function benchMemory(options: MemoryBenchOptions = {}): Promise<MemoryReport[]> {
  const settings: Required<MemoryBenchOptions> = {
    seconds: options.seconds ?? secondsFromEnv('BENCH_MEMORY_SECONDS', 60),
    idleSeconds: options.idleSeconds ?? secondsFromEnv('BENCH_MEMORY_IDLE_SECONDS', 30),
    postgresUrl: options.postgresUrl ?? process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES_URL,
    log: options.log ?? ((message) => console.log(`  › ${message}`)),
  };
  const reports: MemoryReport[] = [];
  for (const kind of ['pglite', 'postgres'] as const) reports.push(await benchOne(kind, settings));
  printMemoryReports(reports, settings.seconds);
  return reports;
}

await runAsScript(import.meta.url, async () => (await benchMemory()).some((report) => report.status === 'failed'));
