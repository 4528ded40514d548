import { thresholdsFormSchema, thresholdsFormValues, type ThresholdsAnswer, type ThresholdsFormInput } from '@ecare/shared/usage-alerts';
import { useState } from 'react';
import { useFormState } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { CheckboxField } from '../../../components/ui/form/checkbox-field.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { RadioGroupField } from '../../../components/ui/form/radio-group-field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import type { ThresholdsOwner } from '../api/get-thresholds.ts';
import { useSaveThresholds } from '../api/save-thresholds.ts';

const ORIGINS: Record<ThresholdsAnswer['origine'], string> = {
  LIGNE: 'Cette ligne a ses propres seuils.',
  COMPTE: 'Cette ligne suit les seuils de son compte de facturation.',
  DEFAUT: 'Les seuils proposés par défaut s’appliquent : 80 % et 100 % du forfait de données, 50 € HT de hors forfait, 50 € HT d’itinérance, alerte seule.',
};

const ACTIONS = [
  { value: 'ALERTE', label: 'Prévenir seulement', description: 'Un e-mail aux gestionnaires du compte à chaque seuil franchi.' },
  {
    value: 'BLOCAGE_DATA',
    label: 'Prévenir et suspendre les données',
    description:
      'Au plus grand pourcentage, ou à un montant, les données mobiles de la ligne sont suspendues jusqu’au début de la période suivante ou jusqu’à ce qu’un gestionnaire lève la suspension. Les appels, les SMS et les appels d’urgence restent possibles.',
  },
] as const;

interface ThresholdsFormProps {
  owner: ThresholdsOwner;
  thresholds: ThresholdsAnswer;
}

/** The thresholds of an account, or of one line, saved with one button; a line may go back to its account's. */
export function ThresholdsForm({ owner, thresholds }: ThresholdsFormProps) {
  const form = useZodForm(thresholdsFormSchema, { defaultValues: thresholdsFormValues(thresholds) });
  const save = useSaveThresholds(owner);
  const [saved, setSaved] = useState(false);
  const [revertError, setRevertError] = useState<unknown>(null);
  const { isDirty } = useFormState({ control: form.control });
  const current = save.data ?? thresholds;

  return (
    <Form
      form={form}
      className="space-y-5"
      onSubmit={async (values) => {
        setSaved(false);
        const answer = await save.mutateAsync(values);
        form.reset(thresholdsFormValues(answer));
        setSaved(true);
      }}
    >
      {owner.kind === 'line' ? <p className="text-muted">{ORIGINS[current.origine]}</p> : null}
      <div className="grid gap-4 md:grid-cols-3">
        <TextField<ThresholdsFormInput>
          name="pourcentages"
          label="Seuils de données (% du forfait)"
          help="Séparés par des virgules, par exemple 80, 100. Vide : pas d’alerte de données."
          inputMode="numeric"
          autoComplete="off"
        />
        <TextField<ThresholdsFormInput> name="horsForfait" label="Seuil hors forfait (€ HT par période)" help="Vide : pas de seuil." inputMode="decimal" autoComplete="off" />
        <TextField<ThresholdsFormInput> name="itinerance" label="Seuil d’itinérance (€ HT par période)" help="Vide : pas de seuil." inputMode="decimal" autoComplete="off" />
      </div>
      <RadioGroupField<ThresholdsFormInput> name="action" label="Quand un seuil est franchi" options={ACTIONS} cards />
      <CheckboxField<ThresholdsFormInput> name="prevenirUtilisateur" label="Prévenir aussi l’utilisateur de la ligne par e-mail" />
      <p className="text-sm text-muted">
        Quels que soient les seuils, une consommation inhabituelle est signalée : une journée de plus de 1 Go et de plus de cinq fois la journée habituelle de la ligne, ou
        100 € HT de hors forfait en 24 heures.
      </p>
      <FormAlert />
      <div role="status">
        {saved && !isDirty ? (
          <Alert tone="success" live={false}>
            Les seuils sont enregistrés.
          </Alert>
        ) : null}
      </div>
      {revertError ? <ApiErrorAlert error={revertError} /> : null}
      <div className="flex flex-wrap gap-3">
        <SubmitButton>Enregistrer les seuils</SubmitButton>
        {owner.kind === 'line' && current.origine === 'LIGNE' ? (
          <button
            type="button"
            className="btn-secondary"
            disabled={save.isPending}
            onClick={async () => {
              setSaved(false);
              setRevertError(null);
              try {
                form.reset(thresholdsFormValues(await save.mutateAsync(null)));
                setSaved(true);
              } catch (error) {
                setRevertError(error);
              }
            }}
          >
            Revenir aux seuils du compte
          </button>
        ) : null}
      </div>
    </Form>
  );
}
