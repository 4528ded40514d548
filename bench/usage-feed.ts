/**
 * tsx bench/usage-feed.ts  (also `BENCH_ONLY=usage-feed npm run bench`)
 *
 * How fast the usage feed counts records: POST /api/interne/usages, 10,000 records a request
 * (the most it takes), BENCH_USAGE_RECORDS records in all (default 1,000,000) over the running
 * lines of the fleet-scale part's scaled database (the demo set plus BENCH_SCALE_ACCOUNTS,
 * default 100,000 accounts, about 1,000,000 lines; seeded by that part or by this one, kept
 * between runs). The records are the demo feed's generator's (usage-feed.demo.ts) for the busy
 * minutes of yesterday morning, built and serialised before the clock starts: what is measured is
 * the server, not the sender. BENCH_USAGE_CONCURRENCY requests are in flight at once (default 2,
 * as two workers of the mediation system). Figures: records counted per second from the first
 * request to the last answer (target ≥ 20,000 on PostgreSQL), and the p50 and p95 of a request.
 *
 * On PostgreSQL (BENCH_SCALE_DATABASE_URL), then PGlite (BENCH_SCALE_PGLITE_DIR; BENCH_USAGE_PGLITE=0
 * leaves it out) with BENCH_USAGE_PGLITE_RECORDS records (default 200,000: one process writes
 * one page at a time there, and the run says how many it sent). The feed's tables
 * (usage_events, line_usage_days) and the alerts they raised, which the fleet list never reads, are emptied before and
 * after each run, so that every run counts new records and the kept database stays its size.
 *
 * A second figure: the p95 delay from the POST of a record that crosses a line's threshold to its
 * alert e-mail in the outbox, under the ingestion load (alert-delay.ts; target ≤ 60 s).
 */
import os from 'node:os';
import { USAGE_BATCH_MAX } from '../packages/shared/src/index.ts';
import { demoUsageBatch, type DemoFeedLine } from '../apps/api/src/modules/usage-feed/usage-feed.demo.ts';
import { measureAlertDelay, type AlertDelayFigure, type AlertTarget } from './alert-delay.ts';
import { TARGETS, wholeFromEnv } from './bench-config.ts';
import { runAsScript } from './child-process.ts';
import { fillScaled, openApiDatabase, settingsFromEnv, type DataSetSize } from './fleet-scale.ts';
import { ensurePostgres, startApi, type ApiDatabase, type RunningServer } from './servers.ts';
import { percentile } from './stats.ts';
import { formatInt, formatMs, heading, passMiss, renderTable } from './text-table.ts';
import { FEED_ROUTE, FEED_TOKEN, post } from './usage-feed-http.ts';

export interface UsageFeedReport {
  kind: 'pglite' | 'postgres';
  label: string;
  status: 'measured' | 'skipped' | 'failed';
  note?: string;
  serverVersion?: string;
  dataSet?: DataSetSize;
  /** Running lines the records are drawn over. */
  lines?: number;
  /** Records asked for, and records sent (fewer on PGlite unless told otherwise). */
  recordsWanted: number;
  records: number;
  batches?: number;
  concurrency: number;
  counted?: number;
  seconds?: number;
  recordsPerSecond?: number;
  batchP50Ms?: number;
  batchP95Ms?: number;
  loadAverage?: { start: number; end: number };
  alertDelay: AlertDelayFigure;
  /** Only PostgreSQL has a target; null elsewhere or when not measured. */
  pass: boolean | null;
}

interface FeedLineRow {
  id_contrat: number;
  numero_ligne: string;
  id_offre_engagement: number;
  data_mo: number | null;
  data_illimitee: boolean;
}

/** Lines kept out of the load, one crossing each while it runs. */
const ALERT_TARGETS = 20;

/**
 * The running lines the load draws over (as the generator draws them) and, apart from them, the
 * lines the alert delay is measured on: running lines of accounts with a manager, nothing out of
 * bundle in their monthly reading of the period. The feed's and the alerts' tables are emptied
 * (every alert is raised anew); the database is closed after.
 */
