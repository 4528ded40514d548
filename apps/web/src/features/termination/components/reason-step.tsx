import type { TerminationReason } from '@ecare/shared/termination';
import { z } from 'zod';
import { Form } from '../../../components/ui/form/form.tsx';
import { RadioGroupField } from '../../../components/ui/form/radio-group-field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';

const REQUIRED = 'Veuillez choisir un motif de résiliation.';
const schema = z.object({ idMotif: z.string(REQUIRED).min(1, REQUIRED) });

/** What a reason asks or gives, under its label. */
export function reasonNote(reason: Pick<TerminationReason, 'exonerationFrais' | 'justificatif' | 'portabilite'>): string | undefined {
  const notes = [
    reason.exonerationFrais ? 'Frais de résiliation anticipée offerts sur justificatif.' : null,
    reason.justificatif ? `Justificatif demandé\u00a0: ${reason.justificatif}.` : null,
    reason.portabilite ? 'La ligne prend fin le jour du portage de votre numéro.' : null,
  ].filter((note) => note !== null);
  return notes.length > 0 ? notes.join(' ') : undefined;
}

interface ReasonStepProps {
  reasons: readonly TerminationReason[];
  idMotif: number | null;
  /** May return the save to wait for: the form stays busy until it is done. */
  onChosen: (idMotif: number) => void | Promise<void>;
}

/** Step 1: why the line is terminated (business reasons first, then the general ones). */
export function ReasonStep({ reasons, idMotif, onChosen }: ReasonStepProps) {
  const form = useZodForm(schema, { defaultValues: { idMotif: idMotif === null ? '' : String(idMotif) }, messages: { idMotif: { invalid: REQUIRED } } });
  return (
    <Form form={form} className="space-y-6" onSubmit={(values) => onChosen(Number(values.idMotif))}>
      <RadioGroupField<z.input<typeof schema>>
        name="idMotif"
        label="Pourquoi souhaitez-vous résilier cette ligne ?"
        required
        options={reasons.map((reason) => ({ value: String(reason.idMotif), label: reason.libelle, description: reasonNote(reason) }))}
      />
      <SubmitButton>Continuer</SubmitButton>
    </Form>
  );
}
