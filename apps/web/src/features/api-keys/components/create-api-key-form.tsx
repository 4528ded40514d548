import { API_KEY_LABEL_MAX, API_KEY_SCOPE_LABELS, API_KEY_SCOPES, API_KEYS_TEXTS, type ApiKeyCreated } from '@ecare/shared/api-keys';
import { parisDay } from '@ecare/shared/paris-time';
import { useState } from 'react';
import { CheckboxGroupField } from '../../../components/ui/form/checkbox-group-field.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { useCreateApiKey } from '../api/create-api-key.ts';
import { apiKeyFormSchema, defaultExpiry, expiryRange, type ApiKeyFormInput } from '../utils/api-key-form.ts';
import { API_KEY_FORM_TEXTS } from '../utils/api-keys-texts.ts';

const SCOPE_OPTIONS = API_KEY_SCOPES.map((scope) => ({ value: scope, label: API_KEY_SCOPE_LABELS[scope], description: <code>{scope}</code> }));

/** « Créer une clé »: its name, what it may read and its last day; the key itself comes back once. */
export function CreateApiKeyForm({ idClientBscs, onCreated }: { idClientBscs: number; onCreated: (created: ApiKeyCreated, libelle: string) => void }) {
  const [today] = useState(() => parisDay(new Date()));
  const { min, max } = expiryRange(today);
  const empty: ApiKeyFormInput = { libelle: '', portees: [], expireLe: defaultExpiry(today) };
  const form = useZodForm(apiKeyFormSchema, { defaultValues: empty });
  const create = useCreateApiKey(idClientBscs);

  return (
    <Form
      form={form}
      className="space-y-5"
      aria-label={API_KEYS_TEXTS.create}
      errorFields={{ API_KEY_EXPIRY_INVALID: 'expireLe' }}
      onSubmit={async (values) => {
        const created = await create.mutateAsync(values);
        form.reset(empty);
        onCreated(created, values.libelle);
      }}
    >
      <TextField<ApiKeyFormInput>
        name="libelle"
        label={API_KEY_FORM_TEXTS.label}
        help={API_KEY_FORM_TEXTS.labelHelp}
        required
        maxLength={API_KEY_LABEL_MAX}
        autoComplete="off"
        inputClassName="max-w-md"
      />
      <CheckboxGroupField<ApiKeyFormInput> name="portees" label={API_KEY_FORM_TEXTS.scopes} help={API_KEY_FORM_TEXTS.scopesHelp} options={SCOPE_OPTIONS} />
      <TextField<ApiKeyFormInput>
        name="expireLe"
        label={API_KEY_FORM_TEXTS.expiry}
        help={API_KEY_FORM_TEXTS.expiryHelp}
        required
        type="date"
        min={min}
        max={max}
        inputClassName="max-w-xs"
      />
      <FormAlert />
      <SubmitButton className="btn-primary w-full sm:w-auto">{API_KEYS_TEXTS.create}</SubmitButton>
    </Form>
  );
}
