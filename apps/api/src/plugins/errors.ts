import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES, ERROR_MESSAGES, type ApiErrorBody } from '@ecare/shared';
import { AppError } from '../lib/errors.ts';

/** Client faults Fastify raises itself, in French. */
const FRAMEWORK_MESSAGES: Record<number, string> = {
  400: ERROR_MESSAGES.validation,
  404: ERROR_MESSAGES.notFound,
  405: 'Méthode non autorisée.',
  413: 'La requête est trop volumineuse.',
  415: "Le format de la requête n'est pas pris en charge.",
};

/** One place maps every error to HTTP: domain errors as coded, client faults as 4xx, the rest 500 without internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A handler may have set another type (a page being sent) before failing.
    reply.type('application/json; charset=utf-8');
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({ code: error.code, exceptionMessage: error.message } satisfies ApiErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: `${error.validationContext ?? ''}${v.instancePath}`,
        message: v.message ?? 'invalide',
      }));
      return reply.status(400).send({ code: ERROR_CODES.validation, exceptionMessage: ERROR_MESSAGES.validation, issues });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      return reply.status(status).send({
        code: error.code ?? ERROR_CODES.validation,
        exceptionMessage: FRAMEWORK_MESSAGES[status] ?? ERROR_MESSAGES.validation,
      } satisfies ApiErrorBody);
    }
    request.log.error({ err: error, method: request.method, url: request.url }, 'unhandled error');
    return reply.status(500).send({ code: ERROR_CODES.internal, exceptionMessage: ERROR_MESSAGES.internal } satisfies ApiErrorBody);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.type('application/json; charset=utf-8').status(404).send({ code: ERROR_CODES.notFound, exceptionMessage: ERROR_MESSAGES.notFound } satisfies ApiErrorBody);
  });
}
