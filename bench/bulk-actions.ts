/**
 * tsx bench/bulk-actions.ts  (also `BENCH_ONLY=bulk-actions npm run bench`)
 *
 * How long one bulk action over BENCH_BULK_LINES lines (default 10,000, the most a request names)
 * takes from its POST to its job's end (decision 050; target ≤ 2 minutes on PostgreSQL): the
 * directory listing of every line, each row through the single action's rules and audited, done
 * by the job queue in chunks (BULK_ACTIONS_CHUNK). Also the dry run of the same rows.
 *
 * On the fleet-scale part's scaled PostgreSQL database (BENCH_SCALE_DATABASE_URL, seeded by that
 * part or by this one with BENCH_SCALE_ACCOUNTS accounts, kept between runs). A billing account
 * of its own with the lines is added for the run, managed by the demo manager, and removed after
 * with its jobs, so that the kept database stays its size. PostgreSQL only: PGlite is a
 * single-connection embedded engine, for development.
 */
import os from 'node:os';
import { TARGETS, wholeFromEnv } from './bench-config.ts';
import { runAsScript } from './child-process.ts';
import { BENCH_ACCOUNT, FIRST_LINE, onBenchAccount } from './bench-account.ts';
import { call } from './servers.ts';
import { formatInt, heading, passMiss, renderTable } from './text-table.ts';

export interface BulkActionsReport {
  label: string;
  status: 'measured' | 'skipped' | 'failed';
  note?: string;
  serverVersion?: string;
  lines: number;
  chunk?: number;
  simulationSeconds?: number;
  jobSeconds?: number;
  rowsPerSecond?: number;
  loadAverage?: { start: number; end: number };
  pass: boolean | null;
}

export async function benchBulkActions(log: (message: string) => void = (message) => console.log(`  › ${message}`)): Promise<BulkActionsReport[]> {
  const lines = wholeFromEnv('BENCH_BULK_LINES', 10_000, 10, 10_000);
  console.log(heading(`Bulk actions — one job over ${formatInt(lines)} lines, POST to its end — load average ${os.loadavg()[0]?.toFixed(2) ?? '?'}`));
  const report: BulkActionsReport = { label: 'PostgreSQL', status: 'failed', lines, pass: null };
  await onBenchAccount(report, lines, log, async (server, token) => {
    const ids = Array.from({ length: lines }, (_, i) => FIRST_LINE + i + 1);
    const body = { action: 'ANNUAIRE', parametres: { inscriptionAnnuaire: 'LISTE_ORANGE' }, lignes: ids };
    const path = `/api/clients/${BENCH_ACCOUNT}/actions-groupees`;
    const loadStart = os.loadavg()[0] ?? 0;

    let started = performance.now();
    const simulation = await call(server, token, 'POST', path, { ...body, simulation: true });
    report.simulationSeconds = (performance.now() - started) / 1000;
    if (simulation.status !== 200) throw new Error(`dry run answered ${simulation.status}`);
    log(`dry run of ${formatInt(lines)} rows in ${report.simulationSeconds.toFixed(1)} s`);

    started = performance.now();
    const posted = await call(server, token, 'POST', path, body);
    if (posted.status !== 202) throw new Error(`POST answered ${posted.status}: ${JSON.stringify(posted.json).slice(0, 300)}`);
    const { idTraitement } = posted.json as { idTraitement: number };
    let job: { statut: string; faits: number; refuses: number; total: number } = { statut: 'EN_ATTENTE', faits: 0, refuses: 0, total: lines };
    while (job.statut !== 'TERMINE' && job.statut !== 'ANNULE') {
      if (performance.now() - started > 600_000) throw new Error(`the job had not ended after 10 minutes (${job.faits} rows done)`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      // The list's summaries: the progress without the 10,000 rows each time.
      const answer = await call(server, token, 'GET', `/api/clients/${BENCH_ACCOUNT}/traitements`);
      const found = (answer.json as { traitements: (typeof job & { idTraitement: number })[] }).traitements.find((row) => row.idTraitement === idTraitement);
      if (found) job = found;
    }
    report.jobSeconds = (performance.now() - started) / 1000;
    report.loadAverage = { start: loadStart, end: os.loadavg()[0] ?? 0 };
    if (job.faits !== lines || job.refuses !== 0) throw new Error(`${job.faits} rows done and ${job.refuses} refused of ${lines}`);
    report.rowsPerSecond = lines / report.jobSeconds;
    report.pass = report.jobSeconds <= TARGETS.bulkActions.maxJobSeconds;
    log(`${formatInt(lines)} rows done in ${report.jobSeconds.toFixed(1)} s (${formatInt(report.rowsPerSecond)} rows/s)`);
  });
  console.log(
    renderTable(
      ['database', 'lines', 'dry run', 'job (POST → end)', 'rows/s', 'target'],
      [
        report.status === 'measured'
          ? [report.label, formatInt(lines), `${report.simulationSeconds?.toFixed(1) ?? '?'} s`, `${report.jobSeconds?.toFixed(1) ?? '?'} s`, formatInt(report.rowsPerSecond ?? 0), `≤ ${TARGETS.bulkActions.maxJobSeconds} s ${passMiss(report.pass)}`]
          : [report.label, formatInt(lines), `${report.status}: ${report.note ?? ''}`, '', '', ''],
      ],
      ['left', 'left'],
    ),
  );
  return [report];
}

await runAsScript(import.meta.url, async () => (await benchBulkActions()).some((report) => report.status === 'failed'));