async function prepare(database: ApiDatabase): Promise<{ lines: DemoFeedLine[]; targets: AlertTarget[] }> {
  const handle = openApiDatabase(database);
  try {
    await handle.executeSql(EMPTY_TABLES);
    const { rows: targetRows } = await handle.executeSql(
      `select c.id_contrat, c.numero_ligne, min(u.email) as email
         from contracts c
         join user_billing_accounts uba on uba.id_client_bscs = c.id_client_bscs and uba.is_gestionnaire
         join users u on u.id = uba.user_id
         left join line_usage lu on lu.id_contrat = c.id_contrat and lu.periode = date_trunc('month', now() at time zone 'Europe/Paris')::date
        where c.code_statut = 'ACTIF' and coalesce(lu.hors_forfait_centimes, 0) = 0
        group by c.id_contrat, c.numero_ligne order by c.id_contrat limit ${ALERT_TARGETS}`,
    );
    const targets = (targetRows as { id_contrat: number; numero_ligne: string; email: string }[]).map((row) => ({ numeroLigne: row.numero_ligne, recipient: row.email }));
    const kept = new Set(targets.map((target) => target.numeroLigne));
    const { rows } = await handle.executeSql(
      `select c.id_contrat, c.numero_ligne, c.id_offre_engagement, o.data_mo, o.data_illimitee
         from contracts c join offers o on o.id_offre_engagement = c.id_offre_engagement
        where c.code_statut = 'ACTIF' order by c.id_contrat`,
    );
    const lines = (rows as FeedLineRow[])
      .filter((row) => !kept.has(row.numero_ligne))
      .map((row) => ({
        idContrat: row.id_contrat,
        numeroLigne: row.numero_ligne,
        idOffreEngagement: row.id_offre_engagement,
        dataMo: row.data_illimitee ? null : (row.data_mo ?? 0),
        heavy: false,
        traveller: false,
        usedDataOctets: 0,
        usedVoiceSeconds: 0,
      }));
    return { lines, targets };
  } finally {
    await handle.close();
  }
}

/** What a run leaves behind in the kept database: the feed's records and days, the alerts and freezes they raised. */
const EMPTY_TABLES = 'truncate usage_events, line_usage_days, data_freezes, usage_alerts, usage_thresholds';

async function emptyFeedTables(database: ApiDatabase): Promise<void> {
  const handle = openApiDatabase(database);
  try {
    await handle.executeSql(EMPTY_TABLES);
  } finally {
    await handle.close();
  }
}

/**
 * `records` records in request bodies of USAGE_BATCH_MAX, drawn minute after minute from 9:00
 * UTC yesterday (a working morning in France, unless yesterday was a Sunday: then more minutes).
 */
function requestBodies(lines: readonly DemoFeedLine[], records: number): string[] {
  const bodies: string[] = [];
  let pending: unknown[] = [];
  let drawn = 0;
  const start = new Date();
  start.setUTCDate(start.getUTCDate() - 1);
  start.setUTCHours(9, 0, 0, 0);
  for (let minute = 0; drawn < records; minute++) {
    for (const record of demoUsageBatch(lines, new Date(start.getTime() + minute * 60_000))) {
      pending.push(record);
      drawn += 1;
      if (pending.length === USAGE_BATCH_MAX || drawn === records) {
        bodies.push(JSON.stringify({ evenements: pending }));
        pending = [];
      }
      if (drawn === records) break;
    }
    if (minute > 24 * 60) throw new Error('a day of minutes drew too few records: too few running lines');
  }
  return bodies;
}

/** Sends every body, `concurrency` at a time; the records counted and each request's duration. */
async function ingest(server: RunningServer, bodies: readonly string[], concurrency: number) {
  const durations: number[] = [];
  let counted = 0;
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < bodies.length; index = next++) {
      const started = performance.now();
      const answer = await post(server, bodies[index] ?? '');
      durations.push(performance.now() - started);
      if (answer.rejetes.length > 0 || answer.doublons > 0) throw new Error(`request ${index}: ${answer.rejetes.length} rejected, ${answer.doublons} duplicates (the feed's tables were emptied first)`);
      counted += answer.acceptes;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { counted, durations: durations.sort((a, b) => a - b) };
}


interface Settings {
  records: number;
  pgliteRecords: number;
  concurrency: number;
  pglite: boolean;
  log: (message: string) => void;
}

