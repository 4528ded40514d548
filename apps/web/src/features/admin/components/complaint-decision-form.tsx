import type { AdminComplaint } from '@ecare/shared/admin-complaints';
import { COMPLAINT_DECISION_LABELS, COMPLAINT_DECISIONS, DECISION_MOTIF, type AdminComplaintDecisionBody, type ComplaintDecision } from '@ecare/shared/credit-notes';
import { INVOICE_COMPLAINT_STATUS_LABELS } from '@ecare/shared/invoices';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';
import type { ApiErrorFields } from '../../../components/ui/form/api-error-to-form.ts';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { RadioGroupField } from '../../../components/ui/form/radio-group-field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { useDecideAdminComplaint } from '../api/decide-admin-complaint.ts';
import { decisionFormSchema, decisionOf, type DecisionFormValues } from '../utils/complaint-decision-form.ts';
import { formatEuros } from '../../../lib/money.ts';

const ERROR_FIELDS: ApiErrorFields<DecisionFormValues> = { CREDIT_NOTE_TOO_HIGH: 'montantHT' };

const DECISION_EFFECTS: Record<ComplaintDecision, string> = {
  REFUSEE: 'La facture reste due telle qu’elle est.',
  ACCEPTEE: 'Sans avoir\u00a0: la facture n’est pas modifiée.',
  ACCEPTEE_AVEC_AVOIR:
    'Un avoir du montant indiqué est émis, déduit de ce qui reste à payer sur la facture\u00a0; le surplus est remboursé par le moyen de paiement du compte.',
};

const CONFIRM_LABELS: Record<ComplaintDecision, string> = {
  REFUSEE: 'Oui, refuser la réclamation',
  ACCEPTEE: 'Oui, accepter la réclamation',
  ACCEPTEE_AVEC_AVOIR: 'Oui, émettre l’avoir',
};

/** What the confirmation asks about: the decision about to be sent, on which complaint and invoice. */
function DecisionRecap({ complaint, body }: { complaint: AdminComplaint; body: AdminComplaintDecisionBody }) {
  const label = `«\u00a0${COMPLAINT_DECISION_LABELS[body.decision]}\u00a0»`;
  return (
    <>
      {body.montantHT === undefined ? (
        <p>
          La réclamation <strong className="whitespace-nowrap">{complaint.reference}</strong> sera {label}. Son auteur et les gestionnaires du compte en
          seront informés par e-mail, avec le motif.
        </p>
      ) : (
        <>
          <p>
            La réclamation <strong className="whitespace-nowrap">{complaint.reference}</strong> sera {label}&nbsp;: un avoir de{' '}
            <strong className="whitespace-nowrap">{formatEuros(body.montantHT)} HT</strong> sera émis sur la facture {complaint.facture.referenceNumber},
            déduit de ce qui reste à payer, le surplus remboursé au client.
          </p>
          <p className="font-semibold">Un avoir est une pièce comptable&nbsp;: une fois émis, il ne peut être ni modifié ni annulé.</p>
        </>
      )}
      <p>Une réclamation ne reçoit qu’une décision&nbsp;: celle-ci ne pourra plus être changée. Souhaitez-vous la confirmer&nbsp;?</p>
    </>
  );
}

interface ComplaintDecisionFormProps {
  complaint: AdminComplaint;
  onCancel: () => void;
  /** The complaint as the server now has it: decided, treated, with its credit note if any. */
  onDecided: (complaint: AdminComplaint) => void;
}

/**
 * The back office settles a complaint once (decision 060): refused, accepted, or accepted with a
 * credit note of an amount excluding VAT, always with a motif; a confirmation comes before,
 * since a credit note is an accounting document that cannot be withdrawn.
 */
export function ComplaintDecisionForm({ complaint, onCancel, onDecided }: ComplaintDecisionFormProps) {
  const plafondHT = complaint.facture.montantHT;
  const schema = useMemo(() => decisionFormSchema(plafondHT), [plafondHT]);
  const form = useZodForm(schema, { defaultValues: { decision: null, montantHT: '', motif: '' } });
  const decision = useWatch({ control: form.control, name: 'decision' });
  const decide = useDecideAdminComplaint(complaint.reference);
  const confirmation = useConfirmation();
  const [asked, setAsked] = useState<AdminComplaintDecisionBody | null>(null);

  return (
    <>
      <Form
        form={form}
        errorFields={ERROR_FIELDS}
        className="mt-3 space-y-4 rounded-lg border border-line-soft p-4"
        onSubmit={async (values) => {
          const body = decisionOf(values);
          setAsked(body);
          if (!(await confirmation.ask())) return;
          try {
            onDecided(await decide.mutateAsync(body));
          } finally {
            confirmation.close();
          }
        }}
      >
        <RadioGroupField<DecisionFormValues>
          name="decision"
          label="Décision"
          required
          options={COMPLAINT_DECISIONS.map((value) => ({ value, label: COMPLAINT_DECISION_LABELS[value], description: DECISION_EFFECTS[value] }))}
        />
        {decision === 'ACCEPTEE_AVEC_AVOIR' ? (
          <TextField<DecisionFormValues>
            name="montantHT"
            label="Montant HT de l’avoir (€)"
            required
            help={`Au plus ${formatEuros(plafondHT)} HT, le montant HT de la facture. En euros, par exemple 12,50.`}
            inputMode="decimal"
            autoComplete="off"
            inputClassName="max-w-xs"
          />
        ) : null}
        <TextField<DecisionFormValues>
          name="motif"
          label="Motif de la décision"
          required
          help={`Envoyé par e-mail à l’auteur de la réclamation et aux gestionnaires du compte, et porté sur l’avoir s’il y en a un. Une seule ligne, de ${DECISION_MOTIF.min} à ${DECISION_MOTIF.max} caractères.`}
          autoComplete="off"
          spellCheck
        />
        <p className="text-sm text-muted">La réclamation passe ensuite à «&nbsp;{INVOICE_COMPLAINT_STATUS_LABELS.TRAITEE}&nbsp;». Une réclamation ne reçoit qu’une décision.</p>
        <FormAlert />
        <div className="flex flex-wrap gap-3">
          <SubmitButton>Trancher la réclamation</SubmitButton>
          <button type="button" className="btn-secondary" onClick={onCancel}>
            Annuler
          </button>
        </div>
      </Form>
      <ConfirmDialog
        confirmation={confirmation}
        title={`Trancher la réclamation ${complaint.reference}\u00a0?`}
        confirmLabel={asked ? CONFIRM_LABELS[asked.decision] : 'Confirmer'}
        isPending={decide.isPending}
      >
        {asked ? <DecisionRecap complaint={complaint} body={asked} /> : null}
      </ConfirmDialog>
    </>
  );
}
