import type { SupportTicketDetail } from '@ecare/shared/support-requests';
import { formatFileSize } from '../../../lib/attachment-file.ts';
import { TicketStatusBadge } from './ticket-status-badge.tsx';
import { parisDateTimeFormat } from '@ecare/shared/paris-time';

const dateTime = parisDateTimeFormat({ dateStyle: 'long', timeStyle: 'short' });

/** One message sent to the customer service: where it stands, what it was about, what was written. */
export function SupportTicketDetailPanel({ ticket }: { ticket: SupportTicketDetail }) {
  return (
    <article aria-labelledby="demande-objet" className="card max-w-3xl space-y-4">
      <h2 id="demande-objet" className="break-words text-xl font-bold text-primary-strong">
        {ticket.objet}
      </h2>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Statut</dt>
        <dd>
          <TicketStatusBadge status={ticket.statut} />
        </dd>
        <dt className="font-semibold">Envoyée le</dt>
        <dd>{dateTime.format(new Date(ticket.dateCreation))}</dd>
        {ticket.dateMiseAJour !== ticket.dateCreation ? (
          <>
            <dt className="font-semibold">Mise à jour le</dt>
            <dd>{dateTime.format(new Date(ticket.dateMiseAJour))}</dd>
          </>
        ) : null}
        <dt className="font-semibold">Thème</dt>
        <dd>{ticket.sousTheme ? `${ticket.theme} – ${ticket.sousTheme}` : ticket.theme}</dd>
        <dt className="font-semibold">Pièce jointe</dt>
        <dd className="break-all">{ticket.pieceJointe ? `${ticket.pieceJointe.nom} (${formatFileSize(ticket.pieceJointe.taille)})` : 'aucune'}</dd>
      </dl>
      <div>
        <h3 className="font-semibold">Votre message</h3>
        <p className="mt-1 whitespace-pre-line break-words rounded-md border border-line-soft px-3 py-2">{ticket.message}</p>
      </div>
      <p className="text-muted">La réponse du service client vous est envoyée par e-mail, avec chaque changement de statut.</p>
    </article>
  );
}
