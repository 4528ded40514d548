import type { AccountUser } from '@ecare/shared/account-users';
import { formatPhone } from '@ecare/shared/phone';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import type { ApiErrorFields } from '../../../components/ui/form/api-error-to-form.ts';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { RadioGroupField } from '../../../components/ui/form/radio-group-field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { useChangeAccountUserRole } from '../api/change-account-user-role.ts';
import { chosenLine, fullName, ROLE_OPTIONS, roleFormSchema, type RoleFormValues } from '../utils/user-forms.ts';
import { LineChoiceField } from './line-choice-field.tsx';
import { useLineUserReplacement } from './line-user-replacement.tsx';

const ERROR_FIELDS: ApiErrorFields<RoleFormValues> = {
  USER_LINE_REQUIRED: 'idContrat',
  LINE_HAS_USER: 'idContrat',
  LINE_USER_REPLACEMENT: 'idContrat',
  LINE_TERMINATED: 'idContrat',
  FORBIDDEN_CONTRACT: 'idContrat',
};

interface RoleFormProps {
  idClientBscs: number;
  user: AccountUser;
  onChanged: (user: AccountUser) => void;
  onCancel: () => void;
}

/**
 * The person's role on the account. A manager made a simple user needs a line of the account:
 * one they already use, else one chosen here.
 */
export function RoleForm({ idClientBscs, user, onChanged, onCancel }: RoleFormProps) {
  const schema = useMemo(() => roleFormSchema(user.ligne === null), [user.ligne]);
  const form = useZodForm(schema, { defaultValues: { role: user.role, idContrat: null } });
  const role = useWatch({ control: form.control, name: 'role' });
  const change = useChangeAccountUserRole();
  const replacement = useLineUserReplacement(idClientBscs);
  return (
    <>
      <Form
        form={form}
        errorFields={ERROR_FIELDS}
        className="space-y-4"
        onSubmit={async (values) => {
          const idContrat = values.role === 'utilisateur' && user.ligne === null ? chosenLine(values.idContrat) : undefined;
          const { send, remplacerUtilisateur } = await replacement.confirmFor(idContrat, fullName(user));
          if (!send) return;
          let changed;
          try {
            changed = await change.mutateAsync({ userId: user.id, change: { idClientBscs, role: values.role, idContrat, remplacerUtilisateur } });
          } catch (error) {
            replacement.settled(error);
            throw error;
          }
          replacement.settled();
          onChanged(changed);
        }}
      >
        <RadioGroupField<RoleFormValues> name="role" label="Rôle" required options={ROLE_OPTIONS} />
        {role === 'utilisateur' && user.ligne === null ? <LineChoiceField idClientBscs={idClientBscs} /> : null}
        {role === 'utilisateur' && user.ligne !== null ? (
          <p className="text-sm text-muted">Sa ligne reste le {formatPhone(user.ligne.numeroLigne)}.</p>
        ) : null}
        <FormAlert />
        <div className="flex flex-wrap gap-3 pt-2">
          <SubmitButton>Enregistrer</SubmitButton>
          <button type="button" className="btn-secondary" onClick={onCancel}>
            Annuler
          </button>
        </div>
      </Form>
      {replacement.dialog(change.isPending)}
    </>
  );
}
