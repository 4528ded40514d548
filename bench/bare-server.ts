/**
 * Ceiling of the API throughput figures: Fastify 5's hello world (one GET route answering
 * {"hello":"world"}), with request logging at info level like the API in production, so the
 * ratio measures what the API adds to a request, not what logging costs.
 *
 * Run: node --import tsx bench/bare-server.ts   (PORT, HOST; LOG_LEVEL defaults to info)
 */
import Fastify from 'fastify';
import { BARE_ROUTE } from './bench-config.ts';

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
app.get(BARE_ROUTE, async () => ({ hello: 'world' }));

const shutdown = () => {
  void app.close().then(() => process.exit(0));
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);

await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 0) });
