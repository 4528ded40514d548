import type { Server } from 'node:http';
import type { FastifyBaseLogger, FastifyHttpOptions } from 'fastify';
import type { Config } from '../config/env.ts';

/**
 * How often Node looks for requests past their timeouts. Its default, 30 s, would let a slow
 * client keep a connection up to 30 s past the limit; the check walks a list, so once a second
 * costs nothing.
 */
const TIMEOUT_CHECK_EVERY_MS = 1_000;

/**
 * The server options that keep slow clients from holding connections (decision 013): the
 * request (headers and body) within `requestTimeoutMs`, else 408 and the connection closed (the
 * client-error handler answers it); an idle kept-alive connection closed after
 * `keepAliveTimeoutMs`. A request's handling time is not limited: downloads stream for as long
 * as they need.
 */
export function connectionTimeouts({ connections }: Config): Pick<FastifyHttpOptions<Server>, 'requestTimeout' | 'keepAliveTimeout' | 'http'> {
  return {
    requestTimeout: connections.requestTimeoutMs,
    keepAliveTimeout: connections.keepAliveTimeoutMs,
    http: {
      headersTimeout: connections.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_EVERY_MS, connections.headersTimeoutMs),
    },
  };
}

/**
 * Closes at once, unanswered, a connection beyond `max` open ones from the same address, so that
 * one client cannot take every connection the process can hold. Only for a server reached
 * directly (no trusted proxy), where the socket's address is the client's.
 */
export function capConnectionsPerAddress(server: Server, max: number, log: FastifyBaseLogger): void {
  const open = new Map<string, number>();
  const warned = new Set<string>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = open.get(address) ?? 0;
    if (count >= max) {
      // Once per burst, not once per refused connection: a flood must not flood the log.
      if (!warned.has(address)) log.warn({ address, max }, 'too many connections from one address: further ones are closed');
      warned.add(address);
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
      if (left < max) warned.delete(address);
    });
  });
}
