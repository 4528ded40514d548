// First: the traces' instrumentations must patch pg and hook Fastify before the app loads them.
import { tracing } from './platform/observability/tracing.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { pgBossJobs, type JobRunner } from './core/jobs.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { DataFolderInUseError } from './db/pglite-lock.ts';
import { seedDemoIfEmpty } from './db/seed/demo.ts';
import { isDatabaseUnavailable } from './db/unavailable.ts';

/** How long start-up waits for a database that is not there yet (starting alongside, restarting). */
const DATABASE_WAIT_MS = 60_000;
/** Beyond the requests' and jobs' time, what closing the database may take before the process ends anyway. */
const CLOSE_MARGIN_MS = 5_000;

const config = loadConfig();

/** The database; a PGlite folder another process holds ends the start with that one line. */
function open(): DatabaseHandle {
  try {
    return openDatabase(config);
  } catch (error) {
    if (!(error instanceof DataFolderInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
const database = open();

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

let jobs: JobRunner | undefined;
const app = await buildApp({
  config,
  db: database.db,
  replica: database.replica,
  jobs: (log) => (jobs = pgBossJobs(database.executeSql, log, { stopTimeoutMs: config.shutdown.timeoutMs })),
});
database.useLog(app.log);

/**
 * A stop without errors (decision 067): /ready answers 503 at once and the job queue takes no
 * more jobs (the running ones have SHUTDOWN_TIMEOUT_SECONDS to finish, then go back to the queue
 * for another instance); the instance keeps serving for SHUTDOWN_DRAIN_SECONDS, while the proxy's
 * health checks take it out of rotation; then it stops accepting connections and lets the
 * requests in flight finish (Fastify answers 503 to new ones on kept-alive connections, which the
 * proxy retries elsewhere), SHUTDOWN_TIMEOUT_SECONDS at most: those still running then are cut.
 * Then the pool and the database thread close, and the process exits 0. A second signal ends it at once.
 */
let stopping = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) {
    app.log.warn({ signal }, 'second signal: stopping now');
    process.exit(1);
  }
  stopping = true;
  const { drainMs, timeoutMs } = config.shutdown;
  app.instance.beginStopping();
  app.log.info({ signal, drainMs, timeoutMs }, 'stopping: out of the rotation, finishing the requests and jobs in flight');
  const jobsStopped = jobs?.stop();
  const deadline = setTimeout(() => {
    app.log.error({ timeoutMs }, 'stop timed out: exiting anyway');
    process.exit(1);
  }, drainMs + timeoutMs + CLOSE_MARGIN_MS);
  deadline.unref();
  let code = 0;
  try {
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    let cut = false;
    const cutInFlight = setTimeout(() => {
      cut = true;
      app.log.warn({ timeoutMs }, 'requests still in flight at the stop’s time limit: their connections are closed');
      app.server.closeAllConnections();
    }, timeoutMs);
    await app.close();
    clearTimeout(cutInFlight);
    await jobsStopped;
    await database.close();
    // The spans of the last requests, still buffered, go out before the process ends.
    await tracing?.shutdown();
    if (cut) code = 1;
  } catch (error) {
    app.log.error({ err: error }, 'error while stopping');
    code = 1;
  }
  app.log.info({ code }, 'stopped');
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
app.log.info(`Espace client Pro on ${address} (${database.kind}${database.replica ? ' with a read replica' : ''}, instance ${config.instanceId})`);
if (config.devTools && !config.smtpUrl) app.log.info(`Development mailbox: ${address}dev/boite-mail`);
if (tracing) app.log.info({ url: tracing.url, serviceName: tracing.serviceName }, 'traces exported over OTLP/HTTP');
