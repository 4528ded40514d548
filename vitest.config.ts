import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Browser journeys run on PostgreSQL only in CI (decision 041): they show pages, move between them
 * and sign in and out, and what they write (a session, a parameter, a content row) is the same SQL
 * on both databases, covered by the API tests on both. `.ci/run` sets E2E_LEAVE_TO_POSTGRES for
 * its PGlite pass, whose PostgreSQL pass follows; every other run (`npm test`) runs them all. A
 * journey that writes a customer's data, or whose result depends on the database's search or
 * ordering, is not listed here: it runs on both.
 */
const POSTGRES_ONLY_JOURNEYS = [
  'e2e/admin-content.test.ts',
  'e2e/admin.test.ts',
  'e2e/agent-mode.test.ts',
  'e2e/catalogue.test.ts',
  'e2e/code-widget.test.ts',
  'e2e/consumption.test.ts',
  'e2e/error-pages.test.ts',
  'e2e/frame-shell.test.ts',
  'e2e/journeys.test.ts',
  'e2e/legal-pages.test.ts',
  'e2e/login-page.test.ts',
  'e2e/maintenance.test.ts',
  'e2e/sso.test.ts',
  'e2e/unpaid.test.ts',
];
const leftToPostgres = process.env.E2E_LEAVE_TO_POSTGRES === 'true' && !process.env.DATABASE_URL ? POSTGRES_ONLY_JOURNEYS : [];

/**
 * The unit and API tests run on New York's clocks, neither UTC (the machines') nor Paris's: a time
 * shown or mailed in the process's time zone instead of Europe/Paris fails them (UI.md).
 */
const AWAY_FROM_PARIS = { TZ: 'America/New_York' };

export default defineConfig({
  test: {
    // One test file per core (Vitest's default leaves one core out): the files wait on their
    // databases, and browser test files on their server and browser, much of the time.
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node', env: AWAY_FROM_PARIS } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          env: AWAY_FROM_PARIS,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A worker keeps the modules it loaded from one file to the next (loading the API anew
          // for each file was a third of the project's time): the API's module state is caches
          // of what does not change while it runs, and the tests build their own app and database.
          isolate: false,
          unstubGlobals: true,
          // Each file's database starts as a copy of a template migrated and seeded once per run (on
          // PostgreSQL in the worker's own database, made again from it by each file it runs).
          globalSetup: ['apps/api/src/test/worker-database.ts', 'apps/api/src/test/database-template.ts'],
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          env: AWAY_FROM_PARIS,
          // These run beside the API tests' databases on a shared machine: a test of half a
          // second has been seen to take over five when starved of CPU.
          testTimeout: 15_000,
          // One page and one module graph per worker, reset by the setup file before each file.
          isolate: false,
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...leftToPostgres],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // `expect.poll` waits for what a page does after a click (a lazy route, a check with the
          // server): Vitest's default second is too short on a loaded machine, where such a
          // navigation has been seen to take longer. Playwright's own waits allow 30 s.
          expect: { poll: { timeout: 15_000 } },
          // Each file starts its own server, on a copy of a database migrated and seeded once per
          // run (on PostgreSQL each worker has its own database, made again from the template).
          globalSetup: ['apps/api/src/test/worker-database.ts', 'apps/api/src/test/database-template.ts'],
          // A worker keeps one Chromium for all its files (e2e/support/browser.ts), each file in
          // contexts of its own, closed after it; the set-up file takes back what a file set in
          // the process's environment.
          isolate: false,
          setupFiles: ['e2e/support/setup.ts'],
        },
      },
    ],
  },
});
