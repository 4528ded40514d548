import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');
export const RESULTS_FILE = path.join(REPO_ROOT, 'bench/results/latest.json');

/** Route of bench/bare-server.ts (Fastify's hello world). */
export const BARE_ROUTE = '/';
export const API_ROUTE = '/api/comptes_facturation';
export const READY_ROUTE = '/api/parametres';
export const READY_TIMEOUT_MS = 120_000;
/** Both servers of the throughput figures log every request at this level, as in production. */
export const SERVER_LOG_LEVEL = 'info';

/** Pages measured in Chromium (login route scripts, Lighthouse). */
export const LOGIN_PATH = '/ecare/identification/authentification';
export const HOME_PATH = '/ecare/pages/accueil';

/** Debian's Chromium; nothing downloads a browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DEMO_LOGIN = { username: 'gestionnaire@demo.test', code: 'Demo-Gestion-2026!' } as const;

/** The bench's own database (createdb ecare_bench), emptied first; BENCH_DATABASE_URL overrides. */
export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/ecare_bench';
/** The fleet-scale part's scaled database (created if missing), kept between runs; BENCH_SCALE_DATABASE_URL overrides. */
export const DEFAULT_SCALE_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/ecare_bench_scale';

function secondsFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 1 || value > 120) {
    throw new Error(`${name} must be a number of seconds between 1 and 120 (got "${raw}")`);
  }
  return value;
}

export const LOAD = {
  connections: 50,
  pipelining: 1,
  /** Separate autocannon run whose results are discarded. BENCH_WARMUP_SECONDS overrides. */
  warmupSeconds: secondsFromEnv('BENCH_WARMUP_SECONDS', 5),
  /** BENCH_DURATION_SECONDS overrides. */
  measureSeconds: secondsFromEnv('BENCH_DURATION_SECONDS', 15),
} as const;

/** 1 KB = 1024 bytes throughout. */
export const KB = 1024;
export const GZIP_LEVEL = 9;

/** Lighthouse runs per page; the medians are reported. */
export const LIGHTHOUSE_RUNS = 3;
/** When set, every Lighthouse report (JSON) is written in this folder (relative to the working directory). */
export const LIGHTHOUSE_REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS?.trim() || null;

export const TARGETS = {
  loginGzipBytes: 110 * KB,
  lighthouse: { minPerformance: 95, maxLcpMs: 2_000, maxCls: 0 },
  postgres: { minRatio: 0.25, maxP99Ms: 30, maxErrors: 0 },
  pglite: { minRatio: 0.25 },
  /** Fleet list p95 on the scaled database over the demo set's, for each kind of request. */
  fleetScale: { maxP95Ratio: 1.2 },
  /** Usage records counted per second through POST /api/interne/usages, 10,000 a request, on the 100,000-account set (PostgreSQL). */
  usageFeed: { minRecordsPerSecond: 20_000, maxAlertDelayMs: 60_000 },
  /** One bulk action over 10,000 lines, from its POST to its job's end (PostgreSQL). */
  bulkActions: { maxJobSeconds: 120 },
  publicApi: { maxPageP95Ms: 50 },
} as const;

/** A whole number from the environment between `min` and `max`, or `fallback` when unset. */
export function wholeFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number between ${min} and ${max} (got "${raw}")`);
  return value;
}
