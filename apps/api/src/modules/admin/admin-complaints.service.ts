import {
  INVOICE_COMPLAINT_MOTIF_LABELS,
  INVOICE_COMPLAINT_STATUS_LABELS,
  INVOICE_COMPLAINT_TRANSITIONS,
  type AdminComplaint,
  type AdminComplaintPage,
  type AdminComplaintQuery,
  type AdminComplaintStatusBody,
} from '@ecare/shared';
import { formatPhone } from '@ecare/shared/phone';
import { fail } from '../../lib/errors.ts';
import { pageOrLast } from '../../lib/paging.ts';
import { ticketStatusMail } from '../support/index.ts';
import type { AdminComplaintsRepository, ComplaintRow } from './admin-complaints.repository.ts';
import type { AdminTicketsDeps } from './admin-tickets.service.ts';
import type { Actor } from './admin.service.ts';

function toComplaint(row: ComplaintRow): AdminComplaint {
  return {
    reference: row.reference,
    dateCreation: row.createdAt.toISOString(),
    dateMiseAJour: (row.updatedAt ?? row.createdAt).toISOString(),
    motif: row.motif as AdminComplaint['motif'],
    message: row.message,
    statut: row.statut,
    facture: { referenceNumber: row.referenceNumber, dateFacture: row.dateFacture, montantTTC: row.montantTtcCentimes / 100 },
    compte: { idClientBscs: row.idClientBscs, codeClientBscs: row.codeClientBscs, raisonSociale: row.raisonSociale },
    lignes: row.numeros,
    expediteur: row.expediteur ?? row.compte,
  };
}

/** What the complaint was about, as its sender's mail recalls it. */
function subjectOf(row: ComplaintRow): string {
  const motif = INVOICE_COMPLAINT_MOTIF_LABELS[row.motif as AdminComplaint['motif']] ?? row.motif;
  const lines = row.numeros.length > 0 ? `, ${row.numeros.map((numero) => formatPhone(numero)).join(', ')}` : '';
  return `${motif}, facture ${row.referenceNumber}${lines}`;
}

/**
 * Invoice complaints in the back office (decision 030), handled as the contact form's tickets
 * are: listed with filters, moved to the other status with an optional reply, the change written
 * with its audit entry and the sender's e-mail in one transaction; the customer's « Mes demandes »
 * and the invoice show the new status at once.
 */
export function createAdminComplaintsService({ repo, audit, transaction, mail, clock, brandName, publicUrl }: Omit<AdminTicketsDeps, 'repo'> & { repo: AdminComplaintsRepository }) {
  return {
    /** A page of complaints, newest first; a page past the end answers the last one. */
    async complaints(query: AdminComplaintQuery): Promise<AdminComplaintPage> {
      const { rows, total, page } = await pageOrLast(query, (page) => repo.page({ ...query, page }));
      return { reclamations: rows.map(toComplaint), total, page, taille: query.taille };
    },

    async changeStatus(actor: Actor, reference: string, body: AdminComplaintStatusBody): Promise<AdminComplaint> {
      const reponse = body.reponse === undefined || body.reponse === '' ? null : body.reponse;
      return transaction(async (tx) => {
        const before = await repo.lockedComplaint(reference, tx);
        if (!before) throw fail('ADMIN_TICKET_NOT_FOUND');
        if (!INVOICE_COMPLAINT_TRANSITIONS[before.statut].includes(body.statut)) throw fail('ADMIN_TICKET_TRANSITION');
        const now = clock.now();
        await repo.setStatus(before.id, body.statut, now, tx);
        await audit.record(
          {
            ...actor,
            action: 'ADMIN_RECLAMATION_STATUT',
            idClientBscs: before.idClientBscs,
            details: { avant: { reference, statut: before.statut }, apres: { reference, statut: body.statut, reponse } },
          },
          { tx },
        );
        const sender = toComplaint(before).expediteur;
        const link = { action: 'Voir la facture', url: `${publicUrl}/ecare/mon-compte/factures/${encodeURIComponent(before.referenceNumber)}` };
        await mail.send(
          sender.email,
          ticketStatusMail(brandName, { reference, objet: subjectOf(before), statut: INVOICE_COMPLAINT_STATUS_LABELS[body.statut], reponse, origine: 'facture' }, link),
          { tx },
        );
        return toComplaint({ ...before, statut: body.statut, updatedAt: now });
      });
    },
  };
}
export type AdminComplaintsService = ReturnType<typeof createAdminComplaintsService>;
