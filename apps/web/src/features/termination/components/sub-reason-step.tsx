import type { TerminationReason } from '@ecare/shared/termination';
import { z } from 'zod';
import { Form } from '../../../components/ui/form/form.tsx';
import { RadioGroupField } from '../../../components/ui/form/radio-group-field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { reasonNote } from './reason-step.tsx';

const REQUIRED = 'Veuillez préciser le motif de résiliation.';
const schema = z.object({ idSousMotif: z.string(REQUIRED).min(1, REQUIRED) });

interface SubReasonStepProps {
  reason: TerminationReason;
  subReasons: readonly TerminationReason[];
  idSousMotif: number | null;
  onChosen: (idSousMotif: number) => void | Promise<void>;
  onBack: () => void;
}

/** Step 2: the precision of a reason that has some. */
export function SubReasonStep({ reason, subReasons, idSousMotif, onChosen, onBack }: SubReasonStepProps) {
  const form = useZodForm(schema, {
    defaultValues: { idSousMotif: idSousMotif === null ? '' : String(idSousMotif) },
    messages: { idSousMotif: { invalid: REQUIRED } },
  });
  return (
    <Form form={form} className="space-y-6" onSubmit={(values) => onChosen(Number(values.idSousMotif))}>
      <RadioGroupField<z.input<typeof schema>>
        name="idSousMotif"
        label={`${reason.libelle}\u00a0: précisez`}
        required
        options={subReasons.map((sub) => ({ value: String(sub.idMotif), label: sub.libelle, description: reasonNote(sub) }))}
      />
      <div className="flex flex-wrap gap-3">
        <SubmitButton>Continuer</SubmitButton>
        <button type="button" className="btn-secondary" onClick={onBack}>
          Retour
        </button>
      </div>
    </Form>
  );
}
