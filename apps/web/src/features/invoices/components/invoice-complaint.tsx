import { INVOICE_COMPLAINT_MOTIF_LABELS, INVOICE_COMPLAINT_MOTIFS, type InvoiceComplaintResponse, type InvoiceLine } from '@ecare/shared/invoices';
import { formatPhone } from '@ecare/shared/phone';
import { CONTACT_LIMITS, characterCount } from '@ecare/shared/support';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import type { ApiErrorFields } from '../../../components/ui/form/api-error-to-form.ts';
import { CheckboxGroupField } from '../../../components/ui/form/checkbox-group-field.tsx';
import { useFieldId } from '../../../components/ui/form/field-ids.ts';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { FormField } from '../../../components/ui/form/form-field.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { RadioGroupField } from '../../../components/ui/form/radio-group-field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { useSendInvoiceComplaint } from '../api/send-invoice-complaint.ts';
import { COMPLAINT_MESSAGES, complaintFormSchema, complaintOf, type ComplaintFormValues } from '../utils/complaint-form.ts';

const ERROR_FIELDS: ApiErrorFields<ComplaintFormValues> = {
  INVOICE_COMPLAINT_LINES: 'lignes',
};

const number = new Intl.NumberFormat('fr-FR');

/** The message, in a text area with its length; a longer text is kept and said to be too long. */
function MessageField() {
  const { register, control, getFieldState } = useFormContext<ComplaintFormValues>();
  const formState = useFormState<ComplaintFormValues>({ name: 'message' });
  const { error } = getFieldState('message', formState);
  const text = useWatch({ control, name: 'message' });
  const count = characterCount(typeof text === 'string' ? text.replace(/\r\n?/g, '\n') : '');
  const id = useFieldId('message') ?? 'message';
  const countId = `${id}-longueur`;
  return (
    <FormField
      id={id}
      label="Votre message"
      required
      help={'Dites ce qui vous semble erroné\u00a0: le montant, la ligne, la communication ou la période concernés.'}
      error={error?.message}
      describedBy={countId}
    >
      {(controlProps) => (
        <>
          <textarea {...controlProps} {...register('message')} rows={6} className="field-input max-w-2xl" />
          <p id={countId} className={`mt-1 text-sm ${count > CONTACT_LIMITS.message ? 'font-semibold text-danger' : 'text-muted'}`}>
            {number.format(count)} / {number.format(CONTACT_LIMITS.message)} caractères
          </p>
        </>
      )}
    </FormField>
  );
}

interface InvoiceComplaintFormProps {
  idClientBscs: number;
  referenceNumber: string;
  /** The invoice's lines, to name those concerned. */
  lines: readonly Pick<InvoiceLine, 'idContrat' | 'numeroLigne' | 'utilisateur'>[];
  onSent: (response: InvoiceComplaintResponse) => void;
}

/** The complaint memo: a motif from the list, a message, and optionally the lines concerned. */
export function InvoiceComplaintForm({ idClientBscs, referenceNumber, lines, onSent }: InvoiceComplaintFormProps) {
  const form = useZodForm(complaintFormSchema, { defaultValues: { motif: null, message: '', lignes: [] }, messages: COMPLAINT_MESSAGES });
  const send = useSendInvoiceComplaint();
  return (
    <Form
      form={form}
      errorFields={ERROR_FIELDS}
      className="space-y-5"
      onSubmit={async (values) => onSent(await send.mutateAsync({ idClientBscs, referenceNumber, complaint: complaintOf(values) }))}
    >
      <RadioGroupField<ComplaintFormValues>
        name="motif"
        label="Motif de la réclamation"
        required
        options={INVOICE_COMPLAINT_MOTIFS.map((motif) => ({ value: motif, label: INVOICE_COMPLAINT_MOTIF_LABELS[motif] }))}
      />
      <MessageField />
      {lines.length > 0 ? (
        <CheckboxGroupField<ComplaintFormValues>
          name="lignes"
          label="Lignes concernées (facultatif)"
          help="Sans choix, la réclamation porte sur toute la facture."
          options={lines.map((line) => ({
            value: String(line.idContrat),
            label: formatPhone(line.numeroLigne),
            description: line.utilisateur ?? undefined,
          }))}
        />
      ) : null}
      <FormAlert />
      <SubmitButton>Envoyer la réclamation</SubmitButton>
    </Form>
  );
}

/** The complaint is recorded: its reference, where the acknowledgement went, what next. */
export function ComplaintSent({ response }: { response: InvoiceComplaintResponse }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: the reader is taken to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="space-y-3 border-l-4 border-l-success pl-4">
      <h3 ref={heading} tabIndex={-1} className="flex items-center gap-2 text-lg font-bold text-success outline-none">
        <CheckCircle2 aria-hidden="true" className="size-6 shrink-0" />
        Votre réclamation a bien été enregistrée
      </h3>
      <p>
        Référence de votre réclamation&nbsp;: <strong className="whitespace-nowrap text-xl text-primary-strong">{response.reference}</strong>
      </p>
      <p>
        Un accusé de réception a été envoyé à <strong className="break-all">{response.email}</strong>. Un conseiller examine votre demande et vous
        répond par e-mail&nbsp;; le montant contesté peut être mis en attente le temps de l’examen, le reste de la facture reste dû à son échéance.
      </p>
    </div>
  );
}
