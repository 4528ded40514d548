import { fail } from '../lib/errors.ts';
import type { LineRole } from './line-actions.ts';

/**
 * Who may terminate a line (decision 031): a manager of its billing account, or an agent acting
 * in a manager's session. A line's own user reads the procedure (reasons, commitment, fees) and
 * the state of a request, and may not upload proofs, submit, cancel or have the recap e-mailed.
 */
export function assertMayTerminate(access: { role: LineRole }): void {
  if (access.role !== 'GESTIONNAIRE') throw fail('TERMINATION_MANAGER_ONLY');
}

/**
 * A termination's proof is read or deleted only from the billing account that uploaded it: an
 * account the caller manages, and the one the file was sent for (FORBIDDEN_CONTRACT otherwise,
 * as for another customer's line).
 */
export function assertProofOfAccount(proof: { idClientBscs: number }, idClientBscs: number): void {
  if (proof.idClientBscs !== idClientBscs) throw fail('FORBIDDEN_CONTRACT');
}
