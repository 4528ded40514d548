import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ApiErrorCode } from '@ecare/shared';
import { DATABASE_CONFLICT_RETRY_AFTER_SECONDS, isTransactionConflict } from '../db/conflict.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError, fail } from '../lib/errors.ts';

/** Client faults Fastify raises itself, by status. */
const FRAMEWORK_CODES: Record<number, ApiErrorCode> = {
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

function send(reply: FastifyReply, error: AppError, extra: Partial<ApiErrorBody> = {}) {
  if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
  return reply.status(error.statusCode).send({ code: error.code, exceptionMessage: error.message, ...extra } satisfies ApiErrorBody);
}

/** An error as the catalogue answers it: the domain error, and the fields a bad request adds. */
export interface MappedError {
  error: AppError;
  extra: Partial<ApiErrorBody>;
}

/**
 * One place maps every error to the catalogue: domain errors as coded, the framework's client
 * faults as 4xx, a deadlock 409 and a database away 503 (both to retry), the rest 500 without
 * internals (logged). The portal's answer and the public API's (decision 061) send it each their way.
 */
export function mapError(error: FastifyError, request: FastifyRequest): MappedError {
  if (error instanceof AppError) return { error, extra: {} };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      path: `${error.validationContext ?? ''}${v.instancePath}`,
      message: v.message ?? 'invalide',
    }));
    return { error: fail('VALIDATION'), extra: { issues } };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500 && !isResponseSerializationError(error)) return { error: fail(FRAMEWORK_CODES[status] ?? 'VALIDATION'), extra: {} };
  if (isTransactionConflict(error)) {
    // A deadlock or serialization failure that a lock order did not prevent: logged to be found and fixed.
    request.log.warn({ err: error, req: request }, 'database conflict: deadlock or serialization failure');
    return { error: fail('DATABASE_CONFLICT', { retryAfterSeconds: DATABASE_CONFLICT_RETRY_AFTER_SECONDS }), extra: {} };
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error, req: request }, 'database unavailable');
    return { error: fail('DATABASE_UNAVAILABLE', { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS }), extra: {} };
  }
  request.log.error({ err: error, req: request }, 'unhandled error');
  return { error: fail('INTERNAL'), extra: {} };
}

/** The portal's answer to every error: `{ code, exceptionMessage, issues? }` with the catalogue's status. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A handler may have set another type (a page being sent) before failing.
    reply.type('application/json; charset=utf-8');
    const mapped = mapError(error, request);
    return send(reply, mapped.error, mapped.extra);
  });

  app.setNotFoundHandler((_request, reply) => send(reply.type('application/json; charset=utf-8'), fail('NOT_FOUND')));
}
