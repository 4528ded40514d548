import {
  ADMIN_TICKET_REPLY_MAX_LENGTH,
  adminTicketStatusBodySchema,
  SUPPORT_TICKET_TRANSITIONS,
  type AdminTicket,
  type AdminTicketStatusBody,
} from '@ecare/shared/admin';
import { SUPPORT_TICKET_STATUS_LABELS, SUPPORT_TICKET_STATUSES, type SupportTicketStatus } from '@ecare/shared/support';
import { useId, useState } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { useFieldId } from '../../../components/ui/form/field-ids.ts';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { FormField } from '../../../components/ui/form/form-field.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { Pagination } from '../../../components/ui/table/pagination.tsx';
import { useChangeAdminTicketStatus } from '../api/change-admin-ticket-status.ts';
import { useAdminTickets } from '../api/get-admin-tickets.ts';
import { ActionNotice } from './action-notice.tsx';

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });
const PAGE_SIZE = 20;

function StatusFields({ allowed }: { allowed: readonly SupportTicketStatus[] }) {
  const { register, control, getFieldState } = useFormContext<AdminTicketStatusBody>();
  const formState = useFormState({ control });
  return (
    <>
      <FormField id={useFieldId('statut')} label="Nouveau statut" required error={getFieldState('statut', formState).error?.message}>
        {(fieldControl) => (
          <select {...fieldControl} {...register('statut')} className="field-input max-w-md">
            {allowed.map((status) => (
              <option key={status} value={status}>
                {SUPPORT_TICKET_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        id={useFieldId('reponse')}
        label="Réponse à l’expéditeur"
        help={`Facultative, envoyée par e-mail avec le nouveau statut (${ADMIN_TICKET_REPLY_MAX_LENGTH.toLocaleString('fr-FR')} caractères au maximum).`}
        error={getFieldState('reponse', formState).error?.message}
      >
        {(fieldControl) => <textarea {...fieldControl} {...register('reponse')} rows={5} spellCheck className="field-input" />}
      </FormField>
    </>
  );
}

/** The status a ticket may take next, and a reply e-mailed to its sender with it. */
function StatusForm({ ticket, onDone, onCancel }: { ticket: AdminTicket; onDone: (text: string) => void; onCancel: () => void }) {
  const allowed = SUPPORT_TICKET_TRANSITIONS[ticket.statut];
  const form = useZodForm(adminTicketStatusBodySchema, { defaultValues: { statut: allowed[0], reponse: '' } });
  const change = useChangeAdminTicketStatus(ticket.reference);
  return (
    <Form
      form={form}
      className="mt-3 space-y-4 rounded-lg border border-line-soft p-4"
      onSubmit={async (values) => {
        const saved = await change.mutateAsync(values);
        onDone(`La demande ${saved.reference} est maintenant « ${SUPPORT_TICKET_STATUS_LABELS[saved.statut]} » ; son expéditeur en a été informé par e-mail.`);
      }}
    >
      <StatusFields allowed={allowed} />
      <FormAlert />
      <div className="flex flex-wrap gap-3">
        <SubmitButton>Changer le statut</SubmitButton>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Annuler
        </button>
      </div>
    </Form>
  );
}

function TicketCard({ ticket, open, onOpen, onDone }: { ticket: AdminTicket; open: boolean; onOpen: (open: boolean) => void; onDone: (text: string) => void }) {
  const { expediteur, pieceJointe } = ticket;
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
      {open ? (
        <StatusForm ticket={ticket} onDone={onDone} onCancel={() => onOpen(false)} />
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
  const [statut, setStatut] = useState<SupportTicketStatus | null>(null);
  const [reference, setReference] = useState('');
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const base = useId().replace(/[^\w-]/g, '');
  const tickets = useAdminTickets({ statut, reference: /^[A-Za-z0-9-]{0,30}$/.test(reference.trim()) ? reference : '', page });

  return (
    <div className="space-y-6">
      <form role="search" className="flex flex-wrap items-end gap-4" onSubmit={(event) => event.preventDefault()}>
        <div>
          <label htmlFor={`${base}-statut`} className="field-label">
            Statut
          </label>
          <select
            id={`${base}-statut`}
            className="field-input"
            value={statut ?? ''}
            onChange={(event) => {
              setStatut(event.target.value === '' ? null : (event.target.value as SupportTicketStatus));
              setPage(1);
            }}
          >
            <option value="">Tous les statuts</option>
            {SUPPORT_TICKET_STATUSES.map((status) => (
              <option key={status} value={status}>
                {SUPPORT_TICKET_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={`${base}-reference`} className="field-label">
            Référence
          </label>
          <input
            id={`${base}-reference`}
            type="search"
            className="field-input"
            placeholder="SUP-2026-"
            aria-describedby={`${base}-reference-aide`}
            value={reference}
            onChange={(event) => {
              setReference(event.target.value);
              setPage(1);
            }}
          />
          <p id={`${base}-reference-aide`} className="mt-1 text-sm text-muted">
            La référence entière ou son début.
          </p>
        </div>
      </form>
      <ActionNotice text={notice} />
      {tickets.isPending ? <WaitingText>Chargement des demandes…</WaitingText> : null}
      {tickets.isError ? <ReadFailed error={tickets.error} onRetry={() => void tickets.refetch()} pending={tickets.isFetching} /> : null}
      {tickets.data ? (
        <>
          <p className="text-sm text-muted">
            {tickets.data.total.toLocaleString('fr-FR')} demande{tickets.data.total > 1 ? 's' : ''}
          </p>
          {tickets.data.demandes.length === 0 ? <p>Aucune demande ne correspond à ces critères.</p> : null}
          <div className="space-y-4">
            {tickets.data.demandes.map((ticket) => (
              <TicketCard
                key={ticket.reference}
                ticket={ticket}
                open={opened === ticket.reference}
                onOpen={(open) => {
                  setNotice(null);
                  setOpened(open ? ticket.reference : null);
                }}
                onDone={(text) => {
                  setOpened(null);
                  setNotice(text);
                }}
              />
            ))}
          </div>
          <Pagination page={tickets.data.page} pageCount={Math.max(1, Math.ceil(tickets.data.total / PAGE_SIZE))} onPage={setPage} label="Pagination des demandes" />
        </>
      ) : null}
    </div>
  );
}
