import { fleetPolicyFormSchema, fleetPolicyFormValues, type FleetPolicyAnswer, type FleetPolicyFormInput } from '@ecare/shared/fleet-policy';
import { useState } from 'react';
import { useFormState } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { CheckboxField } from '../../../components/ui/form/checkbox-field.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { ReadFailed, WaitingText } from '../../../components/ui/query-states.tsx';
import { useFleetPolicy } from '../api/get-fleet-policy.ts';
import { useSaveFleetPolicy } from '../api/save-fleet-policy.ts';

function PolicyForm({ idClientBscs, policy }: { idClientBscs: number; policy: FleetPolicyAnswer }) {
  const form = useZodForm(fleetPolicyFormSchema, { defaultValues: fleetPolicyFormValues(policy) });
  const save = useSaveFleetPolicy(idClientBscs);
  const [saved, setSaved] = useState(false);
  const { isDirty } = useFormState({ control: form.control });
  const oneManager = (save.data ?? policy).nombreGestionnaires < 2;
  return (
    <Form
      form={form}
      className="space-y-5"
      onSubmit={async (values) => {
        setSaved(false);
        const answer = await save.mutateAsync({ centreObligatoire: values.centreObligatoire, seuilValidationHtCentimes: values.seuil });
        form.reset(fleetPolicyFormValues(answer));
        setSaved(true);
      }}
    >
      <CheckboxField<FleetPolicyFormInput>
        name="centreObligatoire"
        label="Exiger un centre de coût pour chaque nouvelle ligne commandée"
        description="La commande de nouvelles lignes demande alors de choisir l’un des centres de coût du compte."
      />
      <TextField<FleetPolicyFormInput>
        name="seuil"
        label="Seuil de validation des commandes (€ HT)"
        help={
          oneManager
            ? 'Un seuil demande au moins deux gestionnaires sur le compte : invitez-en un autre depuis cette page avant de le fixer.'
            : 'Une commande d’un montant HT supérieur attend la validation d’un autre gestionnaire que son auteur, 7 jours au plus. Vide : aucune validation.'
        }
        inputMode="decimal"
        autoComplete="off"
      />
      <FormAlert />
      <div role="status">
        {saved && !isDirty ? (
          <Alert tone="success" live={false}>
            La politique de flotte est enregistrée.
          </Alert>
        ) : null}
      </div>
      <SubmitButton>Enregistrer la politique</SubmitButton>
    </Form>
  );
}

/** The account users page's "Politique de flotte" (decision 051): required centre and approval threshold, for its managers. */
export function FleetPolicySection({ idClientBscs }: { idClientBscs: number }) {
  const policy = useFleetPolicy(idClientBscs);
  return (
    <section aria-labelledby="politique-flotte" className="card mt-8 space-y-4">
      <h2 id="politique-flotte" className="text-xl font-bold text-primary-strong">
        Politique de flotte
      </h2>
      <p className="text-muted">Les règles que votre entreprise applique aux commandes passées depuis l’espace client. Chaque modification est tracée.</p>
      {policy.isPending ? <WaitingText>Lecture de la politique…</WaitingText> : null}
      {policy.isError ? <ReadFailed error={policy.error} onRetry={() => void policy.refetch()} pending={policy.isFetching} /> : null}
      {policy.data ? <PolicyForm idClientBscs={idClientBscs} policy={policy.data} /> : null}
    </section>
  );
}
