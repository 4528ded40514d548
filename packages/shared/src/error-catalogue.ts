/**
 * Every error code the API can answer, with its HTTP status and French message: the parts
 * (errors-core.ts and one `<feature>-errors.ts` per feature) gathered in one registry. The API
 * builds each error from here. The web app compares codes as literals typed `ApiErrorCode` (a
 * type costs nothing in its bundle) and takes the messages it shows from the parts it needs, so
 * that the catalogue growing does not grow the login page. Free of zod.
 */
import type { CatalogueEntry, OAuthCode } from './error-entries.ts';
import * as PARTS from './error-parts.ts';

export type { CatalogueEntry, OAuthCode } from './error-entries.ts';

/** The parts, by name (error-parts.ts): a code appears in exactly one (checked by the catalogue’s test). */
export const ERROR_CATALOGUE_PARTS: typeof PARTS = PARTS;

/** One type holding every member of a union of objects (the parts share no code). */
type AllOf<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer All) => void ? All : never;
type Catalogue = AllOf<(typeof PARTS)[keyof typeof PARTS]>;

export const API_ERRORS = Object.assign({}, ...Object.values(PARTS)) as Catalogue satisfies Record<string, CatalogueEntry>;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** The values a code's message shows, or `never` for a fixed text. */
export type ErrorMessageValues<C extends ApiErrorCode> = (typeof API_ERRORS)[C]['message'] extends (values: infer V) => string
  ? V
  : never;

/** `ERROR_CODES.FORBIDDEN_ACCOUNT === 'FORBIDDEN_ACCOUNT'`: codes as values, for the API and tests. */
export const ERROR_CODES = Object.fromEntries(Object.keys(API_ERRORS).map((code) => [code, code])) as {
  readonly [C in ApiErrorCode]: C;
};

/** The French message of a code, with its values where it shows some. */
export function errorMessage<C extends ApiErrorCode>(
  code: C,
  ...values: [ErrorMessageValues<C>] extends [never] ? [] : [ErrorMessageValues<C>]
): string {
  const message: CatalogueEntry['message'] = API_ERRORS[code].message;
  return typeof message === 'function' ? (message as (values: unknown) => string)(values[0]) : message;
}

/** The OAuth error code the token endpoint answers for a code, if it has one. */
export function oauthCodeOf(code: ApiErrorCode): OAuthCode | undefined {
  const entry: CatalogueEntry = API_ERRORS[code];
  return entry.oauth;
}

export function isApiErrorCode(code: unknown): code is ApiErrorCode {
  return typeof code === 'string' && Object.hasOwn(API_ERRORS, code);
}
