import { Alert } from '../../../components/ui/alert.tsx';
import { FormAlert } from '../../../components/ui/form/form-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { useCurrentUser } from '../../../features/auth/api/get-current-user.ts';
import { useChangeCode } from '../../../features/password/api/change-code.ts';
import { CodeStrengthFields } from '../../../features/password/components/code-strength-fields.tsx';
import { changeCodeFormSchema, CHANGE_CODE_ERROR_FIELDS, CODE_FORM_MESSAGES } from '../../../features/password/utils/code-form.ts';
import { accountBreadcrumb } from './account-breadcrumb.ts';

export { accountAreaLoader as codeLoader } from './account-loader.ts';

/** /mon-compte/code-confidentiel: change of the signed-in user's code; their other sessions end. */
export function CodeRoute() {
  const user = useCurrentUser().data;
  const form = useZodForm(changeCodeFormSchema, {
    defaultValues: { oldCode: '', newCode: '' },
    messages: CODE_FORM_MESSAGES,
  });
  const change = useChangeCode();

  return (
    <>
      <PageHeading
        breadcrumb={accountBreadcrumb(user, 'Changer mon code confidentiel')}
        intro="Saisissez votre code confidentiel actuel puis choisissez le nouveau."
      >
        Changer mon code confidentiel
      </PageHeading>
      <Form
        form={form}
        errorFields={CHANGE_CODE_ERROR_FIELDS}
        className="card max-w-2xl space-y-6"
        onSubmit={async ({ oldCode, newCode }) => {
          if (!user) return;
          await change.mutateAsync({ email: user.email, oldCode, newCode });
          form.reset();
        }}
      >
        <CodeStrengthFields withOldCode username={user?.email} />
        <FormAlert />
        <div role="status">
          {change.isSuccess ? (
            <Alert tone="success" live={false}>
              Votre nouveau code confidentiel a bien été pris en compte. Vos autres sessions ouvertes ont été fermées.
            </Alert>
          ) : null}
        </div>
        <SubmitButton disabledUnlessValid>Valider</SubmitButton>
      </Form>
    </>
  );
}
