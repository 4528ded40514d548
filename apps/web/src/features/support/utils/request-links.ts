import type { CustomerRequest } from '@ecare/shared/support-requests';
import { PATHS } from '../../../lib/routes.ts';

/** The page that shows a request: its message, its invoice, its line's termination, its line's appointments. */
export function requestPagePath(request: CustomerRequest): string {
  switch (request.type) {
    case 'CONTACT':
      return supportTicketPath(request.reference);
    case 'RECLAMATION':
      return `${PATHS.accountInvoices}/${encodeURIComponent(request.referenceFacture ?? '')}`;
    case 'RESILIATION':
      return `${PATHS.mobileLine}/${request.idContrat ?? ''}/${PATHS.terminationSegment}`;
    case 'RENDEZ_VOUS':
      return `${PATHS.appointments}?idContrat=${request.idContrat ?? ''}`;
  }
}

/** `/mon-compte/demandes/{reference}`: one message sent to the customer service. */
export const supportTicketPath = (reference: string) => `${PATHS.accountRequests}/${encodeURIComponent(reference)}`;
