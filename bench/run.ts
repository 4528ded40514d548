/**
 * npm run bench  (= npm run build && tsx bench/run.ts): what a user gets, measured on the
 * production build served by the real server (PGlite), in Debian's Chromium.
 *
 * 1. Login route JavaScript: every script Chromium fetches for /ecare/identification/authentification
 *    until the network is idle; per file the bytes sent and the gzip -9 size (target ≤ 110 KB).
 * 2. Transfer: each file of the login page as sent for Accept-Encoding br, gzip and identity.
 * 3. Lighthouse 12 (mobile, simulated throttling), three runs on the login page and on the
 *    signed-in home page; medians (targets: performance ≥ 95, LCP ≤ 2 s, CLS 0).
 * 4. API throughput: authenticated GET /api/comptes_facturation against Fastify's hello world,
 *    both logging requests at info level, on PGlite and, when reachable, PostgreSQL
 *    (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/ecare_bench, emptied first).
 * 5. A summary, also written with every figure to bench/results/latest.json.
 *
 * Misses are reported, not fatal: the exit code is non-zero only when something fails to run.
 * BENCH_WARMUP_SECONDS / BENCH_DURATION_SECONDS shorten the load runs (defaults 5 / 15).
 *
 * BENCH_ONLY runs some parts only, a comma-separated list of login-route (1), transfer (2, which
 * needs 1), lighthouse (3), throughput (4), memory (the plateau check of bench/memory.ts) and
 * export (the fleet export's server memory on 100,000 lines, bench/export.ts; BENCH_EXPORT_LINES) and
 * fleet-scale (the fleet list's latency on the demo set and with 100,000 more accounts, about
 * 1,000,000 lines, bench/fleet-scale.ts; its scaled databases are kept for the next run) and
 * usage-feed (records counted per second by POST /api/interne/usages over that scaled set,
 * bench/usage-feed.ts; BENCH_USAGE_RECORDS) and bulk-actions (one bulk action's job over 10,000 lines of
 * that scaled set, POST to its end, bench/bulk-actions.ts; BENCH_BULK_LINES) and public-api (pages of
 * 100 lines of a 100,000-line account read with API keys, bench/public-api.ts; BENCH_API_LINES) and cluster
 * (a mixed load of 200 clients through nginx on 1, 2 and 3 instances, then a rolling restart of 3,
 * bench/cluster.ts; BENCH_CLUSTER_SECONDS, BENCH_CLUSTER_ROLLING_SECONDS):
 * `BENCH_ONLY=lighthouse npm run bench`. Such a run prints its summary but writes it to
 * bench/results/partial.json, leaving latest.json to complete runs. BENCH_LIGHTHOUSE_REPORTS=<dir>
 * keeps every Lighthouse report (JSON) there, for its diagnostics (bootup time, LCP element…).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, GZIP_LEVEL, LOAD, REPO_ROOT, RESULTS_FILE, TARGETS, WEB_DIST } from './bench-config.ts';
import { killAllSync, stopAll } from './child-process.ts';
import { measureLighthouse, type LighthousePage } from './lighthouse.ts';
import { measureLoginRoute, type LoginRouteReport } from './login-route.ts';
import { benchExport } from './export.ts';
import { benchFleetScale, type FleetScaleReport } from './fleet-scale.ts';
import { benchUsageFeed, type UsageFeedReport } from './usage-feed.ts';
import { benchBulkActions, type BulkActionsReport } from './bulk-actions.ts';
import { benchPublicApi, type PublicApiReport } from './public-api.ts';
import { benchCluster, type ClusterReport } from './cluster.ts';
import { benchMemory } from './memory.ts';
import { printLighthouse, printLoginRoute, printThroughput, printTransfer, throughputHeading, type DatabaseResult } from './report.ts';
import { login, startApi, type RunningServer } from './servers.ts';
import { formatInt, formatKb, formatMs, heading, passMiss } from './text-table.ts';
import { benchDatabase, pgliteDatabase } from './throughput.ts';
import { measureTransfer, type TransferRow } from './transfer.ts';

const log = (message: string) => console.log(`  › ${message}`);
let failures = 0;

const PARTS = ['login-route', 'transfer', 'lighthouse', 'throughput', 'memory', 'export', 'fleet-scale', 'usage-feed', 'bulk-actions', 'public-api', 'cluster'] as const;
type PartName = (typeof PARTS)[number];

/** The parts BENCH_ONLY asks for, or null for all of them. */
function selectedParts(): ReadonlySet<PartName> | null {
  const raw = process.env.BENCH_ONLY?.trim();
  if (!raw) return null;
  const names = raw.split(',').map((name) => name.trim()).filter((name) => name !== '');
  const unknown = names.filter((name) => !(PARTS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`BENCH_ONLY: unknown part(s) ${unknown.join(', ')} (known: ${PARTS.join(', ')})`);
  const parts = new Set(names as PartName[]);
  // The transfer part measures the files part 1 found.
  if (parts.has('transfer')) parts.add('login-route');
  return parts;
}

/** Set by main() from BENCH_ONLY. */
let only: ReadonlySet<PartName> | null = null;
const runs = (name: PartName) => only === null || only.has(name);

/** Runs one part; a part that throws is reported and counted, the others still run. */
async function part<T>(title: string, run: () => Promise<T>): Promise<T | null> {
  console.log(heading(title));
  try {
    return await run();
  } catch (error) {
    failures += 1;
    console.log(`FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return null;
  }
}

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return null;
  }
}

interface BrowserFigures {
  loginRoute: LoginRouteReport | null;
  transfer: TransferRow[] | null;
  lighthouse: LighthousePage[] | null;
}

/** Parts 1 to 3, on the API already started on PGlite. */
async function browserFigures(api: RunningServer): Promise<BrowserFigures> {
  const loginRoute = !runs('login-route') ? null : await part(`1. Login route JavaScript in Chromium, gzip level ${GZIP_LEVEL} (1 KB = 1024 bytes)`, async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith('--headless')) });
    try {
      const report = await measureLoginRoute(browser, api.baseUrl);
      printLoginRoute(report);
      return report;
    } finally {
      await browser.close();
    }
  });
  const transfer = !runs('transfer') ? null : await part('2. Login page transfer by Accept-Encoding (body bytes on the wire)', async () => {
    const page = (loginRoute?.requests ?? []).filter((request) => ['document', 'stylesheet', 'script'].includes(request.type));
    if (page.length === 0) throw new Error('no file list: part 1 did not run');
    const rows = await measureTransfer(api.baseUrl, page.map((request) => request.path));
    printTransfer(rows);
    return rows;
  });
  const lighthouse = !runs('lighthouse') ? null : await part(`3. Lighthouse 12, mobile, simulated throttling — load average ${os.loadavg()[0]?.toFixed(2) ?? '?'}`, async () => {
    const pages = await measureLighthouse(api.baseUrl, await login(api.baseUrl), log);
    printLighthouse(pages);
    return pages;
  });
  return { loginRoute, transfer, lighthouse };
}

function summaryLines(
  date: Date,
  commit: string | null,
  browser: BrowserFigures,
  throughput: DatabaseResult[],
  fleetScale: FleetScaleReport[] | null,
  usageFeed: UsageFeedReport[] | null,
  bulkActions: BulkActionsReport[] | null,
  publicApi: PublicApiReport[] | null,
  cluster: ClusterReport | null,
): string[] {
  const lines = [
    `Bench ${date.toISOString().slice(0, 16).replace('T', ' ')} UTC · commit ${commit ?? 'none'} · Node ${process.version} · ` +
      `${os.cpus().length} CPU(s) · load average ${os.loadavg()[0]?.toFixed(2) ?? '?'}`,
    // The API's read reuse windows (decisions 006 and 011) decide how often a request reaches the database.
    `API caches: SESSION_CACHE_MS=${process.env.SESSION_CACHE_MS ?? '2000 (default)'} · READ_CACHE_MS=${process.env.READ_CACHE_MS ?? '2000 (default)'}`,
  ];
  if (only !== null) lines.push(`Parts run (BENCH_ONLY): ${[...only].join(', ')}`);
  const route = browser.loginRoute;
  if (runs('login-route')) {
    lines.push(
      route
        ? `Login JS (Chromium, gzip -${GZIP_LEVEL}): ${formatKb(route.totalGzipBytes)} in ${route.files.length} script(s) / ≤ ${formatKb(route.targetBytes)} → ${passMiss(route.pass)} · sent ${formatKb(route.totalTransferBytes)}`
        : 'Login JS: not measured (see part 1).',
    );
  }
  if (browser.transfer) {
    const sum = (key: 'br' | 'gzip' | 'identity') => browser.transfer?.reduce((total, row) => total + row.sizes[key].bytes, 0) ?? 0;
    lines.push(`Login page transfer: ${formatKb(sum('br'))} brotli · ${formatKb(sum('gzip'))} gzip · ${formatKb(sum('identity'))} uncompressed`);
  }
  for (const page of browser.lighthouse ?? []) {
    const m = page.median;
    lines.push(
      `Lighthouse ${page.name}: performance ${m.performance} · FCP ${formatMs(m.fcpMs)} · LCP ${formatMs(m.lcpMs)} · CLS ${m.cls.toFixed(3)} · TBT ${formatMs(m.tbtMs)} → ${passMiss(page.pass)}`,
    );
  }
  if (!browser.lighthouse && runs('lighthouse')) lines.push('Lighthouse: not measured (see part 3).');
  for (const r of throughput) {
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
      `${name}api ${Math.round(r.api.requestsPerSecond)} req/s / hello world ${Math.round(r.bare.requestsPerSecond)} req/s = ` +
        `ratio ${r.ratio.toFixed(3)}${verdict(0)} · api p99 ${formatMs(r.api.latencyP99Ms)}${verdict(1)} · ` +
        `failed requests ${r.api.errors + r.api.non2xx}${verdict(2)}`,
    );
  }
  for (const r of fleetScale ?? []) {
    const name = `Fleet list at scale, ${r.label}:`;
    if (r.status !== 'measured' || r.requests.length === 0) {
      lines.push(`${name} ${r.status}${r.note ? ` — ${r.note.split('\n')[0] ?? ''}` : ''}`);
      continue;
    }
    const worst = r.requests.reduce((a, b) => (b.p95Ratio > a.p95Ratio ? b : a));
    lines.push(
      `${name} ${formatInt(r.scaledSet?.accounts ?? 0)} accounts / ${formatInt(r.scaledSet?.lines ?? 0)} lines against the demo set, ` +
        `p95 ratio ${r.requests.map((request) => request.p95Ratio.toFixed(2)).join(' · ')} (worst ${worst.name}) ≤ ${TARGETS.fleetScale.maxP95Ratio} → ${passMiss(r.pass)}`,
    );
  }
  for (const r of usageFeed ?? []) {
    const name = `Usage feed, ${r.label}:`;
    if (r.status !== 'measured') {
      lines.push(`${name} ${r.status}${r.note ? ` — ${r.note.split('\n')[0] ?? ''}` : ''}`);
      continue;
    }
    const alert = r.alertDelay.status === 'measured' ? `p95 ${formatMs(r.alertDelay.p95Ms ?? Number.NaN)}` : `${r.alertDelay.status} (${r.alertDelay.note ?? ''})`;
    lines.push(
      `${name} ${formatInt(r.recordsPerSecond ?? 0)} records/s (${formatInt(r.records)} records, 10,000 a request, request p95 ${formatMs(r.batchP95Ms ?? Number.NaN)})` +
        `${r.kind === 'postgres' ? ` ≥ ${formatInt(TARGETS.usageFeed.minRecordsPerSecond)} → ${passMiss(r.pass)}` : ''} · crossing → e-mail ${alert}`,
    );
  }
  for (const r of bulkActions ?? []) {
    const name = `Bulk action, ${r.label}:`;
    if (r.status !== 'measured') {
      lines.push(`${name} ${r.status}${r.note ? ` — ${r.note.split('\n')[0] ?? ''}` : ''}`);
      continue;
    }
    lines.push(
      `${name} ${formatInt(r.lines)} lines in ${r.jobSeconds?.toFixed(1) ?? '?'} s from the POST to the job's end (dry run ${r.simulationSeconds?.toFixed(1) ?? '?'} s) ≤ ${TARGETS.bulkActions.maxJobSeconds} s → ${passMiss(r.pass)}`,
    );
  }
  for (const r of publicApi ?? []) {
    const name = `Public API, ${r.label}:`;
    if (r.status !== 'measured') {
      lines.push(`${name} ${r.status}${r.note ? ` — ${r.note.split('\n')[0] ?? ''}` : ''}`);
      continue;
    }
    const pages = r.kinds.map((kind) => `${kind.name} p95 ${formatMs(kind.p95Ms)}`).join(', ');
    lines.push(`${name} pages of 100 of ${formatInt(r.lines)} lines: ${pages} ≤ ${TARGETS.publicApi.maxPageP95Ms} ms → ${passMiss(r.pass)}`);
  }
  if (cluster) {
    if (cluster.status !== 'measured' || !cluster.rolling) lines.push(`Cluster: ${cluster.status}${cluster.note ? ` — ${cluster.note.split('\n')[0] ?? ''}` : ''}`);
    else {
      const steps = cluster.scaling.map((step) => `${step.instances}: ${formatInt(step.requestsPerSecond)}/s p95 ${formatMs(step.p95Ms)}`).join(', ');
      lines.push(`Cluster, ${cluster.connections} clients: ${steps}; rolling restart ${cluster.rolling.failures} failed of ${formatInt(cluster.rolling.requests)} (target 0) → ${passMiss(cluster.pass)}`);
    }
  }
  return lines;
}

async function main(): Promise<void> {
  only = selectedParts();
  const date = new Date();
  const commit = gitCommit();
  console.log(`ecare bench — ${date.toISOString()} — Node ${process.version}, ${os.cpus().length} CPU(s), load average ${os.loadavg()[0]?.toFixed(2) ?? '?'}`);
  const needsBuild = (['login-route', 'transfer', 'lighthouse', 'throughput'] as const).some(runs);
  if (needsBuild && !existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error(`${WEB_DIST} has no build: run npm run build first (npm run bench does).`);

  // One API on PGlite serves the browser parts, then the PGlite throughput figures.
  let browser: BrowserFigures = { loginRoute: null, transfer: null, lighthouse: null };
  const throughput: DatabaseResult[] = [];
  if (needsBuild) {
    const pglite = await pgliteDatabase();
    let api: RunningServer | undefined;
    try {
      log('starting the API on PGlite (production build, NODE_ENV=production)');
      api = await startApi(pglite.database);
      browser = await browserFigures(api);
      if (runs('throughput')) {
        console.log(throughputHeading());
        throughput.push(await benchDatabase('pglite', api));
      }
    } finally {
      await api?.child.stop();
      await pglite.remove();
    }
  }
  if (runs('throughput')) {
    throughput.push(await benchDatabase('postgres'));
    failures += throughput.filter((r) => r.status === 'failed').length;
    printThroughput(throughput);
  }

  // Before the summary, so that its figures are written with the others.
  const fleetScale = !runs('fleet-scale')
    ? null
    : await benchFleetScale().catch((error: unknown) => {
        failures += 1;
        console.log(`FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        return null;
      });
  failures += (fleetScale ?? []).filter((report) => report.status === 'failed').length;
  const usageFeed = !runs('usage-feed')
    ? null
    : await benchUsageFeed().catch((error: unknown) => {
        failures += 1;
        console.log(`FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        return null;
      });
  failures += (usageFeed ?? []).filter((report) => report.status === 'failed').length;
  const bulkActions = !runs('bulk-actions')
    ? null
    : await benchBulkActions().catch((error: unknown) => {
        failures += 1;
        console.log(`FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        return null;
      });
  failures += (bulkActions ?? []).filter((report) => report.status === 'failed').length;
  const publicApi = !runs('public-api')
    ? null
    : await benchPublicApi().catch((error: unknown) => {
        failures += 1;
        console.log(`FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        return null;
      });
  failures += (publicApi ?? []).filter((report) => report.status === 'failed').length;
  const cluster = !runs('cluster')
    ? null
    : await benchCluster().catch((error: unknown) => {
        failures += 1;
        console.log(`FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        return null;
      });
  if (cluster?.status === 'failed') failures += 1;

  const lines = summaryLines(date, commit, browser, throughput, fleetScale, usageFeed, bulkActions, publicApi, cluster);
  console.log(heading('5. Summary'));
  console.log(lines.join('\n'));

  const resultsFile = only === null ? RESULTS_FILE : path.join(path.dirname(RESULTS_FILE), 'partial.json');
  await mkdir(path.dirname(resultsFile), { recursive: true });
  const json = {
    date: date.toISOString(),
    commit,
    node: process.version,
    cpus: os.cpus().length,
    loadAverage: os.loadavg(),
    load: LOAD,
    targets: TARGETS,
    kbBytes: 1024,
    gzipLevel: GZIP_LEVEL,
    loginRoute: browser.loginRoute,
    transfer: browser.transfer,
    lighthouse: browser.lighthouse,
    databases: throughput,
    fleetScale,
    usageFeed,
    bulkActions,
    publicApi,
    cluster,
    summary: lines,
    parts: only === null ? [...PARTS] : [...only],
    failures,
  };
  await writeFile(resultsFile, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`\nWritten to ${path.relative(REPO_ROOT, resultsFile)}`);
  if (runs('memory')) failures += (await benchMemory()).filter((report) => report.status === 'failed').length;
  if (runs('export')) failures += (await benchExport()).filter((report) => report.status === 'failed').length;
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
