import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoIfEmpty } from './db/seed/demo.ts';
import { pgBossMailQueue } from './modules/mail/mail.queue.ts';

const config = loadConfig();
const database = openDatabase(config);
await database.migrate();
if (config.seedDemo) await seedDemoIfEmpty(database.db);

const app = await buildApp({
  config,
  db: database.db,
  mailQueue: (log) => pgBossMailQueue(database.executeSql, log),
});
const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
app.log.info(`Espace client Pro on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}/ (${database.kind})`);
if (config.devTools && !config.smtpUrl) app.log.info(`Development mailbox: ${config.publicUrl}/dev/boite-mail`);
