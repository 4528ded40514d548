import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Answer } from './checks.ts';

/** What goes on the wire, credentials included. */
export interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
}

/**
 * light-my-request parses the URL with WHATWG `URL`, which resolves `.`/`..` (`%2e%2e` too),
 * turns `\` into `/` and drops fragments: such paths would reach the app already cleaned. They
 * go through a real socket instead, byte for byte, when Node's HTTP client can write them.
 */
export function needsSocket(url: string): boolean {
  const base = 'http://localhost';
  const parsed = new URL(url.startsWith('//') ? `${base}${url}` : url, base);
  const seen = parsed.pathname + parsed.search;
  return seen !== url && /^[\x21-\xff]+$/.test(url);
}

export interface Transport {
  send(request: WireRequest): Promise<Answer & { via: 'inject' | 'socket' }>;
}

export function createTransport(app: FastifyInstance): Transport {
  let listening: Promise<AddressInfo> | undefined;
  const address = () => {
    listening ??= app.listen({ port: 0, host: '127.0.0.1' }).then(() => app.server.address() as AddressInfo);
    return listening;
  };

  async function viaSocket(request: WireRequest): Promise<Answer> {
    const { port } = await address();
    return new Promise((resolve) => {
      const dropped = (error: Error) => resolve({ statusCode: 0, headers: {}, body: `connection closed without an answer: ${error.message}` });
      // Framed by Content-Length: Node sends a GET body unframed otherwise, a request of its own making.
      const length = request.payload === undefined ? {} : { 'content-length': String(Buffer.byteLength(request.payload)) };
      const headers = { ...length, ...request.headers };
      const outgoing = http.request({ host: '127.0.0.1', port, agent: false, method: request.method, path: request.url, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', dropped);
      });
      // The server may close the connection without an answer: that is an outcome to check, not a crash of the test.
      outgoing.on('error', dropped);
      outgoing.end(request.payload);
    });
  }

  return {
    async send(request) {
      if (needsSocket(request.url)) {
        // Node's client refuses some header values outright (it throws): those go through inject.
        const answer = await viaSocket(request).catch(() => null);
        if (answer) return { ...answer, via: 'socket' };
      }
      const options: InjectOptions = {
        method: request.method as InjectOptions['method'],
        url: request.url,
        headers: request.headers,
        remoteAddress: request.remoteAddress,
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      };
      const response = await app.inject(options);
      return { statusCode: response.statusCode, headers: response.headers, body: response.body, via: 'inject' };
    },
  };
}
