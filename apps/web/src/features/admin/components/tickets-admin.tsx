import { adminTicketStatusBodySchema, SUPPORT_TICKET_TRANSITIONS, type AdminTicket } from '@ecare/shared/admin';
import { SUPPORT_TICKET_STATUS_LABELS, SUPPORT_TICKET_STATUSES } from '@ecare/shared/support';
import { useChangeAdminTicketStatus } from '../api/change-admin-ticket-status.ts';
import { useAdminTickets } from '../api/get-admin-tickets.ts';
import { AdminRequests, type RequestCardControls } from './admin-request-list.tsx';
import { nonEmpty, RequestStatusForm } from './request-status-form.tsx';
import { parisDateTimeFormat } from '@ecare/shared/paris-time';

const dateTime = parisDateTimeFormat({ dateStyle: 'short', timeStyle: 'short' });

function TicketCard({ ticket, open, onOpen, onDone }: { ticket: AdminTicket } & RequestCardControls) {
  const { expediteur, pieceJointe } = ticket;
  const allowed = nonEmpty(SUPPORT_TICKET_TRANSITIONS[ticket.statut]);
  const change = useChangeAdminTicketStatus(ticket.reference);
  return (
    <article aria-labelledby={`demande-${ticket.reference}`} className="rounded-lg border border-line p-4">
      <h2 id={`demande-${ticket.reference}`} className="text-lg font-semibold">
        {ticket.reference} – {ticket.objet}
      </h2>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Statut</dt>
        <dd>{SUPPORT_TICKET_STATUS_LABELS[ticket.statut]}</dd>
        <dt className="font-semibold">Reçue le</dt>
        <dd>{dateTime.format(new Date(ticket.dateCreation))}</dd>
        <dt className="font-semibold">Thème</dt>
        <dd>{ticket.sousTheme ? `${ticket.theme} – ${ticket.sousTheme}` : ticket.theme}</dd>
        <dt className="font-semibold">Expéditeur</dt>
        <dd>
          {expediteur.prenom} {expediteur.nom} &lt;{expediteur.email}&gt;
          {expediteur.entreprise ? `, ${expediteur.entreprise}` : ''} ({expediteur.client ? 'client connecté' : 'visiteur'})
        </dd>
        <dt className="font-semibold">Pièce jointe</dt>
        <dd>{pieceJointe ? `${pieceJointe.nom}${pieceJointe.supprimee ? ' (fichier supprimé à la fin de sa durée de conservation)' : ''}` : 'aucune'}</dd>
      </dl>
      <p className="mt-3 whitespace-pre-line rounded-md border border-line-soft px-3 py-2 text-sm">{ticket.message}</p>
      {open && allowed ? (
        <RequestStatusForm
          allowed={allowed}
          labels={SUPPORT_TICKET_STATUS_LABELS}
          onCancel={() => onOpen(false)}
          onSubmit={async (values) => {
            const saved = await change.mutateAsync(adminTicketStatusBodySchema.parse(values));
            onDone(`La demande ${saved.reference} est maintenant « ${SUPPORT_TICKET_STATUS_LABELS[saved.statut]} » ; son expéditeur en a été informé par e-mail.`);
          }}
        />
      ) : (
        <button type="button" className="btn-secondary mt-3" onClick={() => onOpen(true)}>
          Changer le statut<span className="sr-only"> de la demande {ticket.reference}</span>
        </button>
      )}
    </article>
  );
}

/**
 * The contact form's tickets, newest first, filtered by status and by the beginning of their
 * reference; each can move to the statuses its current one allows (decision 030), with a reply
 * e-mailed to its sender.
 */
export function TicketsAdmin() {
  return (
    <AdminRequests
      statuses={SUPPORT_TICKET_STATUSES}
      labels={SUPPORT_TICKET_STATUS_LABELS}
      placeholder="SUP-2026-"
      useRequests={useAdminTickets}
      itemsOf={(page) => page.demandes}
      keyOf={(ticket) => ticket.reference}
      card={(ticket, controls) => <TicketCard ticket={ticket} {...controls} />}
    />
  );
}
