import {
  COMPLAINT_DECISION_LABELS,
  INVOICE_COMPLAINT_MOTIF_LABELS,
  INVOICE_COMPLAINT_STATUS_LABELS,
  INVOICE_COMPLAINT_TRANSITIONS,
  type AdminComplaint,
  type AdminComplaintDecisionBody,
  type AdminComplaintPage,
  type AdminComplaintQuery,
  type AdminComplaintStatusBody,
} from '@ecare/shared';
import { formatPhone } from '@ecare/shared/phone';
import { fail } from '../../lib/errors.ts';
import { pageOrLast } from '../../lib/paging.ts';
import type { InvoicesModule } from '../invoices/index.ts';
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
    decision: row.decision,
    motifDecision: row.decisionMotif,
    avoir: row.avoir,
    facture: { referenceNumber: row.referenceNumber, dateFacture: row.dateFacture, montantHT: row.montantHtCentimes / 100, montantTTC: row.montantTtcCentimes / 100 },
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
export function createAdminComplaintsService({
  repo,
  audit,
  transaction,
  mail,
  clock,
  brandName,
  publicUrl,
  issueCreditNote,
}: Omit<AdminTicketsDeps, 'repo'> & { repo: AdminComplaintsRepository; issueCreditNote: InvoicesModule['issueCreditNote'] }) {
  const invoiceLink = (row: ComplaintRow) => ({ action: 'Voir la facture', url: `${publicUrl}/ecare/mon-compte/factures/${encodeURIComponent(row.referenceNumber)}` });
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
        await mail.send(
          sender.email,
          ticketStatusMail(brandName, { reference, objet: subjectOf(before), statut: INVOICE_COMPLAINT_STATUS_LABELS[body.statut], reponse, origine: 'facture' }, invoiceLink(before)),
          { tx },
        );
        return toComplaint({ ...before, statut: body.statut, updatedAt: now });
      });
    },

    /**
     * Decides the complaint, once (decision 060): refused, accepted, or accepted with a credit note
     * of `montantHT` (at most what is left to credit on the invoice), issued in the same
     * transaction as the decision, its audit entry and the sender's e-mail; the complaint is then
     * treated. Two decisions at once: the second waits for the first's lock, then finds it decided.
     */
    async decide(actor: Actor, reference: string, body: AdminComplaintDecisionBody): Promise<AdminComplaint> {
      return transaction(async (tx) => {
        const before = await repo.lockedComplaint(reference, tx);
        if (!before) throw fail('ADMIN_TICKET_NOT_FOUND');
        if (before.decision) throw fail('COMPLAINT_ALREADY_DECIDED', { values: { decision: COMPLAINT_DECISION_LABELS[before.decision] } });
        const montantHtCentimes = body.montantHT === undefined ? null : Math.round(body.montantHT * 100);
        const avoir =
          body.decision === 'ACCEPTEE_AVEC_AVOIR' && montantHtCentimes !== null
            ? await issueCreditNote(
                { complaintId: before.id, complaintReference: reference, invoiceId: before.invoiceId, montantHtCentimes, motif: body.motif, decidedBy: actor.userId },
                tx,
              )
            : null;
        const now = clock.now();
        await repo.decide(before.id, body.decision, body.motif, now, tx);
        await audit.record(
          {
            ...actor,
            action: 'ADMIN_RECLAMATION_DECISION',
            idClientBscs: before.idClientBscs,
            details: { avant: { reference, statut: before.statut }, apres: { reference, decision: body.decision, motif: body.motif, montantHT: body.montantHT ?? null, avoir } },
          },
          { tx },
        );
        const label = COMPLAINT_DECISION_LABELS[body.decision];
        const reponse = avoir ? `${label}\u00a0: ${body.motif} L’avoir ${avoir} est disponible avec vos factures.` : `${label}\u00a0: ${body.motif}`;
        await mail.send(
          toComplaint(before).expediteur.email,
          ticketStatusMail(brandName, { reference, objet: subjectOf(before), statut: INVOICE_COMPLAINT_STATUS_LABELS.TRAITEE, reponse, origine: 'facture' }, invoiceLink(before)),
          { tx },
        );
        return toComplaint({ ...before, statut: 'TRAITEE', decision: body.decision, decisionMotif: body.motif, avoir, updatedAt: now });
      });
    },
  };
}
export type AdminComplaintsService = ReturnType<typeof createAdminComplaintsService>;
