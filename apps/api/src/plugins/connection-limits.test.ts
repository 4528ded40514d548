import { connect, type AddressInfo, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@ecare/shared';
import { createTestContext, type TestContext } from '../test/harness.ts';

/** Short limits, so that a slow client is cut within a second or two. */
const SHORT = { REQUEST_TIMEOUT_MS: '1000', KEEP_ALIVE_TIMEOUT_MS: '500', MAX_CONNECTIONS_PER_IP: '3' };
/** How long a test waits for the server to close a connection before saying it did not. */
const CLOSED_WITHIN_MS = 15_000;

let t: TestContext;
let port: number;
beforeAll(async () => {
  t = await createTestContext({ env: SHORT });
  port = await listening(t.app);
});
afterAll(() => t.close());

async function listening(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

interface Client {
  socket: Socket;
  /** Everything the server sent, once it closed the connection; fails if it is still open after CLOSED_WITHIN_MS. */
  closed: Promise<string>;
  /** What the server has sent so far. */
  received(): string;
}

function client(port: number): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    const closed = new Promise<string>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`the connection is still open after ${CLOSED_WITHIN_MS} ms`)), CLOSED_WITHIN_MS);
      socket.on('close', () => {
        clearTimeout(timer);
        done(answer);
      });
    });
    // Whatever the outcome, the connection ends with the test.
    closed.catch(() => socket.destroy());
    socket.once('connect', () => resolve({ socket, closed, received: () => answer }));
    socket.once('error', reject);
  });
}

/** Writes `text` one character every 100 ms until the server closes the connection; how many were written. */
async function trickle(c: Client, text: string): Promise<number> {
  let sent = 0;
  let open = true;
  const stop = () => void (open = false);
  c.closed.then(stop, stop);
  while (open && sent < text.length && c.socket.writable) {
    c.socket.write(text.charAt(sent));
    sent += 1;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return sent;
}

const errorCodeIn = (answer: string) => apiErrorSchema.parse(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).code;

describe('slow clients', () => {
  it('cut a body sent one byte at a time, to the payment notification or the sandbox payment page, with 408', async () => {
    for (const [url, type, body] of [
      ['/api/paiement/notification', 'application/json', `{"x":"${'a'.repeat(59_990)}"}`],
      ['/sandbox-paiement/jeton-de-test', 'application/x-www-form-urlencoded', `numero=${'4'.repeat(59_993)}`],
    ] as const) {
      const c = await client(port);
      c.socket.write(`POST ${url} HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\n\r\n`);
      const sent = await trickle(c, body);
      const answer = await c.closed;
      expect(sent, url).toBeLessThan(body.length);
      expect(answer, url).toMatch(/^HTTP\/1\.1 408 /);
      expect(errorCodeIn(answer), url).toBe('REQUEST_TIMEOUT');
    }
  });

  it('cut headers sent one byte at a time', async () => {
    const c = await client(port);
    c.socket.write('GET /api/parametres HTTP/1.1\r\nHost: x\r\n');
    await trickle(c, `X-Lent: ${'a'.repeat(500)}\r\n\r\n`);
    expect(await c.closed).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('close a kept-alive connection left idle after its answer', async () => {
    const c = await client(port);
    c.socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
    const answer = await c.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/keep-alive/i);
  });
});

describe('connections per client address', () => {
  const askHealth = async (c: Client) => {
    c.socket.write('GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    return c.closed;
  };

  it('are capped when no proxy is trusted: one more is closed unanswered, and a place freed is taken again', async () => {
    const capped = await listening(await t.anotherInstance({ ...SHORT, REQUEST_TIMEOUT_MS: '30000' }));
    const held = [await client(capped), await client(capped), await client(capped)];
    const refused = await client(capped);
    expect(await askHealth(refused)).toBe('');
    for (const c of held) expect(await askHealth(c)).toMatch(/^HTTP\/1\.1 200 /);
    expect(await askHealth(await client(capped))).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('are not capped behind a trusted proxy, every connection coming from it', async () => {
    const proxied = await listening(await t.anotherInstance({ ...SHORT, REQUEST_TIMEOUT_MS: '30000', TRUST_PROXY: '1' }));
    const clients = await Promise.all(Array.from({ length: 5 }, () => client(proxied)));
    for (const c of clients) expect(await askHealth(c)).toMatch(/^HTTP\/1\.1 200 /);
  });
});
