import { BARRING_LABELS, lineBarringsBodySchema, type LineBarrings } from '@ecare/shared/line-barrings';
import type { LineDetail } from '@ecare/shared/lines';
import { formatPhone } from '@ecare/shared/phone';
import { useState } from 'react';
import { useFormState } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { CheckboxField } from '../../../components/ui/form/checkbox-field.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { useSetLineBarrings } from '../api/set-line-barrings.ts';

/** What each barring does to the line, said next to its box. */
const DESCRIPTIONS: Record<keyof LineBarrings, string> = {
  itinerance: 'Hors de France, la ligne ne peut plus appeler, envoyer de SMS ni utiliser internet.',
  international: 'Depuis la France, la ligne ne peut plus appeler de numéros étrangers.',
};

/** The line's barrings in words, for whom may not change them and for the confirmation. */
export function barringsText({ itinerance, international }: LineBarrings): string {
  return `itinérance ${itinerance ? 'bloquée' : 'autorisée'}, appels vers l’international ${international ? 'bloqués' : 'autorisés'}`;
}

function BarringsForm({ line }: { line: LineDetail }) {
  const form = useZodForm(lineBarringsBodySchema, { defaultValues: line.barrages });
  const save = useSetLineBarrings();
  const [saved, setSaved] = useState<LineBarrings | null>(null);
  // The confirmation speaks of the boxes on screen: a change since hides it.
  const { isDirty } = useFormState({ control: form.control });
  return (
    <Form
      form={form}
      className="space-y-4"
      onSubmit={async (values) => {
        setSaved(null);
        const answer = await save.mutateAsync({ idContrat: line.idContrat, barrages: values });
        const barrages = { itinerance: answer.itinerance, international: answer.international };
        form.reset(barrages);
        setSaved(barrages);
      }}
    >
      <CheckboxField<LineBarrings> name="itinerance" label={BARRING_LABELS.ITINERANCE} description={DESCRIPTIONS.itinerance} />
      <CheckboxField<LineBarrings> name="international" label={BARRING_LABELS.INTERNATIONAL} description={DESCRIPTIONS.international} />
      <FormAlert />
      <div role="status">
        {saved && !isDirty ? (
          <Alert tone="success" live={false}>
            Les restrictions de la ligne {formatPhone(line.numeroLigne)} sont enregistrées&nbsp;: {barringsText(saved)}.
          </Alert>
        ) : null}
      </div>
      <SubmitButton>Enregistrer les restrictions</SubmitButton>
    </Form>
  );
}

/**
 * « Restrictions » of the line page: roaming and international calls barred or allowed
 * (decision 053). The account's manager changes them; the line's user reads them.
 */
export function LineBarringsSection({ line }: { line: LineDetail }) {
  return (
    <section aria-labelledby="ligne-restrictions" className="card space-y-4">
      <h2 id="ligne-restrictions" className="text-xl font-bold text-primary-strong">
        Restrictions
      </h2>
      {line.actions.includes('BARRAGE') ? (
        <BarringsForm line={line} />
      ) : (
        <p>
          Restrictions de la ligne&nbsp;: {barringsText(line.barrages)}.
          {line.codeStatut === 'RESILIE' ? null : ' Seul le gestionnaire du compte peut les modifier.'}
        </p>
      )}
    </section>
  );
}
