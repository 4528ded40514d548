import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/**
 * Runs the embedded database on its own thread: the HTTP thread sends raw PostgreSQL protocol
 * bytes and gets the backend's answer, so queries never block request handling.
 */
const { dataDir } = workerData as { dataDir: string };
const db = new PGlite(dataDir);
const port = parentPort;
if (!port) throw new Error('pglite-thread must run as a worker');

let queue: Promise<unknown> = db.waitReady;
port.on('message', (message: { id: number; bytes?: Uint8Array; close?: true }) => {
  queue = queue.then(async () => {
    try {
      if (message.close) {
        await db.close();
        port.postMessage({ id: message.id, bytes: new Uint8Array(0) });
        return;
      }
      const answer = await db.execProtocolRaw(message.bytes ?? new Uint8Array(0), { syncToFs: true });
      const copy = new Uint8Array(answer);
      port.postMessage({ id: message.id, bytes: copy }, [copy.buffer]);
    } catch (error) {
      port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