async function benchOne(kind: 'pglite' | 'postgres', settings: Settings): Promise<UsageFeedReport> {
  const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const log = (message: string) => settings.log(`${label}: ${message}`);
  const records = kind === 'pglite' ? Math.min(settings.records, settings.pgliteRecords) : settings.records;
  const report: UsageFeedReport = { kind, label, status: 'failed', recordsWanted: settings.records, records, concurrency: settings.concurrency, alertDelay: { status: 'n/a', note: 'not run' }, pass: null };
  const scale = settingsFromEnv(settings.log);
  let database: ApiDatabase;
  if (kind === 'postgres') {
    const reached = await ensurePostgres(scale.scaledPostgresUrl);
    if ('unreachable' in reached) {
      report.status = 'skipped';
      report.note = `PostgreSQL not reachable (${reached.unreachable})`;
      log(`${report.note}; skipped`);
      return report;
    }
    report.serverVersion = reached.version;
    database = { kind, url: scale.scaledPostgresUrl };
  } else {
    database = { kind, dataDir: scale.pgliteDir };
  }
  let server: RunningServer | undefined;
  try {
    const seeded: Parameters<typeof fillScaled>[2] = {};
    await fillScaled(database, scale.accounts, seeded, log);
    report.dataSet = seeded.scaledSet;
    const { lines, targets } = await prepare(database);
    report.lines = lines.length;
    log(`drawing ${formatInt(records)} records over ${formatInt(lines.length)} running lines`);
    const bodies = requestBodies(lines, records);
    report.batches = bodies.length;
    log(`${bodies.length} requests of up to ${formatInt(USAGE_BATCH_MAX)} records (${(bodies.reduce((sum, body) => sum + body.length, 0) / 1024 / 1024).toFixed(0)} MB of JSON)`);
    server = await startApi(database, { USAGE_FEED_TOKEN: FEED_TOKEN, DEV_TOOLS: 'true' });
    // A first small request: connections, prepared statements, the JIT of the handler.
    await post(server, JSON.stringify({ evenements: [{ ...(JSON.parse(bodies[0] ?? '{}') as { evenements: object[] }).evenements[0], idEvenement: 'bench-warm-up' }] }));
    log(`sending them, ${settings.concurrency} at a time`);
    const loadStart = os.loadavg()[0] ?? 0;
    const started = performance.now();
    // The load's own time: the crossings measured beside it may end later.
    let loadEnded = 0;
    const load = ingest(server, bodies, settings.concurrency).finally(() => (loadEnded = performance.now()));
    const [result, alertDelay] = await Promise.all([load, measureAlertDelay(server, load, targets).catch((error: unknown): AlertDelayFigure => ({ status: 'failed', note: error instanceof Error ? error.message : String(error) }))]);
    const seconds = (loadEnded - started) / 1000;
    report.loadAverage = { start: loadStart, end: os.loadavg()[0] ?? 0 };
    report.alertDelay = alertDelay;
    report.counted = result.counted;
    report.seconds = seconds;
    report.recordsPerSecond = result.counted / seconds;
    report.batchP50Ms = percentile(result.durations, 0.5);
    report.batchP95Ms = percentile(result.durations, 0.95);
    if (result.counted !== records) throw new Error(`${formatInt(result.counted)} records counted of ${formatInt(records)} sent`);
    if (server.child.hasExited()) throw new Error(`${server.child.name} exited during the run (${await server.child.exited})`);
    report.pass = kind === 'postgres' ? report.recordsPerSecond >= TARGETS.usageFeed.minRecordsPerSecond : null;
    report.status = 'measured';
    log(`${formatInt(result.counted)} records in ${seconds.toFixed(1)} s: ${formatInt(report.recordsPerSecond)} records/s`);
  } catch (error) {
    report.note = error instanceof Error ? error.message : String(error);
    log(`FAILED ${report.note}`);
  } finally {
    await server?.child.stop();
    await emptyFeedTables(database).catch((error: unknown) => log(`could not empty the feed's tables: ${String(error)}`));
  }
  return report;
}

