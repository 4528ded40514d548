import { Duplex } from 'node:stream';
import type { PgliteHost } from './pglite-host.ts';

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

/** Codes a client may send instead of a startup message. */
const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const TERMINATE = 0x58; // 'X'
/** Message types after which the client waits for an answer: send what was gathered. */
const FLUSHING = new Set([0x53, 0x51, 0x48]); // 'S' Sync, 'Q' Query, 'H' Flush

/**
 * A socket-like duplex for node-postgres whose other end is PGlite on the database thread. Each
 * connection opens its own session (the thread resets PGlite's backend for it, see
 * pglite-thread.ts); messages are gathered until the client waits for an answer, then executed
 * in one round trip.
 */
export class PgliteSocket extends Duplex {
  private session: number | undefined;
  /** The start of a message whose end has not been written yet. */
  private partial: Buffer | undefined;
  private batch: Buffer[] = [];
  private batchLength = 0;

  constructor(private readonly host: PgliteHost) {
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
    const data = this.partial ? Buffer.concat([this.partial, chunk]) : chunk;
    this.partial = undefined;
    let offset = this.session === undefined ? this.startup(data) : 0;
    while (offset >= 0 && data.length - offset >= 5) {
      const type = data[offset] ?? 0;
      const length = data.readInt32BE(offset + 1) + 1;
      if (data.length - offset < length) break;
      const whole = data.subarray(offset, offset + length);
      offset += length;
      if (type === TERMINATE) {
        this.push(null);
        continue;
      }
      this.batch.push(whole);
      this.batchLength += length;
      if (FLUSHING.has(type)) this.flush();
    }
    // Kept as a copy: a view would hold the whole chunk it came from.
    if (offset >= 0 && offset < data.length) this.partial = Buffer.from(data.subarray(offset));
    callback();
  }

  /** Reads the startup packet; returns where the next message starts, or -1 when it is incomplete. */
  private startup(data: Buffer): number {
    if (data.length < 8 || data.length < data.readInt32BE(0)) {
      this.partial = Buffer.from(data);
      return -1;
    }
    const length = data.readInt32BE(0);
    const code = data.readInt32BE(4);
    if (code === SSL_REQUEST) {
      this.push(Buffer.from('N', 'latin1'));
      return length;
    }
    if (code === CANCEL_REQUEST) {
      // Nothing runs concurrently to cancel; above all, this must not open (and reset) a session.
      this.push(null);
      return data.length;
    }
    const session = this.host.newSession();
    this.session = session;
    this.host.send({ kind: 'open', session }).then(
      () => {
        if (!this.destroyed) this.push(STARTUP_ANSWER);
      },
      (error: unknown) => this.fail(error),
    );
    return length;
  }

  private flush(): void {
    const session = this.session;
    if (session === undefined) return;
    // A fresh buffer of its own, so it can be handed to the thread without a copy.
    const bytes = new Uint8Array(this.batchLength);
    let at = 0;
    for (const part of this.batch) {
      bytes.set(part, at);
      at += part.length;
    }
    this.batch = [];
    this.batchLength = 0;
    // The thread answers in order, so answers are pushed in the order the batches were sent.
    this.host.send({ kind: 'protocol', session, bytes }, [bytes.buffer]).then(
      (answer) => {
        if (!this.destroyed && answer.length > 0) this.push(Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength));
      },
      (error: unknown) => this.fail(error),
    );
  }

  private fail(error: unknown): void {
    if (!this.destroyed) this.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}
