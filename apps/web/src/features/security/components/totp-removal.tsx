import { totpCodeRequestSchema } from '@ecare/shared/security';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { useRemoveTotp } from '../api/remove-totp.ts';
import { sendCode, TotpCodeField } from './totp-code-field.tsx';

/** Turns the authenticator app off, with a code it shows now, after a confirmation. */
export function TotpRemoval({ onRemoved, keepsRecoveryCodes = false }: { onRemoved: () => void; /** Passkeys remain: the recovery codes stay. */ keepsRecoveryCodes?: boolean }) {
  const form = useZodForm(totpCodeRequestSchema, { defaultValues: { code: '' } });
  const remove = useRemoveTotp();
  const confirmation = useConfirmation();

  return (
    <>
      <h3 className="text-lg font-bold">Désactiver l’application d’authentification</h3>
      <Form
        form={form}
        className="space-y-4"
        onSubmit={async (body) => {
          if (!(await confirmation.ask())) return;
          try {
            const removed = await sendCode(form, async () => {
              await remove.mutateAsync(body);
              return true;
            });
            if (removed) onRemoved();
          } finally {
            confirmation.close();
          }
        }}
      >
        <TotpCodeField help="Pour confirmer que c’est bien vous, le code affiché en ce moment par votre application d’authentification." />
        <FormAlert />
        <SubmitButton className="btn-secondary">Désactiver</SubmitButton>
      </Form>
      <ConfirmDialog
        confirmation={confirmation}
        title={'Désactiver l’application d’authentification\u00a0?'}
        confirmLabel="Désactiver"
        isPending={remove.isPending}
      >
        {keepsRecoveryCodes ? (
          <p>
            Le code de l’application ne vous sera plus demandé. Vos clés d’accès et vos codes de secours restent actifs. Vous pourrez configurer
            une application de nouveau à tout moment.
          </p>
        ) : (
          <p>
            Votre connexion ne demandera plus que votre identifiant et votre code confidentiel, et vos codes de secours ne serviront plus.
            Vous pourrez configurer une application de nouveau à tout moment.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
