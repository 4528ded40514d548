import type { AccountUser } from '@ecare/shared/account-users';
import { useWatch } from 'react-hook-form';
import type { ApiErrorFields } from '../../../components/ui/form/api-error-to-form.ts';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { RadioGroupField } from '../../../components/ui/form/radio-group-field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { useInviteAccountUser } from '../api/invite-account-user.ts';
import { chosenLine, fullName, INVITE_MESSAGES, inviteFormSchema, ROLE_OPTIONS, type InviteFormValues } from '../utils/user-forms.ts';
import { LineChoiceField } from './line-choice-field.tsx';
import { useLineUserReplacement } from './line-user-replacement.tsx';

const ERROR_FIELDS: ApiErrorFields<InviteFormValues> = {
  USER_EMAIL_TAKEN: 'email',
  USER_LINE_REQUIRED: 'idContrat',
  LINE_HAS_USER: 'idContrat',
  LINE_USER_REPLACEMENT: 'idContrat',
  LINE_TERMINATED: 'idContrat',
  FORBIDDEN_CONTRACT: 'idContrat',
};

interface InviteUserFormProps {
  idClientBscs: number;
  onInvited: (user: AccountUser) => void;
  onCancel: () => void;
}

/** Who to invite and as what; the invitation mail leaves once the form is sent. */
export function InviteUserForm({ idClientBscs, onInvited, onCancel }: InviteUserFormProps) {
  const form = useZodForm(inviteFormSchema, {
    defaultValues: { prenom: '', nom: '', email: '', role: 'utilisateur', idContrat: null },
    messages: INVITE_MESSAGES,
  });
  const role = useWatch({ control: form.control, name: 'role' });
  const invite = useInviteAccountUser();
  const replacement = useLineUserReplacement(idClientBscs);
  return (
    <>
      <Form
        form={form}
        errorFields={ERROR_FIELDS}
        className="space-y-4"
        onSubmit={async (values) => {
          const idContrat = values.role === 'utilisateur' ? chosenLine(values.idContrat) : undefined;
          const { send, remplacerUtilisateur } = await replacement.confirmFor(idContrat, fullName(values));
          if (!send) return;
          let invited;
          try {
            invited = await invite.mutateAsync({ idClientBscs, email: values.email, prenom: values.prenom, nom: values.nom, role: values.role, idContrat, remplacerUtilisateur });
          } catch (error) {
            replacement.settled(error);
            throw error;
          }
          replacement.settled();
          onInvited(invited);
        }}
      >
        <TextField<InviteFormValues> name="prenom" label="Prénom" required autoComplete="off" />
        <TextField<InviteFormValues> name="nom" label="Nom" required autoComplete="off" />
        <TextField<InviteFormValues>
          name="email"
          label="Adresse e-mail"
          type="email"
          required
          autoComplete="off"
          help="L’invitation y est envoyée ; cette adresse sera son identifiant de connexion."
        />
        <RadioGroupField<InviteFormValues> name="role" label="Rôle" required options={ROLE_OPTIONS} />
        {role === 'utilisateur' ? <LineChoiceField idClientBscs={idClientBscs} /> : null}
        <FormAlert />
        <div className="flex flex-wrap gap-3 pt-2">
          <SubmitButton>Envoyer l’invitation</SubmitButton>
          <button type="button" className="btn-secondary" onClick={onCancel}>
            Annuler
          </button>
        </div>
      </Form>
      {replacement.dialog(invite.isPending)}
    </>
  );
}
