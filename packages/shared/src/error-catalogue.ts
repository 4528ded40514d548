/**
 * Every error code the API can answer, with its HTTP status and French message: the parts
 * (errors-core.ts and one `<feature>-errors.ts` per feature) gathered in one registry. The API
 * builds each error from here. The web app compares codes as literals typed `ApiErrorCode` (a
 * type costs nothing in its bundle) and takes the messages it shows from the parts it needs, so
 * that the catalogue growing does not grow the login page. Free of zod.
 */
import type { CatalogueEntry, OAuthCode } from './error-entries.ts';
import { CORE_ERRORS } from './errors-core.ts';
import { ESIM_ERRORS } from './esim-errors.ts';
import { ACCOUNT_USER_ERRORS } from './account-users-errors.ts';
import { LINE_ERRORS } from './lines-errors.ts';
import { CONSUMPTION_ERRORS } from './consumption-errors.ts';
import { LEGAL_ERRORS } from './legal-errors.ts';
import { FAQ_ERRORS } from './faq-errors.ts';
import { SUPPORT_ERRORS } from './support-errors.ts';
import { INVOICE_ERRORS } from './invoices-errors.ts';
import { BANK_DETAILS_ERRORS } from './bank-details-errors.ts';
import { UNPAID_ERRORS } from './unpaid-errors.ts';
import { APPOINTMENT_ERRORS } from './appointments-errors.ts';
import { PAYMENT_ERRORS } from './payment-errors.ts';
import { ADMIN_ERRORS } from './admin-errors.ts';
import { AGENT_ERRORS } from './agents-errors.ts';
import { TERMINATION_ERRORS } from './termination-errors.ts';
import { ADD_LINE_ERRORS } from './add-line-errors.ts';
import { ORDER_ERRORS } from './orders-errors.ts';
import { TARIFF_CHANGE_ERRORS } from './tariff-change-errors.ts';
import { CATALOGUE_ERRORS } from './catalogue-errors.ts';
import { NEW_PHONE_ERRORS } from './new-phone-errors.ts';

export type { CatalogueEntry, OAuthCode } from './error-entries.ts';

/** The parts, by name: a code appears in exactly one (checked by the catalogue's test). */
export const ERROR_CATALOGUE_PARTS = { core: CORE_ERRORS, lines: LINE_ERRORS, consumption: CONSUMPTION_ERRORS, esim: ESIM_ERRORS, accountUsers: ACCOUNT_USER_ERRORS, legal: LEGAL_ERRORS, support: SUPPORT_ERRORS, faq: FAQ_ERRORS, invoices: INVOICE_ERRORS, bankDetails: BANK_DETAILS_ERRORS, unpaid: UNPAID_ERRORS, appointments: APPOINTMENT_ERRORS, payment: PAYMENT_ERRORS, admin: ADMIN_ERRORS, agents: AGENT_ERRORS, termination: TERMINATION_ERRORS, addLine: ADD_LINE_ERRORS, orders: ORDER_ERRORS, tariffChange: TARIFF_CHANGE_ERRORS, catalogue: CATALOGUE_ERRORS, newPhone: NEW_PHONE_ERRORS } as const;

export const API_ERRORS = { ...CORE_ERRORS, ...LINE_ERRORS, ...CONSUMPTION_ERRORS, ...ESIM_ERRORS, ...ACCOUNT_USER_ERRORS, ...LEGAL_ERRORS, ...SUPPORT_ERRORS, ...FAQ_ERRORS, ...INVOICE_ERRORS, ...BANK_DETAILS_ERRORS, ...UNPAID_ERRORS, ...APPOINTMENT_ERRORS, ...PAYMENT_ERRORS, ...ADMIN_ERRORS, ...AGENT_ERRORS, ...TERMINATION_ERRORS, ...ADD_LINE_ERRORS, ...ORDER_ERRORS, ...TARIFF_CHANGE_ERRORS, ...CATALOGUE_ERRORS, ...NEW_PHONE_ERRORS } as const satisfies Record<string, CatalogueEntry>;

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
