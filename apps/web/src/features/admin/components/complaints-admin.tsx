import {
  adminComplaintStatusBodySchema,
  INVOICE_COMPLAINT_TRANSITIONS,
  type AdminComplaint,
} from '@ecare/shared/admin-complaints';
import { INVOICE_COMPLAINT_MOTIF_LABELS, INVOICE_COMPLAINT_STATUS_LABELS, INVOICE_COMPLAINT_STATUSES } from '@ecare/shared/invoices';
import { formatPhone } from '@ecare/shared/phone';
import { useChangeAdminComplaintStatus } from '../api/change-admin-complaint-status.ts';
import { useAdminComplaints } from '../api/get-admin-complaints.ts';
import { formatIsoDate } from '../utils/dates.ts';
import { AdminRequests, type RequestCardControls } from './admin-request-list.tsx';
import { nonEmpty, RequestStatusForm } from './request-status-form.tsx';
import { parisDateTimeFormat } from '@ecare/shared/paris-time';

const dateTime = parisDateTimeFormat({ dateStyle: 'short', timeStyle: 'short' });
const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

function ComplaintCard({ complaint, open, onOpen, onDone }: { complaint: AdminComplaint } & RequestCardControls) {
  const { facture, compte, expediteur } = complaint;
  const allowed = nonEmpty(INVOICE_COMPLAINT_TRANSITIONS[complaint.statut]);
  const change = useChangeAdminComplaintStatus(complaint.reference);
  return (
    <article aria-labelledby={`reclamation-${complaint.reference}`} className="rounded-lg border border-line p-4">
      <h2 id={`reclamation-${complaint.reference}`} className="text-lg font-semibold">
        {complaint.reference} – {INVOICE_COMPLAINT_MOTIF_LABELS[complaint.motif]}
      </h2>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Statut</dt>
        <dd>{INVOICE_COMPLAINT_STATUS_LABELS[complaint.statut]}</dd>
        <dt className="font-semibold">Reçue le</dt>
        <dd>{dateTime.format(new Date(complaint.dateCreation))}</dd>
        <dt className="font-semibold">Facture</dt>
        <dd>
          {facture.referenceNumber} du {formatIsoDate(facture.dateFacture)}, {euros.format(facture.montantTTC)} TTC
        </dd>
        <dt className="font-semibold">Compte</dt>
        <dd>
          {compte.raisonSociale}, compte {compte.codeClientBscs}
        </dd>
        <dt className="font-semibold">Lignes concernées</dt>
        <dd>{complaint.lignes.length > 0 ? complaint.lignes.map((numero) => formatPhone(numero)).join(', ') : 'toute la facture'}</dd>
        <dt className="font-semibold">Expéditeur</dt>
        <dd>
          {expediteur.prenom} {expediteur.nom} &lt;{expediteur.email}&gt;
        </dd>
      </dl>
      <p className="mt-3 whitespace-pre-line rounded-md border border-line-soft px-3 py-2 text-sm">{complaint.message}</p>
      {open && allowed ? (
        <RequestStatusForm
          allowed={allowed}
          labels={INVOICE_COMPLAINT_STATUS_LABELS}
          onCancel={() => onOpen(false)}
          onSubmit={async (values) => {
            const saved = await change.mutateAsync(adminComplaintStatusBodySchema.parse(values));
            onDone(`La réclamation ${saved.reference} est maintenant « ${INVOICE_COMPLAINT_STATUS_LABELS[saved.statut]} » ; son auteur en a été informé par e-mail.`);
          }}
        />
      ) : (
        <button type="button" className="btn-secondary mt-3" onClick={() => onOpen(true)}>
          Changer le statut<span className="sr-only"> de la réclamation {complaint.reference}</span>
        </button>
      )}
    </article>
  );
}

/**
 * The invoice complaints, newest first, filtered by status and by the beginning of their
 * reference; each is treated or taken up again with a reply e-mailed to its author, as the
 * contact form's tickets are (decision 030).
 */
export function ComplaintsAdmin() {
  return (
    <AdminRequests
      statuses={INVOICE_COMPLAINT_STATUSES}
      labels={INVOICE_COMPLAINT_STATUS_LABELS}
      placeholder="REC-2026-"
      useRequests={useAdminComplaints}
      itemsOf={(page) => page.reclamations}
      keyOf={(complaint) => complaint.reference}
      card={(complaint, controls) => <ComplaintCard complaint={complaint} {...controls} />}
    />
  );
}
