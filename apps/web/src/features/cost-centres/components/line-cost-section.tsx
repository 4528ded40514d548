import type { LineCentre } from '@ecare/shared/cost-centres';
import { useState } from 'react';
import { useFormState } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SelectField } from '../../../components/ui/form/select-field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { useCostCentres } from '../api/get-cost-centres.ts';
import { useSetLineAllocation } from '../api/set-line-allocation.ts';
import { centreChoiceLabel } from '@ecare/shared/cost-centres';
import { lineAllocationFormSchema, type LineAllocationFormInput } from '../utils/centre-forms.ts';

interface LineCostSectionProps {
  idContrat: number;
  idClientBscs: number;
  centre: LineCentre | null;
  etiquettes: readonly string[];
  /** The account's manager: may change them. */
  mayEdit: boolean;
}

function Labels({ etiquettes }: { etiquettes: readonly string[] }) {
  if (etiquettes.length === 0) return <span className="text-muted">Aucune</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {etiquettes.map((label) => (
        <li key={label} className="rounded-sm border border-line bg-primary-soft px-1.5">
          {label}
        </li>
      ))}
    </ul>
  );
}

function AllocationForm({ idContrat, idClientBscs, centre, etiquettes }: Omit<LineCostSectionProps, 'mayEdit'>) {
  const centres = useCostCentres(idClientBscs);
  const save = useSetLineAllocation();
  const [saved, setSaved] = useState(false);
  const form = useZodForm(lineAllocationFormSchema, {
    defaultValues: { idCentre: centre ? String(centre.idCentre) : '', etiquettes: etiquettes.join(', ') },
  });
  // dirtyFields is read here so that the form tracks it (a field not changed is not sent).
  const { isDirty, dirtyFields } = useFormState({ control: form.control });
  if (centres.isPending) return <WaitingText>Lecture des centres de coût…</WaitingText>;
  if (centres.isError) return <ReadFailed error={centres.error} onRetry={() => void centres.refetch()} pending={centres.isFetching} />;
  const options = centres.data.centres.map((entry) => ({ value: String(entry.idCentre), label: centreChoiceLabel(entry) }));
  return (
    <Form
      form={form}
      className="space-y-4"
      onSubmit={async (values) => {
        setSaved(false);
        // Only what changed is sent: a line's labels are not written again when its centre changes.
        const answer = await save.mutateAsync({
          idContrat,
          ...(dirtyFields.idCentre ? { idCentre: values.idCentre === '' ? null : Number(values.idCentre) } : {}),
          ...(dirtyFields.etiquettes ? { etiquettes: values.etiquettes } : {}),
        });
        if (answer) form.reset({ idCentre: answer.centre ? String(answer.centre.idCentre) : '', etiquettes: answer.etiquettes.join(', ') });
        setSaved(true);
      }}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <SelectField<LineAllocationFormInput> name="idCentre" label="Centre de coût" placeholder="Aucun centre de coût" options={options} />
        <TextField<LineAllocationFormInput>
          name="etiquettes"
          label="Étiquettes"
          help="Séparées par des virgules : 10 au plus, de 30 caractères chacune (par exemple Astreinte, VIP)."
          autoComplete="off"
        />
      </div>
      <FormAlert />
      <div role="status">
        {saved && !isDirty ? (
          <Alert tone="success" live={false}>
            Le centre de coût et les étiquettes de la ligne sont enregistrés.
          </Alert>
        ) : null}
      </div>
      <SubmitButton>Enregistrer</SubmitButton>
    </Form>
  );
}

/** The line's cost centre and labels (decision 048): shown to all who see the line, changed by its manager. */
export function LineCostSection(props: LineCostSectionProps) {
  const { centre, etiquettes, mayEdit } = props;
  return (
    <section aria-labelledby="centre-de-cout" className="card mt-6 space-y-4">
      <h2 id="centre-de-cout" className="text-xl font-bold text-primary-strong">
        Centre de coût et étiquettes
      </h2>
      {mayEdit ? (
        <AllocationForm {...props} />
      ) : (
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-muted">Centre de coût</dt>
            <dd className="font-semibold">{centre ? `${centre.libelle} (${centre.code})` : 'Aucun'}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">Étiquettes</dt>
            <dd>
              <Labels etiquettes={etiquettes} />
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
