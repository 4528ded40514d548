import { totpCodeRequestSchema, type RecoveryCodes, type TotpEnrolment as Enrolment } from '@ecare/shared/security';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { useConfirmTotp } from '../api/confirm-totp.ts';
import { groupedSecret } from '../utils/totp-format.ts';
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
        <li className="space-y-3">
          <p>
            Installez une application d’authentification sur votre téléphone (par exemple Google Authenticator, Microsoft Authenticator
            ou FreeOTP), puis ajoutez-y votre compte en scannant ce QR code.
          </p>
          <img
            src={enrolment.qrCode}
            width={200}
            height={200}
            alt="QR code à scanner avec votre application d’authentification"
            className="rounded-md border border-line-soft bg-white p-2"
          />
          <p>
            Sur ce téléphone, vous pouvez aussi{' '}
            <a href={enrolment.otpauthUrl} className="link">
              ouvrir votre application d’authentification
            </a>
            .
          </p>
        </li>
        <li className="space-y-2">
          <p>Si vous ne pouvez pas scanner le QR code, saisissez cette clé dans l’application&nbsp;:</p>
          <p>
            <code className="inline-block rounded-md bg-canvas px-3 py-2 font-mono text-lg tracking-wider break-all">
              {groupedSecret(enrolment.secret)}
            </code>
          </p>
        </li>
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
