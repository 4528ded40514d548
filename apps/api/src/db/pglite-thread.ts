import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { STALE_SESSION, type ThreadAnswer, type ThreadRequest } from './pglite-messages.ts';

/**
 * Runs the embedded database on its own thread: the HTTP thread sends raw PostgreSQL protocol
 * bytes and gets the backend's answer, so queries never block request handling.
 */
const { dataDir, template } = workerData as { dataDir: string; template?: string };
const port = parentPort;
if (!port) throw new Error('pglite-thread must run as a worker');
// unaccent: the FAQ's French text search (migration 0009) removes accents before stemming.
const db = new PGlite(dataDir, { extensions: { unaccent }, ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}) });

const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);
const READY_FOR_QUERY = 0x5a;
const ERROR_RESPONSE = 0x45;

/**
 * Runs protocol messages and returns the backend's whole answer, in a buffer of its own (so it can
 * be handed to the HTTP thread without a copy). Through the streaming call, not execProtocolRaw:
 * in PGlite 0.5 that one also parses every answer into a result list that only execProtocol
 * clears, so under raw use the thread's heap grew by every row ever returned.
 */
async function execute(bytes: Uint8Array, syncToFs: boolean): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let length = 0;
  await db.execProtocolRawStream(bytes, {
    syncToFs,
    // A view into WebAssembly memory, reused by the next call: copied.
    onRawData: (data) => {
      parts.push(data.slice());
      length += data.length;
    },
  });
  const [only] = parts;
  if (parts.length === 1 && only) return only;
  const whole = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

function simpleQuery(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`, 'utf8');
  const message = Buffer.alloc(5 + text.length);
  message.write('Q', 0, 'latin1');
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return message;
}
const ROLLBACK = simpleQuery('ROLLBACK');
const DISCARD_ALL = simpleQuery('DISCARD ALL');

/** Transaction status of the ReadyForQuery ending an answer: I idle, T in a transaction, E failed one. */
function transactionStatus(answer: Uint8Array): string {
  const at = answer.length - 6;
  if (at < 0 || answer[at] !== READY_FOR_QUERY) throw new Error('the database answered without ReadyForQuery');
  return String.fromCharCode(answer[answer.length - 1] ?? 0);
}

/**
 * Gives the next connection a clean session, as PostgreSQL gives every new connection: ends an
 * extended-protocol exchange left half-way (Sync), rolls back a transaction left open, and drops
 * prepared statements, portals, settings and temporary tables (DISCARD ALL), so that statement
 * names the new connection prepares cannot collide.
 */
async function resetSession(): Promise<void> {
  const synced = await execute(SYNC, false);
  if (transactionStatus(synced) !== 'I') await execute(ROLLBACK, true);
  const discarded = await execute(DISCARD_ALL, false);
  if (discarded[0] === ERROR_RESPONSE || transactionStatus(discarded) !== 'I') throw new Error('DISCARD ALL failed');
}

let session = 0;

function answer(message: ThreadAnswer): void {
  const buffer = 'bytes' in message ? message.bytes.buffer : undefined;
  port?.postMessage(message, buffer instanceof ArrayBuffer ? [buffer] : []);
}

async function handle(request: ThreadRequest): Promise<void> {
  if (request.kind === 'close') {
    await db.close();
    answer({ id: request.id, bytes: new Uint8Array(0) });
    return;
  }
  if (request.kind === 'open') {
    await resetSession();
    session = request.session;
    answer({ id: request.id, bytes: new Uint8Array(0) });
    return;
  }
  if (request.session !== session) {
    answer({ id: request.id, error: STALE_SESSION });
    return;
  }
  answer({ id: request.id, bytes: await execute(request.bytes, true) });
}

/**
 * PGlite throws (rather than answering an ErrorResponse) only when the WebAssembly backend itself
 * failed. If a session reset then works, the connection that saw the failure is dropped and the
 * database carries on; otherwise the thread ends, and the HTTP thread answers 503 and restarts it.
 */
async function recover(request: ThreadRequest, error: unknown): Promise<void> {
  const reason = error instanceof Error ? error.message : String(error);
  answer({ id: request.id, error: `database thread: ${reason}` });
  if (request.kind === 'close') return;
  try {
    await resetSession();
    session = 0;
    answer({ id: 0, warning: `the embedded database failed a request and was reset: ${reason}` });
  } catch {
    answer({ id: 0, warning: `the embedded database failed and could not be reset, its thread stops: ${reason}` });
    process.exit(1);
  }
}

let queue: Promise<void> = db.waitReady.catch((error: unknown) => {
  answer({ id: 0, warning: `the embedded database did not start: ${error instanceof Error ? error.message : String(error)}` });
  process.exit(1);
});
port.on('message', (request: ThreadRequest) => {
  queue = queue.then(() => handle(request).catch((error: unknown) => recover(request, error)));
});
