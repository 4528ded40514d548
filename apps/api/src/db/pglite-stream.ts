import { Duplex } from 'node:stream';
import type { Worker } from 'node:worker_threads';

/** Round trips to the database thread, one at a time in order. */
export class PgliteWorkerChannel {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }>();

  constructor(private readonly worker: Worker) {
    worker.on('message', (message: { id: number; bytes?: Uint8Array; error?: string }) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.error !== undefined) waiting.reject(new Error(message.error));
      else waiting.resolve(message.bytes ?? new Uint8Array(0));
    });
    worker.on('error', (error) => {
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    });
  }

  send(payload: { bytes?: Uint8Array; close?: true }): Promise<Uint8Array> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...payload });
    });
  }
}

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

function parameterStatus(name: string, value: string): Buffer {
  return message('S', Buffer.from(`${name}\0${value}\0`, 'utf8'));
}

/** What a server answers to the startup message: PGlite runs single-user, so no authentication. */
const STARTUP_ANSWER = Buffer.concat([
  message('R', Buffer.from([0, 0, 0, 0])),
  parameterStatus('client_encoding', 'UTF8'),
  parameterStatus('server_encoding', 'UTF8'),
  parameterStatus('standard_conforming_strings', 'on'),
  parameterStatus('DateStyle', 'ISO, MDY'),
  parameterStatus('integer_datetimes', 'on'),
  message('K', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1])),
  message('Z', Buffer.from('I', 'latin1')),
]);

/** Message types after which the client waits for an answer: send what was gathered. */
const FLUSHING = new Set(['S', 'Q', 'H']);

/**
 * A socket-like duplex for node-postgres whose other end is PGlite on the database thread.
 * Messages are gathered until the client waits for an answer, then executed in one round trip.
 */
export class PgliteSocket extends Duplex {
  private started = false;
  private buffered = Buffer.alloc(0);
  private batch: Buffer[] = [];
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly channel: PgliteWorkerChannel) {
    super();
  }

  connect(): this {
    process.nextTick(() => this.emit('connect'));
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.buffered = Buffer.concat([this.buffered, chunk]);
    if (!this.started) {
      if (this.buffered.length < 4) return callback();
      const length = this.buffered.readInt32BE(0);
      if (this.buffered.length < length) return callback();
      this.buffered = this.buffered.subarray(length);
      this.started = true;
      this.push(STARTUP_ANSWER);
    }
    while (this.buffered.length >= 5) {
      const type = String.fromCharCode(this.buffered[0] ?? 0);
      const length = this.buffered.readInt32BE(1) + 1;
      if (this.buffered.length < length) break;
      const whole = this.buffered.subarray(0, length);
      this.buffered = this.buffered.subarray(length);
      if (type === 'X') {
        this.push(null);
        continue;
      }
      this.batch.push(Buffer.from(whole));
      if (FLUSHING.has(type)) this.flushBatch();
    }
    callback();
  }

  private flushBatch(): void {
    const bytes = Buffer.concat(this.batch);
    this.batch = [];
    this.chain = this.chain.then(async () => {
      try {
        const answer = await this.channel.send({ bytes: new Uint8Array(bytes) });
        if (answer.length > 0) this.push(Buffer.from(answer));
      } catch (error) {
        this.destroy(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }
}
