import { ADMIN_TICKET_REPLY_MAX_LENGTH, adminReplySchema } from '@ecare/shared/admin';
import { useMemo } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { z } from 'zod';
import { useFieldId } from '../../../components/ui/form/field-ids.ts';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { FormField } from '../../../components/ui/form/form-field.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';

/** A status change of a request, and the reply e-mailed to its sender with it (the kind's own schema checks the status). */
export interface RequestStatusChange {
  statut: string;
  reponse?: string | undefined;
}

function StatusFields({ allowed, labels }: { allowed: readonly string[]; labels: Readonly<Record<string, string>> }) {
  const { register, control, getFieldState } = useFormContext<RequestStatusChange>();
  const formState = useFormState({ control });
  return (
    <>
      <FormField id={useFieldId('statut')} label="Nouveau statut" required error={getFieldState('statut', formState).error?.message}>
        {(fieldControl) => (
          <select {...fieldControl} {...register('statut')} className="field-input max-w-md">
            {allowed.map((status) => (
              <option key={status} value={status}>
                {labels[status]}
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

/**
 * The statuses a request (a contact form's ticket, an invoice complaint) may take next, and a
 * reply e-mailed to its sender with the change (decision 030).
 */
export function RequestStatusForm({
  allowed,
  labels,
  onSubmit,
  onCancel,
}: {
  allowed: readonly [string, ...string[]];
  labels: Readonly<Record<string, string>>;
  onSubmit: (change: RequestStatusChange) => Promise<void>;
  onCancel: () => void;
}) {
  const schema = useMemo(() => z.strictObject({ statut: z.enum(allowed, 'Veuillez choisir un statut.'), reponse: adminReplySchema() }), [allowed]);
  const form = useZodForm(schema, { defaultValues: { statut: allowed[0], reponse: '' } });
  return (
    <Form form={form} className="mt-3 space-y-4 rounded-lg border border-line-soft p-4" onSubmit={onSubmit}>
      <StatusFields allowed={allowed} labels={labels} />
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

/** A list's items as a non-empty tuple, or null when it has none. */
export function nonEmpty<T>(list: readonly T[]): readonly [T, ...T[]] | null {
  const [first, ...rest] = list;
  return first === undefined ? null : [first, ...rest];
}
