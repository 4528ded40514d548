import {
  APPOINTMENT_MOTIFS,
  CUSTOMER_REQUEST_STATUSES,
  INVOICE_COMPLAINT_MOTIF_LABELS,
  parisClock,
  type CustomerRequest,
  type CustomerRequestPage,
  type CustomerRequestQuery,
  type SupportTicketDetail,
} from '@ecare/shared';
import { formatPhone } from '@ecare/shared/phone';
import { parisDay, frenchDay } from '@ecare/shared/paris-time';
import type { Clock } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import { pageOrLast } from '../../lib/paging.ts';
import type { CustomerRequestRow, SupportRequestsRepository } from './support-requests.repository.ts';
import { toTicket } from './support.service.ts';

const lineOf = (numero: string | null) => (numero ? `Ligne ${formatPhone(numero)}` : 'Ligne');

/** What a request is about and what it concerns, in the customer's words. */
function wording(row: CustomerRequestRow): Pick<CustomerRequest, 'intitule' | 'precision'> {
  switch (row.type) {
    case 'CONTACT':
      return { intitule: row.libelle, precision: row.sousTheme ? `${row.theme ?? ''} – ${row.sousTheme}` : row.theme };
    case 'RECLAMATION':
      return { intitule: INVOICE_COMPLAINT_MOTIF_LABELS[row.libelle as keyof typeof INVOICE_COMPLAINT_MOTIF_LABELS] ?? row.libelle, precision: `Facture ${row.reference_facture ?? ''}` };
    case 'RESILIATION':
      return { intitule: row.libelle, precision: row.jour ? `${lineOf(row.numero_ligne)}, résiliation au ${frenchDay(row.jour)}` : lineOf(row.numero_ligne) };
    case 'RENDEZ_VOUS': {
      const debut = row.debut === null ? null : new Date(row.debut);
      return {
        intitule: APPOINTMENT_MOTIFS[row.libelle as keyof typeof APPOINTMENT_MOTIFS] ?? row.libelle,
        precision: debut ? `${lineOf(row.numero_ligne)}, le ${frenchDay(parisDay(debut))} à ${parisClock(debut)}` : lineOf(row.numero_ligne),
      };
    }
  }
}

function toRequest(row: CustomerRequestRow): CustomerRequest {
  const { labels, open } = CUSTOMER_REQUEST_STATUSES[row.type];
  return {
    type: row.type,
    reference: row.reference,
    ...wording(row),
    dateCreation: new Date(row.created_at).toISOString(),
    statut: row.statut,
    statutLibelle: (labels as Record<string, string>)[row.statut] ?? row.statut,
    enCours: (open as readonly string[]).includes(row.statut),
    referenceFacture: row.reference_facture,
    idContrat: row.id_contrat,
  };
}

/**
 * « Mes demandes » (decision 024): every request the signed-in customer made, whatever feature
 * recorded it, in one list with its kind, reference, date and status; and one of their messages.
 */
export function createSupportRequests(deps: { repo: SupportRequestsRepository; clock: Clock }) {
  const { repo, clock } = deps;
  return {
    /** A page of the caller's requests; a page past the end answers the last one. */
    async requests(userId: number, query: CustomerRequestQuery): Promise<CustomerRequestPage> {
      const now = clock.now();
      const { rows, total, page } = await pageOrLast(query, (page) => repo.page(userId, { ...query, page }, now));
      return { demandes: rows.map(toRequest), total, page, taille: query.taille };
    },

    async ticket(userId: number, reference: string): Promise<SupportTicketDetail> {
      const row = await repo.ticket(userId, reference);
      if (!row) throw fail('SUPPORT_TICKET_NOT_FOUND');
      return { ...toTicket(row), message: row.message };
    },
  };
}
export type SupportRequests = ReturnType<typeof createSupportRequests>;
