import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookWithSecretSchema, type WebhookEvent, type WebhookWithSecret } from '@ecare/shared';
import { createTransact, type Transaction } from '../../db/transaction.ts';
import { bodyOf, type TestContext } from '../harness.ts';

/** A request the receiver took: its headers and its exact body. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

/** How the receiver answers the next requests: a status (after `delayMs`), or never. */
export type Answer = { status: number; delayMs?: number; body?: string; headers?: Record<string, string> } | 'HANG';

/**
 * A customer's endpoint on 127.0.0.1 (tests run with WEBHOOKS_ALLOW_LOOPBACK=true): it records
 * every request and answers as told; `connections` counts the TCP connections made to it.
 */
export async function startReceiver() {
  const received: Received[] = [];
  let answer: Answer = { status: 204 };
  let connections = 0;
  const hanging = new Set<() => void>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), path: request.url ?? '' });
      const current = answer;
      if (current === 'HANG') {
        hanging.add(() => response.destroy());
        return;
      }
      setTimeout(() => response.writeHead(current.status, current.headers ?? {}).end(current.body ?? ''), current.delayMs ?? 0);
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    connections: () => connections,
    answer(next: Answer) {
      answer = next;
    },
    /** The requests carrying this webhook-id. */
    withId: (id: string) => received.filter((request) => request.headers['webhook-id'] === id),
    async close() {
      for (const release of hanging) release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

export const webhooksUrl = (idClientBscs: number) => `/api/clients/${idClientBscs}/webhooks`;

/** Creates a webhook through the API (201 expected) and answers it with its secret. */
export async function createWebhook(t: TestContext, token: string, idClientBscs: number, body: { url: string; evenements: WebhookEvent[]; actif?: boolean }): Promise<WebhookWithSecret> {
  const response = await t.send('POST', webhooksUrl(idClientBscs), { token, json: body });
  if (response.statusCode !== 201) throw new Error(`webhook not created: ${response.body}`);
  return bodyOf(response, webhookWithSecretSchema);
}

/** Runs `work` in a transaction of the test's database, as a module's write would. */
export function inTransaction<T>(t: TestContext, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return createTransact(t.db)(work);
}
