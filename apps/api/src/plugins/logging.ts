import type { FastifyRequest } from 'fastify';
import type { PinoLoggerOptions } from 'fastify/types/logger.js';
import type { Config } from '../config/env.ts';
import { currentRequestId } from '../platform/observability/index.ts';

export const REDACTED = '[masqué]';

/** Where log lines go instead of stdout (tests capture them). */
export interface LogStream {
  write(line: string): void;
}

/** Path parameters and query parameters that carry a secret: e-mailed link guids, unlock tokens. */
const SECRET_PARAMETERS = new Set(['guid', 'token', 'jeton', 'cle']);
const SECRET_QUERY_PARAMETERS = new Set([...SECRET_PARAMETERS, 'access_token', 'password', 'code']);

/**
 * An opaque value as the portal hands them out (256-bit base64url tokens, uuids): a long run of
 * URL-safe characters, with a digit when it is short enough to be a word. Catches secrets in
 * paths no route names, such as the web page of a reset link (`/ecare/…/creer-code-confidentiel/<guid>`).
 */
function looksSecret(value: string): boolean {
  if (value.length < 20 || !/^[A-Za-z0-9_-]+$/.test(value)) return false;
  return value.length >= 32 || /\d/.test(value);
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      const value = equals === -1 ? '' : pair.slice(equals + 1);
      return SECRET_QUERY_PARAMETERS.has(name.toLowerCase()) || looksSecret(value) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

/**
 * The URL as it may be logged: path segments in a secret parameter's place in the matched route
 * (`/api/guid/verifier/:guid`), opaque-looking segments and secret query values replaced.
 */
export function loggableUrl(url: string, pattern?: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const patternSegments = pattern?.split('/') ?? [];
  const segments = path.split('/').map((segment, index) => {
    const placeholder = patternSegments[index];
    const secretPlace = placeholder?.startsWith(':') === true && SECRET_PARAMETERS.has(placeholder.slice(1));
    return secretPlace || looksSecret(segment) ? REDACTED : segment;
  });
  const query = queryStart === -1 ? '' : `?${redactQuery(url.slice(queryStart + 1))}`;
  return segments.join('/') + query;
}

/** What a request line says: Fastify's usual fields, the URL redacted. Also copes with a raw Node request. */
function serializeRequest(request: FastifyRequest) {
  const pattern = 'routeOptions' in request ? request.routeOptions.url : undefined;
  return {
    method: request.method,
    url: loggableUrl(request.url ?? '', pattern),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** A failed query's message ends with its parameters, which can hold a hashed code or a token hash. */
function withoutQueryParameters(text: string): string {
  return text.replace(/\nparams: [^\n]*/g, `\nparams: ${REDACTED}`);
}

/**
 * An error as logged: its type, message, stack, code and cause, without the query parameters
 * (see above) and without what drivers hang on their errors (node-postgres attaches the whole
 * client, connection settings included, to a lost connection's error).
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const fields = error as Error & { code?: unknown; statusCode?: unknown; severity?: unknown };
  return {
    type: error.constructor.name,
    message: withoutQueryParameters(error.message),
    stack: error.stack === undefined ? undefined : withoutQueryParameters(error.stack),
    ...(typeof fields.code === 'string' || typeof fields.code === 'number' ? { code: fields.code } : {}),
    ...(typeof fields.statusCode === 'number' ? { statusCode: fields.statusCode } : {}),
    ...(typeof fields.severity === 'string' ? { severity: fields.severity } : {}),
    ...(error.cause !== undefined && depth < 3 ? { cause: serializeError(error.cause, depth + 1) } : {}),
  };
}

/**
 * The request id of a line written during a request, or by a job a request sent, through a logger
 * that does not carry it already (the app's, a module's): the request's own logger has it bound.
 */
function requestIdMixin(mergeObject: object, _level: number, logger: { bindings(): Record<string, unknown> }): object {
  const reqId = currentRequestId();
  if (reqId === undefined || 'reqId' in mergeObject || 'reqId' in logger.bindings()) return {};
  return { reqId };
}

/**
 * Logger options: every line written during a request, or by a job one sent, carries its reqId
 * (Fastify binds it to the request's logger, the mixin adds it to the others); none carries a
 * token, a link guid or a confidential code. URLs go through loggableUrl; headers and bodies are
 * not logged, and the redact paths are there for a line that would log them anyway.
 */
export function loggerOptions(config: Pick<Config, 'logLevel'>, stream?: LogStream): PinoLoggerOptions & { stream?: LogStream } {
  return {
    level: config.logLevel,
    serializers: { req: serializeRequest, err: serializeError },
    mixin: requestIdMixin,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-xsrf-token"]',
        'headers.authorization',
        'headers.cookie',
        'headers["x-xsrf-token"]',
        'body.password',
        'body.Password',
        'body.OldPassword',
        'body.NewPassword',
        'body.access_token',
        'access_token',
        'password',
      ],
      censor: REDACTED,
    },
    ...(stream ? { stream } : {}),
  };
}
