import {
  adminComplaintStatusBodySchema,
  INVOICE_COMPLAINT_TRANSITIONS,
  type AdminComplaint,
} from '@ecare/shared/admin-complaints';
import { COMPLAINT_DECISION_LABELS } from '@ecare/shared/credit-notes';
import { INVOICE_COMPLAINT_MOTIF_LABELS, INVOICE_COMPLAINT_STATUS_LABELS, INVOICE_COMPLAINT_STATUSES } from '@ecare/shared/invoices';
import { parisDateTimeFormat } from '@ecare/shared/paris-time';
import { formatPhone } from '@ecare/shared/phone';
import { useState } from 'react';
import { useChangeAdminComplaintStatus } from '../api/change-admin-complaint-status.ts';
import { useAdminComplaints } from '../api/get-admin-complaints.ts';
import { formatIsoDate } from '../utils/dates.ts';
import { formatEuros } from '../../../lib/money.ts';
import { AdminRequests, type RequestCardControls } from './admin-request-list.tsx';
import { ComplaintDecisionForm } from './complaint-decision-form.tsx';
import { nonEmpty, RequestStatusForm } from './request-status-form.tsx';

const dateTime = parisDateTimeFormat({ dateStyle: 'short', timeStyle: 'short' });

/** « Acceptée avec avoir (AV-2026-000001) », « Refusée ». */
function decisionText({ decision, avoir }: AdminComplaint): string {
  if (decision === null) return 'À trancher';
  return avoir ? `${COMPLAINT_DECISION_LABELS[decision]} (avoir ${avoir})` : COMPLAINT_DECISION_LABELS[decision];
}

/** What the list says once a decision is recorded. */
function decidedNotice(saved: AdminComplaint): string {
  const label = saved.decision === null ? '' : ` («\u00a0${COMPLAINT_DECISION_LABELS[saved.decision]}\u00a0»)`;
  const creditNote = saved.avoir ? ` et l’avoir ${saved.avoir} est émis` : '';
  return `La réclamation ${saved.reference} est tranchée${label}${creditNote}\u00a0; son auteur et les gestionnaires du compte en ont été informés par e-mail.`;
}

function ComplaintCard({ complaint, open, onOpen, onDone }: { complaint: AdminComplaint } & RequestCardControls) {
  const { facture, compte, expediteur } = complaint;
  const allowed = nonEmpty(INVOICE_COMPLAINT_TRANSITIONS[complaint.statut]);
  const change = useChangeAdminComplaintStatus(complaint.reference);
  // One form of the card at a time, as one card of the list at a time.
  const [action, setAction] = useState<'statut' | 'decision'>('statut');
  const openForm = (next: 'statut' | 'decision') => {
    setAction(next);
    onOpen(true);
  };
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
          {facture.referenceNumber} du {formatIsoDate(facture.dateFacture)}, {formatEuros(facture.montantHT)} HT, {formatEuros(facture.montantTTC)} TTC
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
        <dt className="font-semibold">Décision</dt>
        <dd>{decisionText(complaint)}</dd>
        {complaint.motifDecision !== null ? (
          <>
            <dt className="font-semibold">Motif de la décision</dt>
            <dd className="break-words">{complaint.motifDecision}</dd>
          </>
        ) : null}
      </dl>
      <p className="mt-3 whitespace-pre-line rounded-md border border-line-soft px-3 py-2 text-sm">{complaint.message}</p>
      {/* Kept open once the complaint is decided elsewhere meanwhile, to show the server's refusal. */}
      {open && action === 'decision' ? (
        <ComplaintDecisionForm complaint={complaint} onCancel={() => onOpen(false)} onDecided={(saved) => onDone(decidedNotice(saved))} />
      ) : open && action === 'statut' && allowed ? (
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
        <div className="mt-3 flex flex-wrap gap-3">
          {complaint.decision === null ? (
            <button type="button" className="btn-primary" onClick={() => openForm('decision')}>
              Trancher la réclamation<span className="sr-only"> {complaint.reference}</span>
            </button>
          ) : null}
          <button type="button" className="btn-secondary" onClick={() => openForm('statut')}>
            Changer le statut<span className="sr-only"> de la réclamation {complaint.reference}</span>
          </button>
        </div>
      )}
    </article>
  );
}

/**
 * The invoice complaints, newest first, filtered by status and by the beginning of their
 * reference; each is treated or taken up again with a reply e-mailed to its author, as the
 * contact form's tickets are (decision 030), and settled once: refused, accepted, or accepted
 * with a credit note (decision 060).
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
