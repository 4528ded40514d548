import { optinChoicesSchema, type OptinChoices, type Optins } from '@ecare/shared/optins';
import { useId, useState } from 'react';
import { useFormState } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import type { OptinsOwner } from '../api/get-optins.ts';
import { useSaveOptins } from '../api/save-optins.ts';
import { lastSavedText, OPTIN_TOPICS } from '../utils/optin-topics.ts';
import { CheckboxField } from '../../../components/ui/form/checkbox-field.tsx';

interface OptinsFormProps {
  owner: OptinsOwner;
  optins: Optins;
  submitLabel: string;
  /** Said once the choices are saved. */
  savedText: string;
}

const choicesOf = ({ emailMarketing, smsMarketing, emailActualites, smsActualites }: Optins): OptinChoices => ({
  emailMarketing,
  smsMarketing,
  emailActualites,
  smsActualites,
});

/** The four choices of one owner, saved together with one button. */
export function OptinsForm({ owner, optins, submitLabel, savedText }: OptinsFormProps) {
  const form = useZodForm(optinChoicesSchema, { defaultValues: choicesOf(optins) });
  const save = useSaveOptins(owner);
  const [saved, setSaved] = useState(false);
  // The confirmation speaks of the choices on screen: a change since hides it.
  const { isDirty } = useFormState({ control: form.control });
  const ids = `choix${useId().replace(/[^\w-]/g, '')}`;

  return (
    <Form
      form={form}
      className="space-y-5"
      onSubmit={async (values) => {
        setSaved(false);
        const answer = await save.mutateAsync(values);
        form.reset(choicesOf(answer));
        setSaved(true);
      }}
    >
      <div className="grid gap-4 md:grid-cols-2">
        {OPTIN_TOPICS.map((topic) => (
          <fieldset key={topic.id} className="rounded-lg border border-line-soft p-4" aria-describedby={`${ids}-${topic.id}`}>
            <legend className="px-1 font-semibold">{topic.title}</legend>
            <p id={`${ids}-${topic.id}`} className="mb-2 text-sm text-muted">
              {topic.description}
            </p>
            <CheckboxField<OptinChoices> name={topic.email} label="Par e-mail" />
            <CheckboxField<OptinChoices> name={topic.sms} label="Par SMS" />
          </fieldset>
        ))}
      </div>
      <p className="text-sm text-muted">{lastSavedText(save.data?.dateMiseAJour ?? optins.dateMiseAJour)}</p>
      <FormAlert />
      <div role="status">
        {saved && !isDirty ? (
          <Alert tone="success" live={false}>
            {savedText}
          </Alert>
        ) : null}
      </div>
      <SubmitButton>{submitLabel}</SubmitButton>
    </Form>
  );
}
