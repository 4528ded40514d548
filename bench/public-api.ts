/**
 * tsx bench/public-api.ts  (also `BENCH_ONLY=public-api npm run bench`)
 *
 * The public API's lists read a big fleet page by page without loading it (decision 061): on the
 * fleet-scale part's scaled PostgreSQL database (100,000 accounts, kept between runs), the bench's
 * own account gets BENCH_API_LINES lines (default 100,000), and GET /api/v1/productInventory/product
 * pages of 100 lines are read with API keys of that account, from the first page, at random
 * offsets and at the deepest one, one request at a time; p50 and p95 per kind, target p95 ≤ 50 ms
 * on every kind. Ten keys take turns, so that the limit of 600 requests a minute per key is not
 * what is measured. PostgreSQL only, as the bulk actions' part: PGlite is for development.
 */
import os from 'node:os';
import { TARGETS, wholeFromEnv } from './bench-config.ts';
import { BENCH_ACCOUNT, onBenchAccount } from './bench-account.ts';
import { runAsScript } from './child-process.ts';
import { call, type RunningServer } from './servers.ts';
import { percentile } from './stats.ts';
import { formatInt, formatMs, heading, passMiss, renderTable } from './text-table.ts';

const PAGE = 100;
const KEYS = 10;
const WARMUP = 30;

export interface PublicApiReport {
  label: string;
  status: 'measured' | 'skipped' | 'failed';
  note?: string;
  lines: number;
  kinds: { name: string; p50Ms: number; p95Ms: number; pass: boolean }[];
  pass: boolean | null;
}

interface Kind {
  name: string;
  offset: () => number;
}

/** One page read with a key, timed to its last byte; checks the page is whole and counted. */
async function timedPage(server: RunningServer, key: string, offset: number, lines: number): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/api/v1/productInventory/product?offset=${offset}&limit=${PAGE}`, { headers: { authorization: `Bearer ${key}` }, signal: AbortSignal.timeout(30_000) });
  const items = (await response.json()) as unknown[];
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`offset ${offset} answered ${response.status}`);
  if (response.headers.get('x-total-count') !== String(lines) || items.length !== Math.min(PAGE, lines - offset)) throw new Error(`offset ${offset}: ${items.length} items of ${response.headers.get('x-total-count')}`);
  return ms;
}

export async function benchPublicApi(log: (message: string) => void = (message) => console.log(`  › ${message}`)): Promise<PublicApiReport[]> {
  const lines = wholeFromEnv('BENCH_API_LINES', 100_000, 1_000, 100_000);
  const samples = wholeFromEnv('BENCH_API_SAMPLES', 600, 20, 10_000);
  console.log(heading(`Public API — pages of ${PAGE} lines of a ${formatInt(lines)}-line account — load average ${os.loadavg()[0]?.toFixed(2) ?? '?'}`));
  const report: PublicApiReport = { label: 'PostgreSQL', status: 'failed', lines, kinds: [], pass: null };
  await onBenchAccount(report, lines, log, async (server, session) => {
    const expireLe = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const keys: string[] = [];
    for (let i = 0; i < KEYS; i++) {
      const created = await call(server, session, 'POST', `/api/clients/${BENCH_ACCOUNT}/cles-api`, { libelle: `Banc ${i + 1}`, portees: ['lignes:lecture'], expireLe });
      if (created.status !== 201) throw new Error(`key creation answered ${created.status}: ${JSON.stringify(created.json).slice(0, 300)}`);
      keys.push((created.json as { cle: string }).cle);
    }
    const deepest = lines - PAGE;
    const kinds: Kind[] = [
      { name: 'first page', offset: () => 0 },
      { name: 'random page', offset: () => Math.floor(Math.random() * (deepest + 1)) },
      { name: 'deepest page', offset: () => deepest },
    ];
    const timings = new Map<string, number[]>(kinds.map((kind) => [kind.name, []]));
    let turn = 0;
    for (let i = 0; i < WARMUP + samples; i++) {
      for (const kind of kinds) {
        const ms = await timedPage(server, keys[turn++ % KEYS] ?? '', kind.offset(), lines);
        if (i >= WARMUP) timings.get(kind.name)?.push(ms);
      }
    }
    report.kinds = kinds.map((kind) => {
      const sorted = [...(timings.get(kind.name) ?? [])].sort((a, b) => a - b);
      const p95Ms = percentile(sorted, 0.95);
      return { name: kind.name, p50Ms: percentile(sorted, 0.5), p95Ms, pass: p95Ms <= TARGETS.publicApi.maxPageP95Ms };
    });
    report.pass = report.kinds.every((kind) => kind.pass);
  });
  console.log(
    renderTable(
      ['database', 'request', 'p50', 'p95', 'target'],
      report.status === 'measured'
        ? report.kinds.map((kind) => [report.label, kind.name, formatMs(kind.p50Ms), formatMs(kind.p95Ms), `p95 ≤ ${TARGETS.publicApi.maxPageP95Ms} ms ${passMiss(kind.pass)}`])
        : [[report.label, `${report.status}: ${report.note ?? ''}`, '', '', '']],
      ['left', 'left'],
    ),
  );
  return [report];
}

await runAsScript(import.meta.url, async () => (await benchPublicApi()).some((report) => report.status === 'failed'));
