import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { API_ERRORS, type ApiErrorBody } from '@ecare/shared';

type FrameworkFault = 'VALIDATION' | 'URI_TOO_LONG' | 'HEADERS_TOO_LARGE' | 'REQUEST_TIMEOUT';

/**
 * The faults Fastify and Node answer before the app's error handler runs, answered in the same
 * `{ code, exceptionMessage }` shape from the catalogue, without echoing the offending URL.
 */
function body(code: FrameworkFault): string {
  return JSON.stringify({ code, exceptionMessage: API_ERRORS[code].message } satisfies ApiErrorBody);
}

/** URLs the router cannot take: a bad percent-encoding, a path parameter over its maximum length. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const code: FrameworkFault = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URI_TOO_LONG' : 'VALIDATION';
  void reply.status(API_ERRORS[code].status).type('application/json; charset=utf-8').send(body(code));
}

/**
 * Whether an answer is being written on this connection (Node's own handler checks the same
 * field): one more would land inside it, as when the request timeout cuts a body still arriving
 * while its route already streams a download.
 */
function answerUnderWay(socket: Duplex): boolean {
  const response: unknown = Reflect.get(socket, '_httpMessage');
  return typeof response === 'object' && response !== null && Reflect.get(response, 'headersSent') === true;
}

/** Faults of the HTTP parser on the raw connection (oversized headers, a malformed request, a slow client). */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  if (answerUnderWay(socket)) {
    socket.destroy();
    return;
  }
  const code: FrameworkFault =
    error.code === 'HPE_HEADER_OVERFLOW' ? 'HEADERS_TOO_LARGE' : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'REQUEST_TIMEOUT' : 'VALIDATION';
  const status = API_ERRORS[code].status;
  const text = body(code);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
}
