/**
 * The parts of the error catalogue, by name: the core's codes and one part per feature
 * (`<feature>-errors.ts`, beside the feature's schemas). A feature's part is its one line here;
 * error-catalogue.ts gathers them all, and a code appears in exactly one part (its test).
 */
export { CORE_ERRORS as core } from './errors-core.ts';
export { LINE_ERRORS as lines } from './lines-errors.ts';
export { CONSUMPTION_ERRORS as consumption } from './consumption-errors.ts';
export { ESIM_ERRORS as esim } from './esim-errors.ts';
export { ACCOUNT_USER_ERRORS as accountUsers } from './account-users-errors.ts';
export { LEGAL_ERRORS as legal } from './legal-errors.ts';
export { SUPPORT_ERRORS as support } from './support-errors.ts';
export { FAQ_ERRORS as faq } from './faq-errors.ts';
export { INVOICE_ERRORS as invoices } from './invoices-errors.ts';
export { BANK_DETAILS_ERRORS as bankDetails } from './bank-details-errors.ts';
export { UNPAID_ERRORS as unpaid } from './unpaid-errors.ts';
export { APPOINTMENT_ERRORS as appointments } from './appointments-errors.ts';
export { PAYMENT_ERRORS as payment } from './payment-errors.ts';
export { ADMIN_ERRORS as admin } from './admin-errors.ts';
export { AGENT_ERRORS as agents } from './agents-errors.ts';
export { TERMINATION_ERRORS as termination } from './termination-errors.ts';
export { ADD_LINE_ERRORS as addLine } from './add-line-errors.ts';
export { ORDER_ERRORS as orders } from './orders-errors.ts';
export { TARIFF_CHANGE_ERRORS as tariffChange } from './tariff-change-errors.ts';
export { CATALOGUE_ERRORS as catalogue } from './catalogue-errors.ts';
export { NEW_PHONE_ERRORS as newPhone } from './new-phone-errors.ts';
export { USAGE_FEED_ERRORS as usageFeed } from './usage-feed-errors.ts';
export { USAGE_ALERTS_ERRORS as usageAlerts } from './usage-alerts-errors.ts';
export { SCHEDULED_REPORTS_ERRORS as scheduledReports } from './scheduled-reports-errors.ts';
export { COST_CENTRES_ERRORS as costCentres } from './cost-centres-errors.ts';
export { FLEET_POLICY_ERRORS as fleetPolicy } from './fleet-policy-errors.ts';
export { BULK_ACTIONS_ERRORS as bulkActions } from './bulk-actions-errors.ts';
export { USER_SESSIONS_ERRORS as userSessions } from './user-sessions-errors.ts';
export { SECURITY_ERRORS as security } from './security-errors.ts';
export { API_KEYS_ERRORS as apiKeys } from './api-keys-errors.ts';
export { WEBHOOKS_ERRORS as webhooks } from './webhooks-errors.ts';
