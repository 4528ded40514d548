import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { closeContexts, workerBrowser } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

export interface RealApp {
  server: RunningServer;
  browser: Browser;
}

/**
 * For one test file: the real server on a throw-away database (a copy of the run's template),
 * stopped after the file, and the worker's Chromium (workerBrowser), in which the contexts and
 * pages the file opened are closed after it. `env` adds to the server's environment, read when it
 * starts (after the hooks registered before this call have run: a peer started there can be named).
 */
export function useRealApp({ env }: { env?: () => Record<string, string> } = {}): RealApp {
  const app = {} as RealApp;
  beforeAll(async () => {
    app.server = await startServer({ env: env?.() ?? {} });
    app.browser = await workerBrowser();
    // Whatever an earlier file of the worker left open there (one that used it without this helper).
    await closeContexts(app.browser);
  });
  afterAll(async () => {
    if (app.browser) await closeContexts(app.browser);
    await app.server?.stop();
  });
  return app;
}
