import type { ApiErrorCode } from '@ecare/shared/error-catalogue';
import { INTERNAL_MESSAGE } from '@ecare/shared/core-messages';

/** Fallback text when the server gave none. */
export const GENERIC_ERROR_MESSAGE = INTERNAL_MESSAGE;

/**
 * Every failed call ends as an ApiError: `code` and `exceptionMessage` come from the server's
 * `{code, exceptionMessage}` body, or from `{error, error_description}` for the OAuth token call.
 * Status 0 means the request never got an answer.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly exceptionMessage: string;
  /** The refusal's JSON as received, for an answer that carries more (the token call's `mfa_token`). */
  readonly body: unknown;

  constructor(status: number, code: string, exceptionMessage: string, body: unknown = null) {
    super(exceptionMessage);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.exceptionMessage = exceptionMessage;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * Whether the call failed with one of these codes of the catalogue. Codes are compared as typed
 * literals: the type checks them, and the catalogue itself stays out of the bundle.
 */
export function hasErrorCode(error: unknown, ...codes: ApiErrorCode[]): boolean {
  return isApiError(error) && (codes as string[]).includes(error.code);
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
  return new ApiError(status, code, message, body);
}
