import { LINE_ERRORS } from '@ecare/shared/lines-errors';
import { simActivationBodySchema, type LineDetail } from '@ecare/shared/lines';
import { formatPhone } from '@ecare/shared/phone';
import { iccidEnd, normalizeIccid } from '@ecare/shared/sim';
import { useState } from 'react';
import { z } from 'zod';
import type { ApiErrorFields } from '../../../components/ui/form/api-error-to-form.ts';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm, type FieldMessages } from '../../../components/ui/form/use-zod-form.ts';
import { useActivateSim } from '../api/activate-sim.ts';
import { useCheckSim } from '../api/check-sim.ts';
import { ActionCard } from './action-card.tsx';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';

/** The card number as the API takes it (40 characters at most), not left empty. */
export const simActivationFormSchema = z.object({
  numeroSim: simActivationBodySchema.shape.numeroSim.refine((value) => value.trim() !== ''),
});
type SimActivationValues = z.input<typeof simActivationFormSchema>;

const MESSAGES: FieldMessages<SimActivationValues> = {
  numeroSim: { required: LINE_ERRORS.SIM_EMPTY.message, invalid: LINE_ERRORS.SIM_EMPTY.message },
};

/** Refusals of the activation that are about the typed number. */
const ERROR_FIELDS: ApiErrorFields<SimActivationValues> = {
  SIM_EMPTY: 'numeroSim',
  SIM_DIGITS_ONLY: 'numeroSim',
  SIM_LENGTH: 'numeroSim',
  SIM_PREFIX: 'numeroSim',
  SIM_CHECK_DIGIT: 'numeroSim',
  SIM_IN_USE: 'numeroSim',
  SIM_ALREADY_ACTIVE: 'numeroSim',
};

interface SimActivationFormProps {
  line: LineDetail;
  onActivated: (line: LineDetail) => void;
}

/**
 * A new SIM card on the line, in three steps: the number is checked by the server (its message
 * under the field when the card cannot be used), the person confirms, then the card is activated.
 */
export function SimActivationForm({ line, onActivated }: SimActivationFormProps) {
  const form = useZodForm(simActivationFormSchema, { defaultValues: { numeroSim: '' }, messages: MESSAGES });
  const check = useCheckSim();
  const activate = useActivateSim();
  const confirmation = useConfirmation();
  const [cardEnd, setCardEnd] = useState('');

  return (
    <ActionCard title="Activer une nouvelle carte SIM">
      <p>
        Remplacez la carte SIM de la ligne (carte perdue, abîmée ou passage d’une eSIM à une carte SIM). La carte actuelle cessera de
        fonctionner dès l’activation.
      </p>
      <Form
        form={form}
        errorFields={ERROR_FIELDS}
        className="space-y-4"
        onSubmit={async ({ numeroSim }) => {
          const result = await check.mutateAsync({ idContrat: line.idContrat, numeroSim });
          if (!result.valide) {
            form.setError('numeroSim', { type: 'server', message: result.message });
            return;
          }
          setCardEnd(iccidEnd(normalizeIccid(numeroSim)));
          if (!(await confirmation.ask())) return;
          try {
            const updated = await activate.mutateAsync({ idContrat: line.idContrat, numeroLigne: line.numeroLigne, numeroSim });
            form.reset();
            onActivated(updated);
          } finally {
            confirmation.close();
          }
        }}
      >
        <TextField
          name="numeroSim"
          label="Numéro de la nouvelle carte SIM (ICCID)"
          help="19 ou 20 chiffres commençant par 8933, imprimés au dos de la carte SIM ou sur son support."
          required
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          inputClassName="max-w-md font-mono"
        />
        <FormAlert />
        <SubmitButton>Vérifier la carte SIM</SubmitButton>
      </Form>
      <ConfirmDialog
        confirmation={confirmation}
        title={'Activer la nouvelle carte SIM\u00a0?'}
        confirmLabel="Activer la carte SIM"
        isPending={activate.isPending}
      >
        <p>
          La carte SIM dont le numéro se termine par <strong>{cardEnd}</strong> sera activée sur la ligne{' '}
          <strong className="whitespace-nowrap">{formatPhone(line.numeroLigne)}</strong>.
        </p>
        <p>L’ancienne carte SIM ne fonctionnera plus.</p>
      </ConfirmDialog>
    </ActionCard>
  );
}
