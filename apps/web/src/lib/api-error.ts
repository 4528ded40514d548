/** Fallback text when the server gave none; same wording as API_ERRORS.INTERNAL of @ecare/shared. */
export const GENERIC_ERROR_MESSAGE = 'Une erreur technique est survenue. Veuillez réessayer ultérieurement.';

/**
 * Every failed call ends as an ApiError: `code` and `exceptionMessage` come from the server's
 * `{code, exceptionMessage}` body, or from `{error, error_description}` for the OAuth token call.
 * Status 0 means the request never got an answer.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly exceptionMessage: string;

  constructor(status: number, code: string, exceptionMessage: string) {
    super(exceptionMessage);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.exceptionMessage = exceptionMessage;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function stringField(body: unknown, key: string): string | null {
  if (typeof body !== 'object' || body === null || !(key in body)) return null;
  const value: unknown = (body as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : null;
}

/** Reads either error shape; anything else becomes a generic error with the HTTP status. */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  const code = stringField(body, 'code') ?? stringField(body, 'error') ?? `HTTP_${status}`;
  const message =
    stringField(body, 'exceptionMessage') ?? stringField(body, 'error_description') ?? GENERIC_ERROR_MESSAGE;
  return new ApiError(status, code, message);
}
