/** Printed sections of npm run bench (bench/run.ts measures, this prints). */
import { API_ROUTE, GZIP_LEVEL, LIGHTHOUSE_RUNS, LOAD, TARGETS } from './bench-config.ts';
import type { LighthousePage } from './lighthouse.ts';
import type { LoadSample } from './load.ts';
import type { LoginRouteReport } from './login-route.ts';
import { formatInt, formatKb, formatMs, heading, passMiss, renderTable } from './text-table.ts';
import { ENCODINGS, type TransferRow } from './transfer.ts';

export interface Check {
  name: string;
  value: string;
  target: string;
  pass: boolean | null;
}

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseResult {
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

export function printLoginRoute(report: LoginRouteReport): void {
  const rows = report.files.map((file) => [
    file.path,
    file.encoding,
    formatInt(file.transferBytes),
    formatInt(file.rawBytes),
    formatInt(file.gzipBytes),
    formatKb(file.gzipBytes),
  ]);
  rows.push([
    `TOTAL (${report.files.length} scripts)`,
    '',
    formatInt(report.totalTransferBytes),
    formatInt(report.totalRawBytes),
    formatInt(report.totalGzipBytes),
    formatKb(report.totalGzipBytes),
  ]);
  console.log(
    renderTable(['script', 'sent as', 'transfer B', 'decoded B', `gzip -${GZIP_LEVEL} B`, `gzip -${GZIP_LEVEL}`], rows, ['left', 'left']),
  );
  const others = report.requests.filter((request) => request.type !== 'script');
  console.log(`Other requests: ${others.map((request) => `${request.type} ${request.path}`).join(', ') || 'none'}`);
  console.log(
    `Result: ${formatKb(report.totalGzipBytes)} (gzip -${GZIP_LEVEL}) for a target of ≤ ${formatKb(report.targetBytes)} → ${passMiss(report.pass)}`,
  );
}

export function printTransfer(rows: TransferRow[]): void {
  const total = (encoding: (typeof ENCODINGS)[number]) => rows.reduce((sum, row) => sum + row.sizes[encoding].bytes, 0);
  const table = rows.map((row) => [
    row.path.length > 60 ? `${row.path.slice(0, 57)}…` : row.path,
    ...ENCODINGS.map((encoding) => `${formatInt(row.sizes[encoding].bytes)} (${row.sizes[encoding].encoding})`),
  ]);
  table.push(['TOTAL', ...ENCODINGS.map((encoding) => formatInt(total(encoding)))]);
  console.log(
    renderTable(
      ['file', ...ENCODINGS.map((encoding) => `Accept-Encoding: ${encoding} → bytes (sent as)`)],
      table,
      ['left'],
    ),
  );
}

export function printLighthouse(pages: LighthousePage[]): void {
  const t = TARGETS.lighthouse;
  const rows: string[][] = [];
  for (const page of pages) {
    page.runs.forEach((run, index) => {
      rows.push([
        page.name,
        `run ${index + 1}`,
        String(run.performance),
        formatMs(run.fcpMs),
        formatMs(run.lcpMs),
        run.cls.toFixed(3),
        formatMs(run.tbtMs),
        formatMs(run.speedIndexMs),
        String(run.benchmarkIndex),
        run.lcpElement,
      ]);
    });
    const m = page.median;
    rows.push([page.name, 'MEDIAN', String(m.performance), formatMs(m.fcpMs), formatMs(m.lcpMs), m.cls.toFixed(3), formatMs(m.tbtMs), formatMs(m.speedIndexMs), '', '']);
  }
  console.log(
    renderTable(
      ['page', 'run', 'perf', 'FCP', 'LCP', 'CLS', 'TBT', 'SI', 'speed', 'LCP element'],
      rows,
      ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'left'],
    ),
  );
  console.log('speed: the machine\'s benchmark index during the run, as Lighthouse measures it (higher is faster).');
  for (const page of pages) {
    for (const problem of page.problems) console.log(`Note (${page.name}): ${problem}`);
    console.log(
      `${page.name}: median of ${LIGHTHOUSE_RUNS} — performance ${page.median.performance} (≥ ${t.minPerformance}), ` +
        `LCP ${formatMs(page.median.lcpMs)} (≤ ${formatMs(t.maxLcpMs)}), CLS ${page.median.cls.toFixed(3)} (${t.maxCls}) → ${passMiss(page.pass)}`,
    );
  }
}

export function printThroughput(results: DatabaseResult[]): void {
  const rows: string[][] = [];
  for (const r of results) {
    if (r.status !== 'measured' || !r.api || !r.bare || !r.responseBytes) {
      rows.push([r.label, r.status, '', '', '', '', '', '', '']);
      continue;
    }
    for (const [name, sample, bytes] of [
      ['bare Fastify (hello world)', r.bare, r.responseBytes.bare],
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
    renderTable(['database', 'route', 'body B', 'req/s avg', 'requests', 'p50', 'p99', 'non-2xx', 'errors (timeouts)'], rows, ['left', 'left']),
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

export function throughputHeading(): string {
  return heading(
    `4. API throughput — autocannon ${LOAD.connections} connections, pipelining ${LOAD.pipelining}, ` +
      `${LOAD.warmupSeconds} s warm-up + ${LOAD.measureSeconds} s measured, both servers logging requests at info level`,
  );
}
