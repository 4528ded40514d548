import { fail } from '../lib/errors.ts';
import type { LineRole } from './line-actions.ts';

/**
 * Who may change a line's plan (decision 037): a manager of its billing account, or an agent
 * acting in a manager's session (audited as the agent). A line's own user sees whether a change
 * is pending and may not read the plans, record, cancel or download a recap.
 */
export function assertMayChangeTariff(access: { role: LineRole }): void {
  if (access.role !== 'GESTIONNAIRE') throw fail('TARIFF_CHANGE_MANAGER_ONLY');
}
