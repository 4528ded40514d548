import type { FastifyRequest } from 'fastify';
import { isLoopbackAddress } from '../../config/env.ts';
import { fail } from '../../lib/errors.ts';

/** Headers a proxy adds: their presence means the request did not come from this machine's own browser or tools. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * Whether the request came straight from this machine: the socket's peer is a loopback address
 * (not `request.ip`, which TRUST_PROXY may take from a header) and no proxy header is present.
 */
export function cameFromThisMachine(request: FastifyRequest): boolean {
  if (PROXY_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopbackAddress(request.socket.remoteAddress ?? '');
}

/**
 * onRequest hook of every development tool: anything but a direct local request is answered
 * as if the tool did not exist, so a server exposed by mistake, or behind a proxy on the same
 * machine, shows none of them.
 */
export async function localOnly(request: FastifyRequest): Promise<void> {
  if (!cameFromThisMachine(request)) throw fail('NOT_FOUND');
}
