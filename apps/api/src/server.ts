import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { pgBossJobs } from './core/jobs.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoIfEmpty } from './db/seed/demo.ts';
import { isDatabaseUnavailable } from './db/unavailable.ts';

/** A stop that takes longer than this (a request or job that never ends) is cut short. */
const SHUTDOWN_TIMEOUT_MS = 15_000;
/** How long start-up waits for a database that is not there yet (starting alongside, restarting). */
const DATABASE_WAIT_MS = 60_000;

const config = loadConfig();
const database = openDatabase(config);

/** Migrates, waiting for the database while it is unreachable (but not on any other failure). */
async function migrateWhenReachable(): Promise<void> {
  const deadline = Date.now() + DATABASE_WAIT_MS;
  for (let delay = 250; ; delay = Math.min(delay * 2, 5_000)) {
    try {
      return await database.migrate();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + delay > deadline) throw error;
      console.warn(`Database unreachable (${error instanceof Error ? error.message : String(error)}); retrying in ${delay} ms`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

await migrateWhenReachable();
if (config.seedDemo) await seedDemoIfEmpty(database.db);

const app = await buildApp({
  config,
  db: database.db,
  jobs: (log) => pgBossJobs(database.executeSql, log),
});
database.useLog(app.log);

/**
 * Stops accepting connections, lets the requests in flight finish (Fastify answers 503 to new
 * ones on kept-alive connections meanwhile), stops the job queue (an onClose hook), then closes
 * the pool and the database thread. A second signal, or the timeout, ends the process at once.
 */
let stopping = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) {
    app.log.warn({ signal }, 'second signal: stopping now');
    process.exit(1);
  }
  stopping = true;
  app.log.info({ signal }, 'stopping: finishing the requests in flight');
  const timer = setTimeout(() => {
    app.log.error({ timeoutMs: SHUTDOWN_TIMEOUT_MS }, 'stop timed out: exiting anyway');
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  timer.unref();
  let code = 0;
  try {
    await app.close();
    await database.close();
  } catch (error) {
    app.log.error({ err: error }, 'error while stopping');
    code = 1;
  }
  process.exit(code);
}
process.on('SIGINT', (signal) => void shutdown(signal));
process.on('SIGTERM', (signal) => void shutdown(signal));

/** The address to open: the session lives on one origin, so localhost whenever the host is local. */
function addressToOpen(host: string, port: number): string {
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(host) || host.startsWith('127.');
  const name = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}/`;
}

// Fastify logs one "listening" line per address of the interface (several for 0.0.0.0); the one
// address to open is printed below instead.
const level = app.log.level;
if (['trace', 'debug', 'info'].includes(level)) app.log.level = 'warn';
try {
  await app.listen({ port: config.port, host: config.host });
} finally {
  app.log.level = level;
}
const listening = app.server.address();
const address = addressToOpen(config.host, typeof listening === 'object' && listening ? listening.port : config.port);
app.log.info(`Espace client Pro on ${address} (${database.kind})`);
if (config.devTools && !config.smtpUrl) app.log.info(`Development mailbox: ${address}dev/boite-mail`);
