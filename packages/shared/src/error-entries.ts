import { countOf } from './french-plural.ts';
/** The shape of an entry of the error catalogue (error-catalogue.ts) and what its parts share. */

export type OAuthCode = 'invalid_grant' | 'invalid_client' | 'invalid_request' | 'unsupported_grant_type' | 'slow_down';

/**
 * A message is a text, or a function of the values it shows. `oauth` is the OAuth error code the
 * token endpoint answers instead of `{ code, exceptionMessage }` (spec §7, §8).
 */
export interface CatalogueEntry {
  readonly status: number;
  readonly message: string | ((values: never) => string);
  readonly oauth?: OAuthCode;
}

/** « 5 minutes », « 1 seconde »: the French plural of a counted word (french-plural.ts). */
export const plural = countOf;
