import { LINE_ERRORS } from '@ecare/shared/lines-errors';
import { LOSS_THEFT_REASONS, lossTheftBodySchema, type LineDetail } from '@ecare/shared/lines';
import { formatPhone } from '@ecare/shared/phone';
import { useState } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { z } from 'zod';
import type { ApiErrorFields } from '../../../components/ui/form/api-error-to-form.ts';
import { useFieldId } from '../../../components/ui/form/field-ids.ts';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { FormField } from '../../../components/ui/form/form-field.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { RadioGroupField } from '../../../components/ui/form/radio-group-field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm, type FieldMessages } from '../../../components/ui/form/use-zod-form.ts';
import { useDeclareLossTheft } from '../api/declare-loss-theft.ts';
import { parisToday } from '../utils/line-format.ts';
import { ActionCard } from './action-card.tsx';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';

export type LossTheftReason = (typeof LOSS_THEFT_REASONS)[number];

/** The API's rules (reason, ISO date, comment up to 500 characters), worded by this form. */
export const lossTheftFormSchema = lossTheftBodySchema.extend({
  motif: z.enum(LOSS_THEFT_REASONS),
  // Checked here too, so the date is refused before the confirmation rather than after it.
  dateEvenement: z.iso.date().refine((date) => date <= parisToday(), { message: LINE_ERRORS.EVENT_DATE_IN_FUTURE.message }),
});
type LossTheftValues = z.input<typeof lossTheftFormSchema>;

export const LOSS_THEFT_MESSAGES: FieldMessages<LossTheftValues> = {
  motif: { invalid: 'Veuillez indiquer s’il s’agit d’une perte ou d’un vol.' },
  dateEvenement: { required: 'Veuillez indiquer la date de la perte ou du vol.', invalid: 'Veuillez indiquer une date valide.' },
};

const ERROR_FIELDS: ApiErrorFields<LossTheftValues> = { EVENT_DATE_IN_FUTURE: 'dateEvenement' };

const REASON_WORDS: Record<LossTheftReason, string> = { PERTE: 'perte', VOL: 'vol' };

export const COMMENT_MAX = 500;

/** The optional comment, in a text area; a longer text is kept and said to be too long. */
function CommentField() {
  const { register, getFieldState } = useFormContext<LossTheftValues>();
  const formState = useFormState<LossTheftValues>({ name: 'commentaire' });
  const { error } = getFieldState('commentaire', formState);
  return (
    <FormField
      id={useFieldId('commentaire')}
      label="Commentaire (facultatif)"
      help={`Circonstances utiles au service client, ${COMMENT_MAX} caractères au maximum.`}
      error={error?.message}
    >
      {(control) => <textarea {...control} {...register('commentaire')} rows={3} className="field-input max-w-xl" />}
    </FormField>
  );
}

interface LossTheftFormProps {
  line: LineDetail;
  onDeclared: (line: LineDetail, motif: LossTheftReason) => void;
}

/** Declares the phone lost or stolen: the line is suspended at once, after a confirmation. */
export function LossTheftForm({ line, onDeclared }: LossTheftFormProps) {
  const form = useZodForm(lossTheftFormSchema, {
    defaultValues: { motif: undefined, dateEvenement: '', commentaire: '' },
    messages: LOSS_THEFT_MESSAGES,
  });
  const declare = useDeclareLossTheft();
  const confirmation = useConfirmation();
  const [motif, setMotif] = useState<LossTheftReason>('PERTE');
  const words = REASON_WORDS[motif];

  return (
    <ActionCard title="Déclarer la perte ou le vol">
      <p>
        Votre téléphone est perdu ou volé&nbsp;? Déclarez-le pour suspendre la ligne immédiatement et éviter toute utilisation
        frauduleuse. Le gestionnaire du compte en reçoit la confirmation par e-mail.
      </p>
      <Form
        form={form}
        errorFields={ERROR_FIELDS}
        className="space-y-4"
        onSubmit={async (values) => {
          setMotif(values.motif);
          if (!(await confirmation.ask())) return;
          try {
            const declaration = { motif: values.motif, dateEvenement: values.dateEvenement, commentaire: values.commentaire || undefined };
            const updated = await declare.mutateAsync({ idContrat: line.idContrat, idClientBscs: line.idClientBscs, declaration });
            onDeclared(updated, values.motif);
          } finally {
            confirmation.close();
          }
        }}
      >
        <RadioGroupField<LossTheftValues>
          name="motif"
          label="Motif"
          required
          orientation="horizontal"
          options={[
            { value: 'PERTE', label: 'Perte' },
            { value: 'VOL', label: 'Vol' },
          ]}
        />
        <TextField<LossTheftValues>
          name="dateEvenement"
          label="Date de la perte ou du vol"
          required
          type="date"
          max={parisToday()}
          inputClassName="max-w-xs"
        />
        <CommentField />
        <FormAlert />
        <SubmitButton>Déclarer la perte ou le vol</SubmitButton>
      </Form>
      <ConfirmDialog
        confirmation={confirmation}
        title={`Confirmer la déclaration de ${words}`}
        confirmLabel="Suspendre la ligne"
        isPending={declare.isPending}
      >
        <p>
          La ligne <strong className="whitespace-nowrap">{formatPhone(line.numeroLigne)}</strong> sera suspendue immédiatement&nbsp;:
          appels, SMS et connexion Internet seront bloqués jusqu’à son rétablissement.
        </p>
        <p>Souhaitez-vous confirmer la déclaration de {words}&nbsp;?</p>
      </ConfirmDialog>
    </ActionCard>
  );
}
