import { loginFormSchema } from '@ecare/shared/auth';
import { EMAIL_CHANGE_MESSAGES, emailChangeRequestSchema } from '@ecare/shared/email-change';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import type { ApiErrorFields } from '../../../components/ui/form/api-error-to-form.ts';
import { CodeField } from '../../../components/ui/form/code-field.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm, type FieldMessages } from '../../../components/ui/form/use-zod-form.ts';
import { useRequestEmailChange } from '../api/request-email-change.ts';

/** The new address as the API checks it, and the current code as typed at login. */
export const emailChangeFormSchema = z.object({
  nouvelEmail: emailChangeRequestSchema.shape.nouvelEmail,
  code: loginFormSchema.shape.password,
});
type EmailChangeFormValues = z.input<typeof emailChangeFormSchema>;

export const EMAIL_CHANGE_FORM_MESSAGES: FieldMessages<EmailChangeFormValues> = {
  nouvelEmail: { required: 'Veuillez saisir la nouvelle adresse e-mail.', invalid: 'L’adresse e-mail saisie est invalide.' },
  code: { required: 'Veuillez saisir votre code confidentiel.', invalid: EMAIL_CHANGE_MESSAGES.wrongCode },
};

const ERROR_FIELDS: ApiErrorFields<EmailChangeFormValues> = {
  WRONG_CODE: 'code',
  EMAIL_SAME: 'nouvelEmail',
  EMAIL_UNAVAILABLE: 'nouvelEmail',
};

/** Request to change the login e-mail (confirmed later from the new address). */
export function EmailChangeForm({ currentEmail }: { currentEmail: string }) {
  const form = useZodForm(emailChangeFormSchema, {
    defaultValues: { nouvelEmail: '', code: '' },
    messages: EMAIL_CHANGE_FORM_MESSAGES,
  });
  const request = useRequestEmailChange();

  return (
    <Form
      form={form}
      errorFields={ERROR_FIELDS}
      className="space-y-5"
      onSubmit={async ({ nouvelEmail, code }) => {
        await request.mutateAsync({ currentEmail, newEmail: nouvelEmail, code });
        form.reset();
      }}
    >
      <p className="text-muted">
        Un e-mail de confirmation sera envoyé à la nouvelle adresse et un e-mail d’information à l’adresse actuelle.
        Votre identifiant change dès que vous confirmez depuis la nouvelle adresse.
      </p>
      <TextField
        name="nouvelEmail"
        label="Nouvelle adresse e-mail"
        required
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        inputClassName="max-w-md"
      />
      <CodeField<EmailChangeFormValues>
        name="code"
        label="Code confidentiel actuel"
        autoComplete="current-password"
        subject="le code confidentiel actuel"
        className="max-w-md"
      />
      <FormAlert />
      <div role="status">
        {request.isSuccess ? (
          <Alert tone="success" live={false}>
            {EMAIL_CHANGE_MESSAGES.requested}
          </Alert>
        ) : null}
      </div>
      <SubmitButton>Valider</SubmitButton>
    </Form>
  );
}
