import { NO_OFFER, type UnpaidCheckAction, type UnpaidCheckRequest } from '@ecare/shared/unpaid';

export interface UnpaidGateFacts {
  /** The check's answer: the account or its company has an overdue invoice. */
  arretParcours: boolean;
  /** The signed-in user has the administration flag (spec §3). */
  administration: boolean;
  /** Server parameter est_Bdp: the portal runs in pro-less (counter) mode. */
  estBdp: boolean;
  /** The signed-in user is a customer-service agent. */
  serviceClient: boolean;
}

export type UnpaidGateOutcome = 'navigate' | 'modal';

/**
 * Spec §4 "Unpaid-balance gating": a stopped journey shows the modal and goes nowhere. Otherwise
 * an administration user goes on only as a customer-service agent outside pro-less mode, and
 * sees the modal in every other case; everybody else goes on.
 */
export function unpaidGateOutcome({ arretParcours, administration, estBdp, serviceClient }: UnpaidGateFacts): UnpaidGateOutcome {
  if (arretParcours) return 'modal';
  if (administration) return !estBdp && serviceClient ? 'navigate' : 'modal';
  return 'navigate';
}

/** What the check is asked about: the chosen account, and the plan of the chosen line for a new phone or a plan change. */
export function unpaidCheckRequest(
  action: UnpaidCheckAction,
  account: { idClientBscs: number; sirenSiret: string },
  line: { id_offre_engagement: number; codeStatut: string } | null,
): UnpaidCheckRequest {
  // An added line's plan is chosen later in its journey; a terminated line has no journey left.
  const idOffreEngagement = action !== 'AJL' && line && line.codeStatut !== 'RESILIE' ? line.id_offre_engagement : NO_OFFER;
  return { idOffreEngagement, idClientBscs: account.idClientBscs, sirenSiret: account.sirenSiret, action };
}
