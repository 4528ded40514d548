import { ERROR_CODES, ERROR_MESSAGES } from '@ecare/shared';

/** A domain error: services throw these, the error handler maps them to HTTP. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Sent as Retry-After on 429 and 503 answers. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const errors = {
  unauthenticated: () => new AppError(401, ERROR_CODES.unauthenticated, ERROR_MESSAGES.unauthenticated),
  forbiddenAccount: () => new AppError(403, ERROR_CODES.forbiddenAccount, ERROR_MESSAGES.forbiddenAccount),
  forbiddenContract: () => new AppError(403, ERROR_CODES.forbiddenContract, ERROR_MESSAGES.forbiddenContract),
  notFound: () => new AppError(404, ERROR_CODES.notFound, ERROR_MESSAGES.notFound),
  xsrf: () => new AppError(403, ERROR_CODES.xsrf, ERROR_MESSAGES.xsrf),
};
