import { fail } from '../lib/errors.ts';

/** What the administration rule reads of the signed-in caller (spec §3 "Current user"). */
export interface AdministrationCaller {
  administration: boolean;
  serviceClient: boolean;
  /** Acting for a customer (agent mode): the session is the customer's business, not the portal's settings. */
  agentMode?: boolean;
}

/**
 * The back office (`/api/admin/…`, decision 030) belongs to users with the administration flag
 * acting as themselves: a customer-service agent edits nothing there, even one whose account
 * also carries the flag, and no one does while in agent mode. FORBIDDEN_ADMINISTRATION otherwise.
 */
export function assertAdministration(caller: AdministrationCaller): void {
  if (!caller.administration || caller.serviceClient || caller.agentMode === true) throw fail('FORBIDDEN_ADMINISTRATION');
}
