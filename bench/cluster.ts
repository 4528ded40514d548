/**
 * tsx bench/cluster.ts  (also `BENCH_ONLY=cluster npm run bench`)
 *
 * Several instances behind nginx (deploy/local-cluster.sh, decision 067) on one PostgreSQL
 * database (BENCH_CLUSTER_DATABASE_URL, default …/ecare_bench_cluster, made again with the demo):
 *
 * 1. Scaling: a mixed load of BENCH_CLUSTER_CONNECTIONS (200) clients for BENCH_CLUSTER_SECONDS
 *    (30) through the proxy, with 1, 2 and 3 instances; requests a second and p50/p95 per kind.
 * 2. Rolling restart: 3 instances under the same load for BENCH_CLUSTER_ROLLING_SECONDS (300);
 *    after a tenth of it, `local-cluster.sh restart` stops and starts them one by one. Target: 0
 *    failed requests (any answer but the expected 2xx, or no answer), which instance answered
 *    each request counted from X-Instance-Id.
 *
 * Each client is a browser of the demo manager: it signs in, then reads fleet list pages and
 * invoice PDFs, changes its contact preferences, sends the contact form with a PDF attached, and
 * signs in again now and then. Each sign-in comes from an address of its own (X-Forwarded-For in
 * 198.18.0.0/15, the benchmarking range, which the proxy passes on), as a crowd of users does:
 * the per-address limits are not what is measured. The load runs in this process, on the same two
 * cores as nginx, PostgreSQL and the instances: what scales and what does not is reported as measured.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT, wholeFromEnv } from './bench-config.ts';
import { runAsScript } from './child-process.ts';
import { login, resetPostgres } from './servers.ts';
import { percentile } from './stats.ts';
import { formatInt, formatMs, heading, passMiss, renderTable } from './text-table.ts';

const run = promisify(execFile);
const SCRIPT = path.join(REPO_ROOT, 'deploy/local-cluster.sh');
const PROXY_PORT = 8190;
const BASE_PORT = 3291;
const KINDS = ['sign-in', 'fleet-page', 'invoice-pdf', 'opt-in', 'upload'] as const;
type Kind = (typeof KINDS)[number];
/** Of a client's requests after its first sign-in, the share of each kind. */
const MIX: readonly [Kind, number][] = [
  ['sign-in', 0.04],
  ['fleet-page', 0.5],
  ['invoice-pdf', 0.2],
  ['opt-in', 0.18],
  ['upload', 0.08],
];
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

export interface ClusterStep {
  instances: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  failures: number;
  /** A few of the failures, for the report. */
  failureSamples: string[];
  /** Requests sent again because the proxy closed their kept-alive connection before any answer (see `send`). */
  closedRetried: number;
  p50Ms: number;
  p95Ms: number;
  kinds: { kind: Kind; requests: number; p50Ms: number; p95Ms: number }[];
  /** Requests answered by each instance (X-Instance-Id). */
  byInstance: Record<string, number>;
}

export interface ClusterReport {
  status: 'measured' | 'skipped' | 'failed';
  note?: string;
  connections: number;
  scaling: ClusterStep[];
  rolling: (ClusterStep & { restartSeconds: number }) | null;
  pass: boolean | null;
}

interface Cluster {
  baseUrl: string;
  env: NodeJS.ProcessEnv;
}

async function cluster(command: 'up' | 'down' | 'restart', env: NodeJS.ProcessEnv, count?: number): Promise<string> {
  const { stdout } = await run('bash', [SCRIPT, command, ...(count ? [String(count)] : [])], { env, cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024 });
  return stdout.trim();
}

