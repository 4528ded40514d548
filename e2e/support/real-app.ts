import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

export interface RealApp {
  server: RunningServer;
  browser: Browser;
}

/**
 * For one test file: the real server on a throw-away database and a Chromium, both stopped after
 * the file. `env` adds to the server's environment, read when it starts (after the hooks
 * registered before this call have run: a peer started there can be named).
 */
export function useRealApp({ env }: { env?: () => Record<string, string> } = {}): RealApp {
  const app = {} as RealApp;
  beforeAll(async () => {
    app.server = await startServer({ env: env?.() ?? {} });
    app.browser = await launchBrowser();
  });
  afterAll(async () => {
    await app.browser?.close();
    await app.server?.stop();
  });
  return app;
}
