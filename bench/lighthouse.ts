/**
 * Lighthouse 12 (default mobile settings: simulated throttling, Moto G power emulation) on the
 * login page and on the signed-in home page, three runs each, medians printed. Debian's
 * Chromium is started by chrome-launcher; puppeteer-core drives the tab so the home page can
 * be opened with a session seeded the way the app stores it (apps/web/src/lib/session-storage.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { BANNER_HINT_COOKIE } from '@ecare/shared/page-shell';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  HOME_PATH,
  LIGHTHOUSE_REPORTS_DIR,
  LIGHTHOUSE_RUNS,
  LOGIN_PATH,
  TARGETS,
} from './bench-config.ts';

export interface LighthouseRun {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  speedIndexMs: number;
  /**
   * Lighthouse's measure of the machine's speed during the run (higher is faster): the
   * simulated figures scale the tasks the machine actually ran, so a slow moment shows in TBT.
   */
  benchmarkIndex: number;
  lcpElement: string;
  finalUrl: string;
}

export type LighthouseMedians = Omit<LighthouseRun, 'lcpElement' | 'finalUrl' | 'benchmarkIndex'>;

export interface LighthousePage {
  name: string;
  path: string;
  runs: LighthouseRun[];
  median: LighthouseMedians;
  /** Runs that did not end on the measured page (a session refused, a redirect). */
  problems: string[];
  pass: boolean;
}

/** Tries per run before it counts as failed. */
const ATTEMPTS = 2;

/** Storage keys the app reads (STORAGE_KEYS of apps/web/src/lib/session-storage.ts). */
const SESSION_KEYS = { accessToken: 'access_token', lastRequestDate: 'last_request_date' } as const;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? upper) + upper) / 2;
}

function lcpElementOf(details: unknown): string {
  // details.items[0].items[0].node.nodeLabel (a table inside a list in Lighthouse 12).
  const first = (value: unknown): unknown =>
    typeof value === 'object' && value !== null && 'items' in value && Array.isArray(value.items) ? value.items[0] : undefined;
  const item = first(first(details));
  if (typeof item !== 'object' || item === null || !('node' in item)) return '—';
  const node = item.node;
  if (typeof node !== 'object' || node === null) return '—';
  const label = 'nodeLabel' in node && typeof node.nodeLabel === 'string' ? node.nodeLabel : '';
  const selector = 'selector' in node && typeof node.selector === 'string' ? node.selector : '';
  return `${selector} «${label.slice(0, 60)}»`;
}

/** Keeps the whole report of a run when BENCH_LIGHTHOUSE_REPORTS names a folder. */
async function keepReport(name: string, report: string | string[]): Promise<void> {
  if (LIGHTHOUSE_REPORTS_DIR === null) return;
  await mkdir(LIGHTHOUSE_REPORTS_DIR, { recursive: true });
  const file = path.join(LIGHTHOUSE_REPORTS_DIR, `${name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.json`);
  await writeFile(file, Array.isArray(report) ? report.join('\n') : report);
}

async function runOnce(browser: Browser, port: number, url: string, token: string | null, reportName: string): Promise<LighthouseRun> {
  const page = await browser.newPage();
  try {
    if (token !== null) {
      // Same tab, same origin: the sessionStorage written here is the one the measured page reads.
      // The banner hint is the cookie the app leaves once a signed-in page has shown the banner:
      // the page is measured as a returning user opens it.
      await page.goto(new URL('/ecare/version.json', url).href);
      await page.evaluate(
        (keys, value, hint) => {
          sessionStorage.setItem(keys.accessToken, value);
          localStorage.setItem(keys.lastRequestDate, new Date().toISOString());
          document.cookie = `${hint}=1; Path=/ecare/; SameSite=Lax`;
        },
        SESSION_KEYS,
        token,
        BANNER_HINT_COOKIE,
      );
      // Lighthouse keeps the storage (and so the cache) when told not to reset it: empty the cache here.
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
    }
    const result = await lighthouse(
      url,
      { port, logLevel: 'error', output: 'json', onlyCategories: ['performance'], disableStorageReset: token !== null },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    await keepReport(reportName, result.report);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: value('first-contentful-paint'),
      lcpMs: value('largest-contentful-paint'),
      cls: value('cumulative-layout-shift'),
      tbtMs: value('total-blocking-time'),
      speedIndexMs: value('speed-index'),
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      lcpElement: lcpElementOf(lhr.audits['largest-contentful-paint-element']?.details),
      finalUrl: lhr.finalDisplayedUrl,
    };
  } finally {
    await page.close();
  }
}

function summarise(name: string, path: string, runs: LighthouseRun[]): LighthousePage {
  const pick = (key: keyof LighthouseMedians) => median(runs.map((run) => run[key]));
  const problems = runs
    .filter((run) => new URL(run.finalUrl).pathname !== path)
    .map((run) => `a run ended on ${run.finalUrl} instead of ${path}`);
  const result: LighthouseMedians = {
    performance: pick('performance'),
    fcpMs: pick('fcpMs'),
    lcpMs: pick('lcpMs'),
    cls: pick('cls'),
    tbtMs: pick('tbtMs'),
    speedIndexMs: pick('speedIndexMs'),
  };
  const t = TARGETS.lighthouse;
  const pass =
    runs.length > 0 &&
    problems.length === 0 &&
    result.performance >= t.minPerformance &&
    result.lcpMs <= t.maxLcpMs &&
    result.cls <= t.maxCls;
  return { name, path, runs, median: result, problems, pass };
}

/** Runs Lighthouse LIGHTHOUSE_RUNS times on each page; `token` opens the signed-in home page. */
export async function measureLighthouse(
  baseUrl: string,
  token: string,
  log: (message: string) => void,
): Promise<LighthousePage[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  try {
    const pages: LighthousePage[] = [];
    for (const [name, path, session] of [
      ['login', LOGIN_PATH, null],
      ['home (signed in)', HOME_PATH, token],
    ] as const) {
      const runs: LighthouseRun[] = [];
      const failures: string[] = [];
      for (let index = 1; index <= LIGHTHOUSE_RUNS; index += 1) {
        log(`Lighthouse ${name}, run ${index}/${LIGHTHOUSE_RUNS}`);
        // A trace Lighthouse cannot read (NO_NAVSTART…) happens on a busy machine; it asks to run again.
        for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
          try {
            runs.push(await runOnce(browser, chrome.port, baseUrl + path, session, `${name}-${index}`));
            break;
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            log(`  attempt ${attempt}/${ATTEMPTS} failed: ${message}`);
            if (attempt === ATTEMPTS) failures.push(`run ${index} failed: ${message}`);
          }
        }
      }
      const page = summarise(name, path, runs);
      page.problems.push(...failures);
      page.pass &&= failures.length === 0;
      pages.push(page);
    }
    return pages;
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}
