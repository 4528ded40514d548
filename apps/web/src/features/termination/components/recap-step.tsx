import type { TerminationAttachment, TerminationCommitment, TerminationReason, TerminationStatusAnswer } from '@ecare/shared/termination';
import { formatPhone } from '@ecare/shared/phone';
import { useRef } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { CheckAnswers } from '../../../components/ui/check-answers.tsx';
import type { ApiErrorFields } from '../../../components/ui/form/api-error-to-form.ts';
import { useFieldId } from '../../../components/ui/form/field-ids.ts';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { FormField } from '../../../components/ui/form/form-field.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { formatFileSize } from '../../../lib/attachment-file.ts';
import { useFees } from '../api/get-fees.ts';
import { useSubmitTermination } from '../api/submit-termination.ts';
import { formatCents, formatDay, newIdempotencyKey } from '../utils/termination-format.ts';
import { terminationPath } from '../utils/termination-steps.ts';
import { FeesTable } from './fees-table.tsx';

const COMMENT_MAX = 500;
const schema = z.object({
  commentaire: z.string().refine((text) => [...text].length <= COMMENT_MAX, `Le commentaire ne peut dépasser ${COMMENT_MAX} caractères.`),
});
type RecapValues = z.input<typeof schema>;

const ERROR_FIELDS: ApiErrorFields<RecapValues> = {};

function CommentField() {
  const { register, getFieldState } = useFormContext<RecapValues>();
  const formState = useFormState<RecapValues>({ name: 'commentaire' });
  return (
    <FormField
      id={useFieldId('commentaire')}
      label="Commentaire (facultatif)"
      help={`Une précision utile au service client, ${COMMENT_MAX} caractères au maximum.`}
      error={getFieldState('commentaire', formState).error?.message}
    >
      {(control) => <textarea {...control} {...register('commentaire')} rows={3} className="field-input max-w-2xl" />}
    </FormField>
  );
}

interface RecapStepProps {
  commitment: TerminationCommitment;
  reason: TerminationReason;
  subReason: TerminationReason | null;
  dateEffet: string;
  proofs: readonly TerminationAttachment[];
  commentaire: string;
  onComment: (commentaire: string) => void;
  onSubmitted: (status: TerminationStatusAnswer) => void;
  onBack: () => void;
  readOnly: boolean;
}

/** Step 5: every answer to check, with a way back to change it, then the request. */
export function RecapStep({ commitment, reason, subReason, dateEffet, proofs, commentaire, onComment, onSubmitted, onBack, readOnly }: RecapStepProps) {
  const { idContrat } = commitment;
  const fees = useFees({ idContrat, idMotif: subReason?.idMotif ?? reason.idMotif, dateEffet });
  const submit = useSubmitTermination();
  // One key per submission attempt: a double click, or a retry after a lost answer, sends it again
  // and gets the same request; a refused attempt leaves a new key for the next one.
  const attempt = useRef(newIdempotencyKey());
  const form = useZodForm(schema, { defaultValues: { commentaire } });

  return (
    <div className="space-y-6">
      <CheckAnswers
        title="Votre demande de résiliation"
        rows={[
          { label: 'Ligne', value: `${formatPhone(commitment.numeroLigne)} – ${commitment.libelleOffre}` },
          { label: 'Motif', value: reason.libelle, changeTo: terminationPath(idContrat, 'motif') },
          ...(subReason ? [{ label: 'Précision', value: subReason.libelle, changeTo: terminationPath(idContrat, 'precision') }] : []),
          {
            label: 'Date d’effet',
            value: formatDay(dateEffet),
            changeTo: commitment.datePortabiliteSortante ? undefined : terminationPath(idContrat, 'frais'),
          },
          {
            label: 'Frais (TTC)',
            value: fees.data ? formatCents(fees.data.totalTtcCentimes) : 'Calcul en cours…',
            changeTo: terminationPath(idContrat, 'frais'),
          },
          {
            label: 'Justificatifs',
            value: proofs.length === 0 ? 'Aucun' : proofs.map((proof) => `${proof.nom} (${formatFileSize(proof.taille)})`).join(', '),
            changeTo: terminationPath(idContrat, 'justificatifs'),
          },
        ]}
      />
      {fees.data ? (
        <section aria-labelledby="recap-frais" className="card space-y-3">
          <h2 id="recap-frais" className="text-xl font-bold text-primary-strong">
            Détail des frais
          </h2>
          <FeesTable fees={fees.data} caption="Détail des frais de résiliation anticipée" />
          <p className="text-sm text-muted">Les frais sont facturés à la date d’effet, sur une facture de clôture de la ligne.</p>
        </section>
      ) : null}
      {readOnly ? (
        <>
          <Alert tone="info">
            Seul un gestionnaire du compte de facturation peut envoyer cette demande. Transmettez-lui ces informations pour qu’il la fasse depuis son espace client.
          </Alert>
          <button type="button" className="btn-secondary" onClick={onBack}>
            Retour
          </button>
        </>
      ) : (
        <Form
          form={form}
          errorFields={ERROR_FIELDS}
          className="space-y-4"
          onSubmit={async (values) => {
            onComment(values.commentaire);
            try {
              const status = await submit.mutateAsync({
                request: {
                  idContrat,
                  idMotif: reason.idMotif,
                  idSousMotif: subReason?.idMotif ?? null,
                  dateEffet,
                  commentaire: values.commentaire.trim() === '' ? null : values.commentaire,
                  piecesJointes: proofs.map((proof) => proof.cle),
                },
                idempotencyKey: attempt.current,
              });
              onSubmitted(status);
            } catch (error) {
              if (isApiError(error) && error.status > 0) attempt.current = newIdempotencyKey();
              throw error;
            }
          }}
        >
          <CommentField />
          <p>
            En confirmant, vous demandez la résiliation de la ligne au {formatDay(dateEffet)}. Vous pourrez l’annuler depuis votre espace client
            jusqu’à la veille de cette date.
          </p>
          <FormAlert />
          <div className="flex flex-wrap gap-3">
            <SubmitButton>Confirmer la résiliation</SubmitButton>
            <button type="button" className="btn-secondary" onClick={onBack}>
              Retour
            </button>
          </div>
        </Form>
      )}
    </div>
  );
}
