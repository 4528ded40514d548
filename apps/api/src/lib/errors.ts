import { API_ERRORS, errorMessage, type ApiErrorCode, type ErrorMessageValues } from '@ecare/shared';

/** A domain error: services throw these, the error handler maps them to HTTP through the catalogue. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    /** Sent as Retry-After on 429 and 503 answers. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = API_ERRORS[code].status;
  }
}

type Values<C extends ApiErrorCode> = [ErrorMessageValues<C>] extends [never] ? { values?: never } : { values: ErrorMessageValues<C> };
type Options<C extends ApiErrorCode> = Values<C> & { retryAfterSeconds?: number };

/**
 * The error of a catalogue code: `fail('FORBIDDEN_ACCOUNT')`,
 * `fail('LOGIN_BACKOFF', { values: { seconds }, retryAfterSeconds: seconds })`.
 */
export function fail<C extends ApiErrorCode>(
  code: C,
  ...options: [ErrorMessageValues<C>] extends [never] ? [Options<C>?] : [Options<C>]
): AppError {
  const [given] = options;
  const message = (errorMessage as (code: ApiErrorCode, values?: unknown) => string)(code, given?.values);
  return new AppError(code, message, given?.retryAfterSeconds);
}
