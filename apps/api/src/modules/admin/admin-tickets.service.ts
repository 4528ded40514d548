import {
  canChangeTicketStatus,
  SUPPORT_TICKET_STATUS_LABELS,
  type AdminTicket,
  type AdminTicketPage,
  type AdminTicketQuery,
  type AdminTicketStatusBody,
} from '@ecare/shared';
import type { Audit } from '../../core/audit.ts';
import type { Transact } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import type { MailService } from '../../platform/mail/index.ts';
import { pageOrLast } from '../../lib/paging.ts';
import { customerTicket, ticketStatusMail } from '../support/index.ts';
import type { AdminTicketsRepository, TicketRow } from './admin-tickets.repository.ts';
import type { Actor } from './admin.service.ts';

export interface AdminTicketsDeps {
  repo: AdminTicketsRepository;
  audit: Audit;
  transaction: Transact;
  mail: MailService;
  clock: Clock;
  brandName: string;
  publicUrl: string;
}

/** The customer's view of the ticket, with its message, its sender and whether its file is gone. */
function toTicket(row: TicketRow): AdminTicket {
  const ticket = customerTicket(row);
  return {
    ...ticket,
    message: row.message,
    expediteur: { prenom: row.prenom, nom: row.nom, email: row.email, entreprise: row.entreprise, client: row.userId !== null },
    pieceJointe: ticket.pieceJointe ? { ...ticket.pieceJointe, supprimee: row.pieceJointeCle === null } : null,
  };
}

/**
 * The support tickets in the back office (decision 030): listed with filters, and moved from one
 * status to another along SUPPORT_TICKET_TRANSITIONS. A change is written with its audit entry
 * and the sender's e-mail (new status, reply if any) in one transaction: the customer's list
 * shows the new status at once.
 */
export function createAdminTicketsService({ repo, audit, transaction, mail, clock, brandName, publicUrl }: AdminTicketsDeps) {
  return {
    /** A page of tickets, newest first; a page past the end answers the last one. */
    async tickets(query: AdminTicketQuery): Promise<AdminTicketPage> {
      const { rows, total, page } = await pageOrLast(query, (page) => repo.page({ ...query, page }));
      return { demandes: rows.map(toTicket), total, page, taille: query.taille };
    },

    async changeStatus(actor: Actor, reference: string, body: AdminTicketStatusBody): Promise<AdminTicket> {
      const reponse = body.reponse === undefined || body.reponse === '' ? null : body.reponse;
      return transaction(async (tx) => {
        const before = await repo.lockedTicket(reference, tx);
        if (!before) throw fail('ADMIN_TICKET_NOT_FOUND');
        if (!canChangeTicketStatus(before.statut, body.statut)) throw fail('ADMIN_TICKET_TRANSITION');
        const now = clock.now();
        await repo.setStatus(before.id, body.statut, now, tx);
        await audit.record(
          {
            ...actor,
            action: 'ADMIN_DEMANDE_STATUT',
            idClientBscs: before.idClientBscs,
            details: { avant: { reference, statut: before.statut }, apres: { reference, statut: body.statut, reponse } },
          },
          { tx },
        );
        // A customer follows it from their account; a visitor has only the mail.
        const link =
          before.userId !== null
            ? { action: 'Suivre mes demandes', url: `${publicUrl}/ecare/mon-compte/demandes` }
            : { action: 'Consulter les questions fréquentes', url: `${publicUrl}/ecare/assistance/faq` };
        await mail.send(
          before.email,
          ticketStatusMail(brandName, { reference, objet: before.userId !== null ? before.objet : null, statut: SUPPORT_TICKET_STATUS_LABELS[body.statut], reponse }, link),
          { tx },
        );
        return toTicket({ ...before, statut: body.statut, updatedAt: now });
      });
    },
  };
}
export type AdminTicketsService = ReturnType<typeof createAdminTicketsService>;
