import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, WEBHOOK_URL_MAX, webhookInputSchema, type Webhook, type WebhookWithSecret } from '@ecare/shared/webhooks';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { CheckboxField } from '../../../components/ui/form/checkbox-field.tsx';
import { CheckboxGroupField } from '../../../components/ui/form/checkbox-group-field.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { useCreateWebhook } from '../api/create-webhook.ts';
import { useUpdateWebhook } from '../api/update-webhook.ts';
import { WEBHOOK_FORM_TEXTS, WEBHOOKS_TEXTS } from '../utils/webhooks-texts.ts';

type WebhookFormInput = z.input<typeof webhookInputSchema>;

const EVENT_OPTIONS = WEBHOOK_EVENTS.map((event) => ({ value: event, label: WEBHOOK_EVENT_LABELS[event], description: <code>{event}</code> }));
const EMPTY: WebhookFormInput = { url: '', evenements: [], actif: true };

type WebhookFormProps =
  | { idClientBscs: number; editing: null; onCreated: (webhook: WebhookWithSecret) => void }
  | { idClientBscs: number; editing: Webhook; onUpdated: (webhook: Webhook) => void; onCancel: () => void };

/** A webhook's address, events and state: a new one (its secret comes back once) or one being changed. */
export function WebhookForm(props: WebhookFormProps) {
  const { idClientBscs, editing } = props;
  const form = useZodForm(webhookInputSchema, {
    defaultValues: editing ? { url: editing.url, evenements: [...editing.evenements], actif: editing.actif } : EMPTY,
  });
  const create = useCreateWebhook(idClientBscs);
  const update = useUpdateWebhook(idClientBscs);

  return (
    <Form
      form={form}
      className="space-y-5"
      aria-label={editing ? WEBHOOKS_TEXTS.editTitle : WEBHOOKS_TEXTS.createTitle}
      errorFields={{ WEBHOOK_URL_INVALID: 'url' }}
      onSubmit={async (values) => {
        if (props.editing) {
          props.onUpdated(await update.mutateAsync({ idWebhook: props.editing.idWebhook, webhook: values }));
        } else {
          const created = await create.mutateAsync(values);
          form.reset(EMPTY);
          props.onCreated(created);
        }
      }}
    >
      <TextField<WebhookFormInput>
        name="url"
        label={WEBHOOK_FORM_TEXTS.url}
        help={WEBHOOK_FORM_TEXTS.urlHelp}
        required
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        maxLength={WEBHOOK_URL_MAX}
      />
      <CheckboxGroupField<WebhookFormInput> name="evenements" label={WEBHOOK_FORM_TEXTS.events} help={WEBHOOK_FORM_TEXTS.eventsHelp} options={EVENT_OPTIONS} />
      {editing?.desactiveLe ? (
        <Alert tone="info" live={false}>
          {WEBHOOK_FORM_TEXTS.disabledNote}
        </Alert>
      ) : null}
      <CheckboxField<WebhookFormInput> name="actif" label={WEBHOOK_FORM_TEXTS.active} description={WEBHOOK_FORM_TEXTS.activeHelp} />
      <FormAlert />
      <div className="flex flex-wrap gap-3">
        <SubmitButton className="btn-primary w-full sm:w-auto">{editing ? WEBHOOKS_TEXTS.save : WEBHOOKS_TEXTS.create}</SubmitButton>
        {props.editing ? (
          <button type="button" className="btn-secondary w-full sm:w-auto" onClick={props.onCancel}>
            {WEBHOOKS_TEXTS.cancel}
          </button>
        ) : null}
      </div>
    </Form>
  );
}
