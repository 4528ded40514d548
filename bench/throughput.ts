/**
 * Authenticated GET /api/comptes_facturation against Fastify's hello world, both logging every
 * request at info level to /dev/null as in production; the ratio of their request rates says
 * what the API's hooks, session check and query cost next to the machine's ceiling.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_ROUTE, DEFAULT_POSTGRES_URL, LOAD, TARGETS } from './bench-config.ts';
import { runLoad, type LoadSample } from './load.ts';
import type { Check, DatabaseKind, DatabaseResult } from './report.ts';
import {
  apiUrl,
  bareUrl,
  login,
  probe,
  resetPostgres,
  startApi,
  startBare,
  type ApiDatabase,
  type RunningServer,
} from './servers.ts';
import { formatMs } from './text-table.ts';

const log = (message: string) => console.log(`  › ${message}`);
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function measurePair(api: RunningServer, bare: RunningServer, token: string) {
  // As a browser after login: bearer token plus the XSRF cookie it already holds.
  const headers = { authorization: `Bearer ${token}`, cookie: 'XSRF-TOKEN=bench-session-cookie' };
  const responseBytes = { bare: await probe(bareUrl(bare)), api: await probe(apiUrl(api), headers) };
  log(`warm-up bare route, ${LOAD.warmupSeconds} s`);
  await runLoad(bareUrl(bare), LOAD.warmupSeconds);
  log(`warm-up ${API_ROUTE}, ${LOAD.warmupSeconds} s`);
  await runLoad(apiUrl(api), LOAD.warmupSeconds, headers);
  log(`measure bare route, ${LOAD.measureSeconds} s`);
  const bareSample = await runLoad(bareUrl(bare), LOAD.measureSeconds);
  log(`measure ${API_ROUTE}, ${LOAD.measureSeconds} s`);
  const apiSample = await runLoad(apiUrl(api), LOAD.measureSeconds, headers);
  for (const server of [api, bare]) {
    if (server.child.hasExited()) throw new Error(`${server.child.name} exited during the run (${await server.child.exited})`);
  }
  return { responseBytes, bareSample, apiSample };
}

function checksFor(kind: DatabaseKind, ratio: number, api: LoadSample): Check[] {
  const failedRequests = api.errors + api.non2xx;
  const errorsValue = `${failedRequests} (non-2xx ${api.non2xx}, errors ${api.errors}, timeouts ${api.timeouts})`;
  const ratioCheck = (minRatio: number): Check => ({
    name: 'throughput ratio api/bare',
    value: ratio.toFixed(3),
    target: `≥ ${minRatio}`,
    pass: ratio >= minRatio,
  });
  if (kind === 'postgres') {
    const t = TARGETS.postgres;
    return [
      ratioCheck(t.minRatio),
      { name: 'api p99 latency', value: formatMs(api.latencyP99Ms), target: `≤ ${t.maxP99Ms} ms`, pass: api.latencyP99Ms <= t.maxP99Ms },
      { name: 'api failed requests', value: errorsValue, target: `= ${t.maxErrors}`, pass: failedRequests <= t.maxErrors },
    ];
  }
  return [
    ratioCheck(TARGETS.pglite.minRatio),
    { name: 'api p99 latency', value: formatMs(api.latencyP99Ms), target: '(info)', pass: null },
    { name: 'api failed requests', value: errorsValue, target: '(info)', pass: null },
  ];
}

/** A temporary PGlite folder, removed by the returned function. */
export async function pgliteDatabase(): Promise<{ database: ApiDatabase; remove: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ecare-bench-pglite-'));
  return { database: { kind: 'pglite', dataDir }, remove: () => rm(dataDir, { recursive: true, force: true }) };
}

/**
 * Measures one database. `running` is an API already started on it (the PGlite one the browser
 * measures use); otherwise the API is started here and stopped at the end.
 */
export async function benchDatabase(kind: DatabaseKind, running?: RunningServer): Promise<DatabaseResult> {
  const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  console.log(`\n--- ${label} ---`);
  const result: DatabaseResult = { kind, label, status: 'failed', checks: [] };
  let api = running;
  let bare: RunningServer | undefined;
  let removePglite: (() => Promise<void>) | undefined;
  try {
    if (!api) {
      let database: ApiDatabase;
      if (kind === 'postgres') {
        const url = process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES_URL;
        const reset = await resetPostgres(url);
        if ('unreachable' in reset) {
          result.status = 'skipped';
          result.note = `PostgreSQL not reachable at ${url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')} (${reset.unreachable}); skipped.`;
          console.log(result.note);
          return result;
        }
        result.serverVersion = reset.version;
        log(`PostgreSQL ${reset.version}: schemas public and drizzle reset`);
        database = { kind, url };
      } else {
        const pglite = await pgliteDatabase();
        removePglite = pglite.remove;
        database = pglite.database;
      }
      const started = Date.now();
      api = await startApi(database);
      log(`API ready on ${api.baseUrl} after ${((Date.now() - started) / 1000).toFixed(1)} s (migrated + seeded)`);
    }
    bare = await startBare();
    log(`bare Fastify ready on ${bare.baseUrl}`);
    const token = await login(api.baseUrl);
    const { responseBytes, bareSample, apiSample } = await measurePair(api, bare, token);
    result.responseBytes = responseBytes;
    result.bare = bareSample;
    result.api = apiSample;
    result.ratio = bareSample.requestsPerSecond > 0 ? apiSample.requestsPerSecond / bareSample.requestsPerSecond : 0;
    result.checks = checksFor(kind, result.ratio, apiSample);
    result.status = 'measured';
  } catch (error) {
    result.note = errorText(error);
    console.log(`FAILED (${label}): ${result.note}`);
  } finally {
    await Promise.all([running ? undefined : api?.child.stop(), bare?.child.stop()]);
    await removePglite?.();
  }
  return result;
}
