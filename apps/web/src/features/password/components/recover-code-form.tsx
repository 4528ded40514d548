import { PASSWORD_RESET_MESSAGES, RESET_EMAIL_MAX, resetRequestSchema } from '@ecare/shared/password';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormAlertError } from '../../../components/ui/form/api-error-to-form.ts';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import type { CodeLinkOutcome } from '../api/request-code-link.ts';

/** The e-mail rule of spec §5 (required, max 50, e-mail format), from the shared request schema. */
export const recoverCodeFormSchema = resetRequestSchema.pick({ email: true });

export const RECOVER_CODE_MESSAGES = {
  email: { required: 'Veuillez saisir votre adresse e-mail.', invalid: 'L’adresse e-mail saisie est invalide.' },
};

interface RecoverCodeFormProps {
  cancelTo: string;
  /** The forgotten-code flow (captcha, check, request); a refusal comes back as its message. */
  onRequest: (email: string) => Promise<CodeLinkOutcome>;
}

/**
 * Forgotten code or first connection (spec §2, §5): one e-mail field, 'Annuler' and 'Valider'
 * (disabled while the address is invalid); once the link is requested the success text
 * replaces the buttons.
 */
export function RecoverCodeForm({ cancelTo, onRequest }: RecoverCodeFormProps) {
  const form = useZodForm(recoverCodeFormSchema, { defaultValues: { email: '' }, messages: RECOVER_CODE_MESSAGES });
  const request = useMutation({ mutationFn: onRequest });
  const done = request.data?.ok === true;
  const successRef = useRef<HTMLDivElement>(null);

  // The buttons disappear on success: focus moves to the message instead of being lost.
  useEffect(() => {
    if (done) successRef.current?.focus();
  }, [done]);

  return (
    <Form
      form={form}
      className="space-y-5"
      onSubmit={async ({ email }) => {
        if (done) return;
        const outcome = await request.mutateAsync(email);
        if (!outcome.ok) throw new FormAlertError(outcome.message);
      }}
    >
      <TextField
        name="email"
        label="Adresse e-mail"
        required
        help="L’adresse e-mail qui vous sert d’identifiant, par exemple nom@entreprise.fr."
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        maxLength={RESET_EMAIL_MAX}
        readOnly={done}
        inputClassName="max-w-md"
      />
      <FormAlert />
      <div role="status">
        {done ? (
          <div ref={successRef} tabIndex={-1} className="outline-none">
            <Alert tone="success" live={false}>
              <p className="font-semibold">{PASSWORD_RESET_MESSAGES.success}</p>
            </Alert>
          </div>
        ) : null}
      </div>
      {done ? null : (
        <div className="flex flex-wrap gap-3">
          <Link to={cancelTo} className="btn-secondary">
            Annuler
          </Link>
          <SubmitButton disabledUnlessValid>Valider</SubmitButton>
        </div>
      )}
    </Form>
  );
}
