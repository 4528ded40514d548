import type { AccountUser } from '@ecare/shared/account-users';
import { MFA_RESET_MOTIF, mfaResetRequestSchema } from '@ecare/shared/security-activity';
import { ConfirmDialog, useConfirmation } from '../../../components/ui/confirm-dialog.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { useResetUserMfa } from '../api/reset-user-mfa.ts';
import { fullName } from '../utils/user-forms.ts';

interface MfaResetFormProps {
  idClientBscs: number;
  user: AccountUser;
  onReset: () => void;
  onCancel: () => void;
}

/**
 * For an agent in the customer's session (decision 058): the reason, then a confirmation, then
 * the person's second factors and recovery codes go and their sessions end.
 */
export function MfaResetForm({ idClientBscs, user, onReset, onCancel }: MfaResetFormProps) {
  const form = useZodForm(mfaResetRequestSchema, { defaultValues: { motif: '' } });
  const reset = useResetUserMfa();
  const confirmation = useConfirmation();
  const name = fullName(user);
  return (
    <>
      <Form
        form={form}
        className="space-y-4"
        onSubmit={async (body) => {
          if (!(await confirmation.ask())) return;
          try {
            await reset.mutateAsync({ idClientBscs, userId: user.id, body });
            onReset();
          } finally {
            confirmation.close();
          }
        }}
      >
        <p>
          Quand {name} a perdu tous ses moyens de vérification (téléphone, codes de secours), après avoir vérifié son identité. Son application
          d’authentification et ses codes de secours seront retirés, ses sessions fermées&nbsp;; la personne et les gestionnaires du compte
          seront prévenus par e-mail.
        </p>
        <TextField<{ motif: string }>
          name="motif"
          label="Motif"
          required
          maxLength={MFA_RESET_MOTIF.max}
          help="Par exemple le numéro du ticket et la vérification d’identité faite. Il est conservé dans le journal des actions."
        />
        <FormAlert />
        <div className="flex flex-wrap gap-3 pt-2">
          <SubmitButton>Réinitialiser</SubmitButton>
          <button type="button" className="btn-secondary" onClick={onCancel}>
            Annuler
          </button>
        </div>
      </Form>
      <ConfirmDialog
        confirmation={confirmation}
        title={`Réinitialiser la vérification en deux étapes de ${name}\u00a0?`}
        confirmLabel="Réinitialiser"
        isPending={reset.isPending}
      >
        <p>
          {name} pourra se connecter avec son seul code confidentiel, puis configurer de nouveau une application d’authentification. Cette action ne
          peut pas être annulée.
        </p>
      </ConfirmDialog>
    </>
  );
}
