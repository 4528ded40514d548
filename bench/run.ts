/**
 * npm run bench  (= npm run build && tsx bench/run.ts)
 *
 * 1. Gzip size of the JavaScript the login route loads first (target ≤ 110 KB, 1 KB = 1024 B).
 * 2. API throughput on GET /api/comptes_facturation against a bare Fastify route, on PGlite
 *    and, when reachable, PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
 *    that database is emptied first).
 * 3. A summary block, also written to bench/results/latest.json.
 *
 * Misses are reported, not fatal: the exit code is non-zero only when something fails to run.
 * BENCH_WARMUP_SECONDS / BENCH_DURATION_SECONDS shorten the load runs (defaults 5 / 15).
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  API_ROUTE,
  DEFAULT_POSTGRES_URL,
  GZIP_LEVEL,
  LOAD,
  REPO_ROOT,
  RESULTS_FILE,
  TARGETS,
  WEB_DIST,
} from './bench-config.ts';
import { killAllSync, stopAll } from './child-process.ts';
import { measureLoginBundle, type LoginBundleReport } from './login-bundle.ts';
import { runLoad, type LoadSample } from './load.ts';
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
import { formatInt, formatKb, formatMs, heading, passMiss, renderTable } from './text-table.ts';

type DatabaseKind = 'pglite' | 'postgres';

interface Check {
  name: string;
  value: string;
  target: string;
  pass: boolean | null;
}

interface DatabaseResult {
  kind: DatabaseKind;
  label: string;
  status: 'measured' | 'skipped' | 'failed';
  note?: string;
  serverVersion?: string;
  responseBytes?: { api: number; bare: number };
  bare?: LoadSample;
  api?: LoadSample;
  ratio?: number;
  checks: Check[];
}

const log = (message: string) => console.log(`  › ${message}`);
let failures = 0;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// 1. Login route JavaScript

function benchLoginBundle(): LoginBundleReport | null {
  console.log(heading(`1. Login route JavaScript, gzip level ${GZIP_LEVEL} (1 KB = 1024 bytes)`));
  let report: LoginBundleReport;
  try {
    report = measureLoginBundle(WEB_DIST);
  } catch (error) {
    failures += 1;
    console.log(`FAILED: ${errorText(error)}`);
    return null;
  }
  if (report.files.length > 0) {
    const rows = report.files.map((file) => [
      file.file,
      file.role,
      file.manifestKey ?? '—',
      formatInt(file.rawBytes),
      formatInt(file.gzipBytes),
      formatKb(file.gzipBytes),
    ]);
    rows.push(['TOTAL', '', '', formatInt(report.totalRawBytes), formatInt(report.totalGzipBytes), formatKb(report.totalGzipBytes)]);
    console.log(
      renderTable(['file (apps/web/dist)', 'counted as', 'manifest entry', 'raw B', 'gzip B', 'gzip'], rows, [
        'left',
        'left',
        'left',
      ]),
    );
  }
  console.log(
    `Login chunk(s): ${report.loginManifestKeys.length > 0 ? report.loginManifestKeys.join(', ') : 'none found in the manifest'}`,
  );
  for (const note of report.notes) console.log(`Note: ${note}`);
  if (report.measured) {
    console.log(
      `Result: ${formatKb(report.totalGzipBytes)} for a target of ≤ ${formatKb(report.targetBytes)} → ${passMiss(report.pass)}` +
        (report.complete ? '' : ' (incomplete: no login chunk counted)'),
    );
  } else {
    console.log('Result: not measured.');
  }
  return report;
}

// ---------------------------------------------------------------------------------------------
// 2. API throughput

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
  if (kind === 'postgres') {
    const t = TARGETS.postgres;
    return [
      { name: 'throughput ratio api/bare', value: ratio.toFixed(3), target: `≥ ${t.minRatio}`, pass: ratio >= t.minRatio },
      { name: 'api p99 latency', value: formatMs(api.latencyP99Ms), target: `≤ ${t.maxP99Ms} ms`, pass: api.latencyP99Ms <= t.maxP99Ms },
      { name: 'api failed requests', value: errorsValue, target: `= ${t.maxErrors}`, pass: failedRequests <= t.maxErrors },
    ];
  }
  const t = TARGETS.pglite;
  return [
    { name: 'throughput ratio api/bare', value: ratio.toFixed(3), target: `≥ ${t.minRatio}`, pass: ratio >= t.minRatio },
    { name: 'api p99 latency', value: formatMs(api.latencyP99Ms), target: '(info)', pass: null },
    { name: 'api failed requests', value: errorsValue, target: '(info)', pass: null },
  ];
}

async function benchDatabase(kind: DatabaseKind): Promise<DatabaseResult> {
  const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  console.log(`\n--- ${label} ---`);
  const result: DatabaseResult = { kind, label, status: 'failed', checks: [] };
  let database: ApiDatabase;
  let tempDir: string | undefined;
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
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'ecare-bench-pglite-'));
    database = { kind, dataDir: tempDir };
    log(`PGlite data dir ${tempDir}`);
  }

  let api: RunningServer | undefined;
  let bare: RunningServer | undefined;
  try {
    const started = Date.now();
    api = await startApi(database);
    log(`API ready on ${api.baseUrl} after ${((Date.now() - started) / 1000).toFixed(1)} s (migrated + seeded)`);
    bare = await startBare();
    log(`bare Fastify ready on ${bare.baseUrl}`);
    const token = await login(api.baseUrl);
    log('logged in as the demo manager');
    const { responseBytes, bareSample, apiSample } = await measurePair(api, bare, token);
    result.responseBytes = responseBytes;
    result.bare = bareSample;
    result.api = apiSample;
    result.ratio = bareSample.requestsPerSecond > 0 ? apiSample.requestsPerSecond / bareSample.requestsPerSecond : 0;
    result.checks = checksFor(kind, result.ratio, apiSample);
    result.status = 'measured';
  } catch (error) {
    failures += 1;
    result.note = errorText(error);
    console.log(`FAILED (${label}): ${result.note}`);
  } finally {
    await Promise.all([api?.child.stop(), bare?.child.stop()]);
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  }
  return result;
}

function printThroughput(results: DatabaseResult[]): void {
  console.log(
    heading(
      `2. API throughput — autocannon ${LOAD.connections} connections, pipelining ${LOAD.pipelining}, ` +
        `${LOAD.warmupSeconds} s warm-up + ${LOAD.measureSeconds} s measured`,
    ),
  );
  const rows: string[][] = [];
  for (const r of results) {
    if (r.status !== 'measured' || !r.api || !r.bare || !r.responseBytes) {
      rows.push([r.label, r.status, '', '', '', '', '', '', '']);
      continue;
    }
    for (const [name, sample, bytes] of [
      ['bare Fastify', r.bare, r.responseBytes.bare],
      [`API ${API_ROUTE}`, r.api, r.responseBytes.api],
    ] as const) {
      rows.push([
        r.label,
        name,
        formatInt(bytes),
        formatInt(sample.requestsPerSecond),
        formatInt(sample.totalRequests),
        formatMs(sample.latencyP50Ms),
        formatMs(sample.latencyP99Ms),
        formatInt(sample.non2xx),
        `${sample.errors} (${sample.timeouts})`,
      ]);
    }
  }
  console.log(
    renderTable(
      ['database', 'route', 'body B', 'req/s avg', 'requests', 'p50', 'p99', 'non-2xx', 'errors (timeouts)'],
      rows,
      ['left', 'left'],
    ),
  );
  console.log('');
  const checkRows: string[][] = [];
  for (const r of results) {
    if (r.status !== 'measured') {
      checkRows.push([r.label, `${r.status} (see above)`, '', '', '']);
      continue;
    }
    for (const check of r.checks) checkRows.push([r.label, check.name, check.value, check.target, passMiss(check.pass)]);
  }
  console.log(renderTable(['database', 'check', 'value', 'target', 'status'], checkRows, ['left', 'left', 'left', 'left', 'left']));
}

// ---------------------------------------------------------------------------------------------
// 3. Summary

function summaryLines(bundle: LoginBundleReport | null, results: DatabaseResult[], date: Date, commit: string | null): string[] {
  const lines = [
    `Bench ${date.toISOString().slice(0, 16).replace('T', ' ')} UTC · commit ${commit ?? 'none'} · Node ${process.version} · ` +
      `${os.cpus().length} CPU(s) · autocannon ${LOAD.connections} conn, ${LOAD.warmupSeconds} s warm-up + ${LOAD.measureSeconds} s`,
    // The API's read reuse windows (decisions 006 and 011) decide how often a request reaches the database.
    `API caches: SESSION_CACHE_MS=${process.env.SESSION_CACHE_MS ?? '2000 (default)'} · READ_CACHE_MS=${process.env.READ_CACHE_MS ?? '2000 (default)'}`,
  ];
  if (bundle?.measured) {
    lines.push(
      `Login JS (gzip -${GZIP_LEVEL}, 1 KB = 1024 B): ${formatKb(bundle.totalGzipBytes)} / ≤ ${formatKb(bundle.targetBytes)} → ` +
        `${passMiss(bundle.pass)} (${bundle.files.length} file(s)` +
        `${bundle.complete ? `, login chunk ${bundle.loginManifestKeys.join(', ')}` : ', INCOMPLETE: no login chunk found'})`,
    );
  } else {
    lines.push('Login JS: not measured (see section 1).');
  }
  for (const r of results) {
    const name = `${r.label}:`.padEnd(12);
    if (r.status !== 'measured' || !r.api || !r.bare || r.ratio === undefined) {
      lines.push(`${name}${r.status}${r.note ? ` — ${r.note.split('\n')[0] ?? ''}` : ''}`);
      continue;
    }
    const verdict = (index: number) => {
      const check = r.checks[index];
      return check && check.pass !== null ? ` (${check.target} ${passMiss(check.pass)})` : '';
    };
    lines.push(
      `${name}api ${formatInt(r.api.requestsPerSecond)} req/s / bare ${formatInt(r.bare.requestsPerSecond)} req/s = ` +
        `ratio ${r.ratio.toFixed(3)}${verdict(0)} · api p99 ${formatMs(r.api.latencyP99Ms)}${verdict(1)} · ` +
        `failed requests ${r.api.errors + r.api.non2xx}${verdict(2)}`,
    );
  }
  return lines;
}

async function main(): Promise<void> {
  const date = new Date();
  const commit = gitCommit();
  console.log(`ecare bench — ${date.toISOString()} — Node ${process.version}, ${os.cpus().length} CPU(s), load average ${os.loadavg()[0]?.toFixed(2) ?? '?'}`);

  const bundle = benchLoginBundle();

  console.log(heading('2. API throughput (running)'));
  const results: DatabaseResult[] = [];
  for (const kind of ['pglite', 'postgres'] as const) results.push(await benchDatabase(kind));
  printThroughput(results);

  const lines = summaryLines(bundle, results, date, commit);
  console.log(heading('3. Summary'));
  console.log(lines.join('\n'));

  await mkdir(path.dirname(RESULTS_FILE), { recursive: true });
  const json = {
    date: date.toISOString(),
    commit,
    node: process.version,
    cpus: os.cpus().length,
    load: LOAD,
    targets: TARGETS,
    loginBundle: bundle && {
      gzipLevel: GZIP_LEVEL,
      kbBytes: 1024,
      measured: bundle.measured,
      complete: bundle.complete,
      totalGzipBytes: bundle.totalGzipBytes,
      totalRawBytes: bundle.totalRawBytes,
      targetBytes: bundle.targetBytes,
      pass: bundle.pass,
      loginManifestKeys: bundle.loginManifestKeys,
      files: bundle.files,
      notes: bundle.notes,
    },
    databases: results,
    summary: lines,
    failures,
  };
  await writeFile(RESULTS_FILE, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`\nWritten to ${path.relative(REPO_ROOT, RESULTS_FILE)}`);
  if (failures > 0) console.log(`${failures} part(s) failed to run: exit code 1.`);
}

process.on('exit', killAllSync);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`\n${signal}: stopping the servers…`);
    void stopAll().finally(() => process.exit(130));
  });
}

try {
  await main();
} catch (error) {
  failures += 1;
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  await stopAll();
}
process.exit(failures > 0 ? 1 : 0);
