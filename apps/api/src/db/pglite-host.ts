import { Worker } from 'node:worker_threads';
import type { ThreadAnswer, ThreadRequest } from './pglite-messages.ts';
import { DatabaseUnavailableError } from './unavailable.ts';

export interface DatabaseLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface PgliteHostOptions {
  dataDir: string;
  /** A PGlite dump (tar file) the database starts from, in memory only (tests). */
  template?: string | undefined;
  /** Start a new thread when one ends unexpectedly (a database on disk reopens where it was). */
  restart: boolean;
  log(): DatabaseLog;
  /** Called with every thread started, first and restarted ones. */
  onThread?: (worker: Worker) => void;
}

type Pending = { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void };
type WithoutId<R> = R extends ThreadRequest ? Omit<R, 'id'> : never;
type Payload = WithoutId<ThreadRequest>;

/** Waits between restarts of a failing thread: 0.2 s, doubling, at most 5 s. */
const RESTART_DELAYS_MS = [200, 400, 800, 1_600, 3_200, 5_000];
/** A thread that ran this long without failing starts its next restart from the shortest wait. */
const STABLE_AFTER_MS = 60_000;

/**
 * Starts the database thread, carries requests to it (answered in order) and watches it: when it
 * ends, the requests waiting fail as "database unavailable" (503) instead of hanging, and a new
 * thread is started if the options allow.
 */
export class PgliteHost {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private nextSession = 1;
  private failures = 0;
  private startedAt = 0;
  private closing = false;
  private restartTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: PgliteHostOptions) {
    this.start();
  }

  /** A new session id: bytes of older sessions are refused once this one is opened. */
  newSession(): number {
    return this.nextSession++;
  }

  send(payload: Payload, transfer: ArrayBuffer[] = []): Promise<Uint8Array> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new DatabaseUnavailableError('the database thread is not running'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...payload, id }, transfer);
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.restartTimer);
    const worker = this.worker;
    if (!worker) return;
    await this.send({ kind: 'close' }).catch(() => undefined);
    await worker.terminate();
  }

  private start(): void {
    // The thread is TypeScript run by tsx, whose loader a worker does not inherit on Node 20.
    const entry = new URL('./pglite-thread.ts', import.meta.url).href;
    const tsx = import.meta.resolve('tsx/esm/api');
    const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
    const worker = new Worker(bootstrap, { eval: true, workerData: { dataDir: this.options.dataDir, template: this.options.template } });
    this.worker = worker;
    this.startedAt = Date.now();
    worker.on('message', (message: ThreadAnswer) => this.receive(message));
    worker.on('error', (error) => this.options.log().error({ err: error }, 'database thread failed'));
    worker.on('exit', (code) => this.ended(worker, code));
    this.options.onThread?.(worker);
  }

  private receive(message: ThreadAnswer): void {
    if ('warning' in message) {
      this.options.log().warn({}, message.warning);
      return;
    }
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    // The thread refused the bytes (an older session) or PGlite failed: either way this
    // connection is gone, as when a server drops one.
    if ('error' in message) waiting.reject(new DatabaseUnavailableError(message.error));
    else waiting.resolve(message.bytes);
  }

  private ended(worker: Worker, code: number): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    const error = new DatabaseUnavailableError(`the database thread stopped (exit code ${code})`);
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
    if (this.closing) return;
    if (!this.options.restart) {
      this.options.log().error({ code }, 'database thread stopped; the in-memory database is gone, requests answer 503');
      return;
    }
    if (Date.now() - this.startedAt > STABLE_AFTER_MS) this.failures = 0;
    const delay = RESTART_DELAYS_MS[Math.min(this.failures, RESTART_DELAYS_MS.length - 1)] ?? 5_000;
    this.failures += 1;
    this.options.log().error({ code, restartInMs: delay }, 'database thread stopped; restarting it');
    this.restartTimer = setTimeout(() => {
      if (!this.closing) this.start();
    }, delay);
  }
}
