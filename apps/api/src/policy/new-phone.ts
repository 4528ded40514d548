import { fail } from '../lib/errors.ts';
import type { LineRole } from './line-actions.ts';

/**
 * Who may order a new phone for a line (decision 039): a manager of its billing account, or an
 * agent acting in a manager's session (audited as the agent). A line's own user reads whether the
 * line may order one and nothing else.
 */
export function assertMayOrderNewPhone(access: { role: LineRole }): void {
  if (access.role !== 'GESTIONNAIRE') throw fail('NEW_PHONE_MANAGER_ONLY');
}
