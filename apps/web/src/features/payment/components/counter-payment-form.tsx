import { COUNTER_PAYMENT_MEANS, COUNTER_PAYMENT_MEANS_LABELS, counterPaymentRequestSchema, type CounterPayment } from '@ecare/shared/payment';
import { CheckCircle2 } from 'lucide-react';
import { z } from 'zod';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { RadioGroupField } from '../../../components/ui/form/radio-group-field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { useRecordCounterPayment } from '../api/record-counter-payment.ts';
import { formatEuros } from '../utils/payment-format.ts';

const counterFormSchema = counterPaymentRequestSchema.pick({ referenceRecu: true }).extend({
  moyen: z.enum(COUNTER_PAYMENT_MEANS).nullable().refine((value) => value !== null),
});
type CounterFormValues = z.input<typeof counterFormSchema>;

const MESSAGES = {
  moyen: { invalid: 'Indiquez comment le client a payé.' },
  referenceRecu: {
    required: 'Indiquez le numéro du reçu remis au client ou du chèque.',
    invalid: 'Le numéro de reçu tient en 40 caractères : lettres, chiffres, espaces et . _ / -',
  },
};

const MEANS_OPTIONS = COUNTER_PAYMENT_MEANS.map((moyen) => ({ value: moyen, label: COUNTER_PAYMENT_MEANS_LABELS[moyen].replace(/^(en|par) /, '') }));

interface CounterPaymentFormProps {
  idClientBscs: number;
  /** The invoices chosen above, paid in full. */
  referenceNumbers: readonly string[];
  total: number;
  onRecorded: (payment: CounterPayment) => void;
}

/** The counter payment just recorded: shown above the list, which no longer holds its invoices. */
export function CounterPaymentRecorded({ payment }: { payment: CounterPayment }) {
  return (
    <p role="status" className="flex items-start gap-2 font-semibold text-success">
      <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      Paiement de {formatEuros(payment.montant)} enregistré pour {payment.referenceNumbers.join(', ')}. Le client en reçoit le reçu par e-mail.
    </p>
  );
}

/**
 * For the counter agent of a point of sale acting for the customer (decision 027): the chosen
 * invoices paid in full at the counter, recorded with how and under which receipt number.
 */
export function CounterPaymentForm({ idClientBscs, referenceNumbers, total, onRecorded }: CounterPaymentFormProps) {
  const form = useZodForm(counterFormSchema, { defaultValues: { moyen: null, referenceRecu: '' }, messages: MESSAGES });
  const record = useRecordCounterPayment();
  return (
    <section aria-labelledby="paiement-comptoir" className="card space-y-4">
      <h2 id="paiement-comptoir" className="text-xl font-semibold">
        Paiement reçu au comptoir
      </h2>
      <p className="text-muted">
        Le client a réglé au point de vente les factures choisies ci-dessus ({formatEuros(total)}) : enregistrez ce paiement. Il est inscrit au
        journal des actions du service client avec votre motif de connexion.
      </p>
      <Form
        form={form}
        className="space-y-4"
        onSubmit={async ({ moyen, referenceRecu }) => {
          if (!moyen) return;
          onRecorded(await record.mutateAsync({ idClientBscs, referenceNumbers: [...referenceNumbers], moyen, referenceRecu }));
          form.reset({ moyen: null, referenceRecu: '' });
        }}
      >
        <RadioGroupField<CounterFormValues> name="moyen" label="Moyen de paiement" required options={MEANS_OPTIONS} />
        <TextField<CounterFormValues> name="referenceRecu" label="Numéro du reçu ou du chèque" required maxLength={60} className="max-w-sm" />
        <FormAlert />
        <SubmitButton disabled={referenceNumbers.length === 0}>Enregistrer le paiement au comptoir</SubmitButton>
      </Form>
    </section>
  );
}