export function printUsageFeedReports(reports: UsageFeedReport[]): void {
  const rows = reports.map((r) =>
    r.status !== 'measured'
      ? [r.label, `${r.status} (see below)`, '', '', '', '', '', '']
      : [
          r.label,
          `${formatInt(r.records)}${r.records < r.recordsWanted ? ` (of ${formatInt(r.recordsWanted)})` : ''}`,
          `${r.seconds?.toFixed(1) ?? '?'} s`,
          formatInt(r.recordsPerSecond ?? 0),
          formatMs(r.batchP50Ms ?? Number.NaN),
          formatMs(r.batchP95Ms ?? Number.NaN),
          r.alertDelay.status === 'measured'
            ? `${formatMs(r.alertDelay.p95Ms ?? Number.NaN)} (${r.alertDelay.samples ?? 0} crossings; ≤ ${formatMs(TARGETS.usageFeed.maxAlertDelayMs)} ${passMiss((r.alertDelay.p95Ms ?? Infinity) <= TARGETS.usageFeed.maxAlertDelayMs)})`
            : `${r.alertDelay.status} (${r.alertDelay.note ?? ''})`,
          r.kind === 'postgres' ? `≥ ${formatInt(TARGETS.usageFeed.minRecordsPerSecond)}/s ${passMiss(r.pass)}` : 'no target',
        ],
  );
  console.log(renderTable(['database', 'records', 'time', 'records/s', 'request p50', 'request p95', 'crossing → e-mail p95', 'target'], rows, ['left', 'left']));
  for (const r of reports) {
    if (r.status !== 'measured') {
      console.log(`${r.label}: ${r.status}${r.note ? ` — ${r.note.split('\n')[0] ?? ''}` : ''}`);
      continue;
    }
    console.log(
      `${r.label}${r.serverVersion ? ` ${r.serverVersion}` : ''}: ${formatInt(r.batches ?? 0)} requests, ${r.concurrency} at a time, over ${formatInt(r.lines ?? 0)} running lines of ` +
        `${formatInt(r.dataSet?.accounts ?? 0)} accounts / ${formatInt(r.dataSet?.lines ?? 0)} lines (load average ${r.loadAverage?.start.toFixed(2) ?? '?'} → ${r.loadAverage?.end.toFixed(2) ?? '?'})` +
        (r.records < r.recordsWanted ? ` · fewer records than asked: BENCH_USAGE_PGLITE_RECORDS=${r.records}` : ''),
    );
  }
}

/** Measures PostgreSQL (when reachable) and, unless BENCH_USAGE_PGLITE=0, PGlite; prints the table. */
export async function benchUsageFeed(log: (message: string) => void = (message) => console.log(`  › ${message}`)): Promise<UsageFeedReport[]> {
  const pglite = process.env.BENCH_USAGE_PGLITE?.trim() ?? '';
  if (!['', '0', '1'].includes(pglite)) throw new Error(`BENCH_USAGE_PGLITE must be 0 or 1 (got "${pglite}")`);
  const settings: Settings = {
    records: wholeFromEnv('BENCH_USAGE_RECORDS', 1_000_000, USAGE_BATCH_MAX, 10_000_000),
    pgliteRecords: wholeFromEnv('BENCH_USAGE_PGLITE_RECORDS', 200_000, USAGE_BATCH_MAX, 10_000_000),
    concurrency: wholeFromEnv('BENCH_USAGE_CONCURRENCY', 2, 1, 16),
    pglite: pglite !== '0',
    log,
  };
  console.log(
    heading(
      `Usage feed ingestion — POST ${FEED_ROUTE}, ${formatInt(USAGE_BATCH_MAX)} records a request, ${formatInt(settings.records)} records ` +
        `(PGlite ${formatInt(Math.min(settings.records, settings.pgliteRecords))}) over the scaled data set — load average ${os.loadavg()[0]?.toFixed(2) ?? '?'}`,
    ),
  );
  const reports: UsageFeedReport[] = [await benchOne('postgres', settings)];
  if (settings.pglite) reports.push(await benchOne('pglite', settings));
  else log('PGlite: left out (BENCH_USAGE_PGLITE=0)');
  printUsageFeedReports(reports);
  return reports;
}

await runAsScript(import.meta.url, async () => (await benchUsageFeed()).some((report) => report.status === 'failed'));
