import { totpCodeRequestSchema, type RecoveryCodes, type TotpEnrolment as Enrolment } from '@ecare/shared/security';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { TotpSecretSteps } from '../../../components/second-factor/totp-secret-steps.tsx';
import { useConfirmTotp } from '../api/confirm-totp.ts';
import { sendCode, TotpCodeField } from './totp-code-field.tsx';

interface TotpEnrolmentProps {
  enrolment: Enrolment;
  onConfirmed: (codes: RecoveryCodes['codesDeSecours']) => void;
  onCancel: () => void;
}

/**
 * The new secret, as a QR code to scan and as text to type, then the app's first code, which
 * turns the second factor on.
 */
export function TotpEnrolment({ enrolment, onConfirmed, onCancel }: TotpEnrolmentProps) {
  const form = useZodForm(totpCodeRequestSchema, { defaultValues: { code: '' } });
  const confirm = useConfirmTotp();

  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-5 pl-5">
        <TotpSecretSteps enrolment={enrolment} />
        <li>
          <p className="mb-3">Saisissez le code que l’application affiche pour confirmer.</p>
          <Form
            form={form}
            className="space-y-4"
            onSubmit={async (body) => {
              const answer = await sendCode(form, () => confirm.mutateAsync(body));
              if (answer) onConfirmed(answer.codesDeSecours);
            }}
          >
            <TotpCodeField />
            <FormAlert />
            <div className="flex flex-wrap gap-3">
              <SubmitButton>Confirmer</SubmitButton>
              <button type="button" className="btn-secondary" onClick={onCancel}>
                Annuler
              </button>
            </div>
          </Form>
        </li>
      </ol>
    </div>
  );
}