let addresses = 0;
/** A client address of the benchmarking range, a new one at each call. */
function nextAddress(): string {
  addresses += 1;
  return `198.18.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
}

interface Target {
  account: number;
  invoices: string[];
  pages: number;
}

/** The demo manager's account, its invoices and how many fleet pages of 20 it has. */
export async function target(baseUrl: string): Promise<Target> {
  const headers = { 'x-forwarded-for': nextAddress() };
  const token = await login(baseUrl, headers);
  const auth = { ...headers, authorization: `Bearer ${token}` };
  const accounts = (await (await fetch(`${baseUrl}/api/comptes_facturation`, { headers: auth })).json()) as { idClientBscs: number; isGestionnaire?: boolean }[];
  const account = accounts.find((a) => a.isGestionnaire)?.idClientBscs ?? accounts[0]?.idClientBscs;
  if (!account) throw new Error('the demo manager has no account');
  const invoicesText = await (await fetch(`${baseUrl}/api/facture/${account}`, { headers: auth })).text();
  const invoices = [...new Set([...invoicesText.matchAll(/"referenceNumber":"([^"]+)"/g)].map((m) => m[1] ?? ''))].filter(Boolean);
  const page = (await (await fetch(`${baseUrl}/api/contrats_pagination/${account}?page=1&taille=20`, { headers: auth })).json()) as { total?: number; totalElements?: number };
  const total = page.total ?? page.totalElements ?? 20;
  if (invoices.length === 0) throw new Error('the demo account has no invoice');
  return { account, invoices, pages: Math.max(1, Math.ceil(total / 20)) };
}

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)] as T;
}

function nextKind(): Kind {
  let draw = Math.random();
  for (const [kind, share] of MIX) {
    if (draw < share) return kind;
    draw -= share;
  }
  return 'fleet-page';
}

interface Sample {
  kind: Kind;
  ms: number;
}

/** Everything a load measured: each request's time, the failures, who answered. */
class Tally {
  samples: Sample[] = [];
  failures = 0;
  failureSamples: string[] = [];
  byInstance: Record<string, number> = {};
  closedRetried = 0;

  fail(kind: Kind, what: string) {
    this.failures += 1;
    if (this.failureSamples.length < 10) this.failureSamples.push(`${kind}: ${what}`);
  }

  step(instances: number, seconds: number): ClusterStep {
    const sorted = (list: Sample[]) => list.map((s) => s.ms).sort((a, b) => a - b);
    const all = sorted(this.samples);
    return {
      instances,
      seconds,
      requests: this.samples.length + this.failures,
      requestsPerSecond: (this.samples.length + this.failures) / seconds,
      failures: this.failures,
      failureSamples: this.failureSamples,
      closedRetried: this.closedRetried,
      p50Ms: percentile(all, 0.5),
      p95Ms: percentile(all, 0.95),
      kinds: KINDS.map((kind) => {
        const times = sorted(this.samples.filter((s) => s.kind === kind));
        return { kind, requests: times.length, p50Ms: percentile(times, 0.5), p95Ms: percentile(times, 0.95) };
      }),
      byInstance: this.byInstance,
    };
  }
}

/** undici's errors for a kept-alive connection the other side closed (or reset) before any answer. */
const closedBeforeAnswer = (error: unknown) => error instanceof Error && ['UND_ERR_SOCKET', 'ECONNRESET'].includes(String((error.cause as { code?: string } | undefined)?.code));
/** Chromium sends a request again at most twice when its reused connection closes before any answer. */
const RESENDS = 2;

/**
 * The request, sent again when the proxy closed the kept-alive connection it went on before any
 * answer (nginx's old workers close their idle connections at each reload), as browsers do:
 * counted in `closedRetried`, not hidden.
 */
async function resending<T>(tally: Tally, attempt: () => Promise<T>): Promise<T> {
  for (let resent = 0; ; resent++) {
    try {
      return await attempt();
    } catch (error) {
      if (!closedBeforeAnswer(error) || resent >= RESENDS) throw error;
      tally.closedRetried += 1;
    }
  }
}

const send = (tally: Tally, url: string, init: RequestInit) => resending(tally, () => fetch(url, { ...init, signal: AbortSignal.timeout(60_000) }));

/** One request, timed to its last byte; anything but `expected` is a failure. */
async function timed(tally: Tally, kind: Kind, url: string, init: RequestInit, expected: number): Promise<Response | null> {
  const started = performance.now();
  try {
    const response = await send(tally, url, init);
    const body = await response.arrayBuffer();
    const ms = performance.now() - started;
    const instance = response.headers.get('x-instance-id') ?? 'none';
    tally.byInstance[instance] = (tally.byInstance[instance] ?? 0) + 1;
    if (response.status !== expected) {
      tally.fail(kind, `${init.method ?? 'GET'} ${new URL(url).pathname} answered ${response.status} by ${instance}: ${Buffer.from(body).toString('utf8').slice(0, 160)}`);
      return null;
    }
    tally.samples.push({ kind, ms });
    return response;
  } catch (error) {
    tally.fail(kind, `${init.method ?? 'GET'} ${new URL(url).pathname}: ${error instanceof Error ? `${error.message} ${String((error.cause as Error | undefined)?.message ?? '')}` : String(error)}`);
    return null;
  }
}

/** A sign-in timed as one request of its kind (its XSRF read and POST /api/token). */
async function signIn(tally: Tally, baseUrl: string, address: string): Promise<string | null> {
  const started = performance.now();
  try {
    const headers = { 'x-forwarded-for': address };
    const token = await resending(tally, () => login(baseUrl, headers));
    tally.samples.push({ kind: 'sign-in', ms: performance.now() - started });
    return token;
  } catch (error) {
    tally.fail('sign-in', error instanceof Error ? error.message.slice(0, 200) : String(error));
    return null;
  }
}

/** One client until `until`: signs in, then requests of the mix one after the other. */
async function client(tally: Tally, baseUrl: string, goal: Target, until: number): Promise<void> {
  let address = nextAddress();
  let token = await signIn(tally, baseUrl, address);
  const xsrf = `bench${Math.random().toString(16).slice(2)}`;
  while (Date.now() < until) {
    if (!token) {
      address = nextAddress();
      token = await signIn(tally, baseUrl, address);
      continue;
    }
    const headers = { authorization: `Bearer ${token}`, 'x-forwarded-for': address, cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
    const kind = nextKind();
    switch (kind) {
      case 'sign-in':
        address = nextAddress();
        token = await signIn(tally, baseUrl, address);
        break;
      case 'fleet-page':
        await timed(tally, kind, `${baseUrl}/api/contrats_pagination/${goal.account}?page=${1 + Math.floor(Math.random() * goal.pages)}&taille=20`, { headers }, 200);
        break;
      case 'invoice-pdf':
        await timed(tally, kind, `${baseUrl}/api/facture/${goal.account}/${encodeURIComponent(pick(goal.invoices))}/pdf`, { headers }, 200);
        break;
      case 'opt-in': {
        const choice = () => Math.random() < 0.5;
        const body = JSON.stringify({ emailMarketing: choice(), smsMarketing: choice(), emailActualites: choice(), smsActualites: choice() });
        await timed(tally, kind, `${baseUrl}/api/contacts/optins`, { method: 'PUT', headers: { ...headers, 'content-type': 'application/json' }, body }, 200);
        break;
      }
      case 'upload': {
        const form = new FormData();
        form.set('idTheme', '7');
        form.set('idSousTheme', '701');
        form.set('objet', 'Facture de la flotte');
        form.set('message', 'Bonjour,\nvoici le justificatif demandé.\nCordialement.');
        form.set('pieceJointe', new Blob([PDF], { type: 'application/pdf' }), 'justificatif.pdf');
        // A contact message per address and hour is limited: each upload comes from an address of its own.
        await timed(tally, kind, `${baseUrl}/api/faq/envoyerEmail`, { method: 'POST', headers: { ...headers, 'x-forwarded-for': nextAddress() }, body: form }, 200);
        break;
      }
    }
  }
}

export async function load(baseUrl: string, goal: Target, connections: number, seconds: number): Promise<Tally> {
  const tally = new Tally();
  const until = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, () => client(tally, baseUrl, goal, until)));
  return tally;
}

function printStep(title: string, step: ClusterStep) {
  console.log(
    `  ${title}: ${formatInt(step.requests)} requests in ${step.seconds} s, ${formatInt(step.requestsPerSecond)} per second, p50 ${formatMs(step.p50Ms)}, p95 ${formatMs(step.p95Ms)}, ${step.failures} failed, ${step.closedRetried} sent again after the proxy closed their connection`,
  );
  console.log(`    by instance: ${Object.entries(step.byInstance).map(([id, n]) => `${id} ${formatInt(n)}`).join(', ')}`);
  for (const sample of step.failureSamples) console.log(`    failure — ${sample}`);
}

export async function benchCluster(log: (message: string) => void = (message) => console.log(`  › ${message}`)): Promise<ClusterReport> {
  const connections = wholeFromEnv('BENCH_CLUSTER_CONNECTIONS', 200, 1, 2_000);
  const seconds = wholeFromEnv('BENCH_CLUSTER_SECONDS', 30, 5, 3_600);
  const rollingSeconds = wholeFromEnv('BENCH_CLUSTER_ROLLING_SECONDS', 300, 30, 3_600);
  const databaseUrl = process.env.BENCH_CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ecare_bench_cluster';
  console.log(heading(`Cluster — ${connections} clients through nginx, 1 to 3 instances, then a rolling restart — load average ${os.loadavg()[0]?.toFixed(2) ?? '?'}`));
  const report: ClusterReport = { status: 'failed', connections, scaling: [], rolling: null, pass: null };
  const reset = await resetPostgres(databaseUrl);
  if ('unreachable' in reset) return { ...report, status: 'skipped', note: `PostgreSQL unreachable: ${reset.unreachable}` };
  const state = mkdtempSync(path.join(os.tmpdir(), 'ecare-bench-cluster-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, CLUSTER_DIR: state, PROXY_PORT: String(PROXY_PORT), INSTANCE_BASE_PORT: String(BASE_PORT), LOG_LEVEL: 'warn', DEMO_USAGE_FEED: 'false' };
  const it: Cluster = { baseUrl: `http://127.0.0.1:${PROXY_PORT}`, env };
  try {
    for (const instances of [1, 2, 3]) {
      log(await cluster('up', it.env, instances));
      const goal = await target(it.baseUrl);
      const step = (await load(it.baseUrl, goal, connections, seconds)).step(instances, seconds);
      printStep(`${instances} instance${instances > 1 ? 's' : ''}`, step);
      report.scaling.push(step);
      log(await cluster('down', it.env));
    }
    log(await cluster('up', it.env, 3));
    const goal = await target(it.baseUrl);
    const loading = load(it.baseUrl, goal, connections, rollingSeconds);
    await new Promise((resolve) => setTimeout(resolve, (rollingSeconds * 1000) / 10));
    const restartStarted = performance.now();
    log(await cluster('restart', it.env));
    const restartSeconds = (performance.now() - restartStarted) / 1000;
    log(`rolling restart took ${restartSeconds.toFixed(1)} s; the load goes on to ${rollingSeconds} s`);
    const rolling = { ...(await loading).step(3, rollingSeconds), restartSeconds };
    printStep('rolling restart', rolling);
    report.rolling = rolling;
    report.pass = rolling.failures === 0;
    report.status = 'measured';
    console.log(
      renderTable(
        ['Instances', 'Requests/s', 'p50', 'p95', ...KINDS.map((kind) => `p95 ${kind}`), 'Failed'],
        report.scaling.map((s) => [String(s.instances), formatInt(s.requestsPerSecond), formatMs(s.p50Ms), formatMs(s.p95Ms), ...s.kinds.map((k) => formatMs(k.p95Ms)), String(s.failures)]),
      ),
    );
    console.log(`  Rolling restart of 3 instances under ${connections} clients: ${rolling.failures} failed of ${formatInt(rolling.requests)} — ${passMiss(report.pass)} (target 0)`);
    return report;
  } catch (error) {
    return { ...report, note: error instanceof Error ? error.message : String(error) };
  } finally {
    await cluster('down', it.env).catch(() => undefined);
    // The instances' and nginx's logs stay for a look when anything failed.
    if (report.pass === true) rmSync(state, { recursive: true, force: true });
    else console.log(`  logs kept in ${state}`);
  }
}

await runAsScript(import.meta.url, async () => {
  const report = await benchCluster();
  if (report.note) console.log(`  ${report.status}: ${report.note}`);
  return report.status === 'failed';
});
