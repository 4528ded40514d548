import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

export interface RealApp {
  server: RunningServer;
  browser: Browser;
}

/** For one test file: the real server on a throw-away database and a Chromium, both stopped after the file. */
export function useRealApp(): RealApp {
  const app = {} as RealApp;
  beforeAll(async () => {
    app.server = await startServer();
    app.browser = await launchBrowser();
  });
  afterAll(async () => {
    await app.browser?.close();
    await app.server?.stop();
  });
  return app;
}
