import type { UnpaidCheckAction } from '@ecare/shared/unpaid';
import { isApiError } from '../../../lib/api-error.ts';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { checkUnpaid } from '../api/check-unpaid.ts';
import { unpaidCheckRequest, unpaidGateOutcome } from './unpaid-decision.ts';
import { NETWORK_FAILURE_MESSAGE } from './unpaid-texts.ts';

/** Why the journey does not go on, as the dialog tells it. */
export type UnpaidNotice =
  | { kind: 'arret'; message: string }
  | { kind: 'administration' }
  | { kind: 'erreur'; message: string };

export interface UnpaidGateInput {
  action: UnpaidCheckAction;
  account: { idClientBscs: number; sirenSiret: string };
  line: { id_offre_engagement: number; codeStatut: string } | null;
  user: { administration: boolean; serviceClient: boolean };
  estBdp: boolean;
}

/** Answers the API client shows a page of its own for (login page, 498, 499): no dialog on top. */
const HANDLED_ELSEWHERE = new Set([401, 498, 499]);

/**
 * Runs the check and applies spec §4: `null` to go on, else what to tell (nothing, when the
 * session ended and the API client is already leaving the page). A failed check never lets the
 * journey through.
 */
export async function runUnpaidGate({ action, account, line, user, estBdp }: UnpaidGateInput): Promise<UnpaidNotice | 'handled' | null> {
  try {
    const { arretParcours, message } = await checkUnpaid(unpaidCheckRequest(action, account, line));
    if (unpaidGateOutcome({ arretParcours, administration: user.administration, estBdp, serviceClient: user.serviceClient }) === 'navigate') return null;
    return arretParcours ? { kind: 'arret', message } : { kind: 'administration' };
  } catch (error) {
    if (isApiError(error) && HANDLED_ELSEWHERE.has(error.status)) return 'handled';
    if (isApiError(error) && error.status === 0) return { kind: 'erreur', message: NETWORK_FAILURE_MESSAGE };
    return { kind: 'erreur', message: apiErrorMessage(error) };
  }
}
