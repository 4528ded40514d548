import { useEffect, useRef } from 'react';
import { Link, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { FormAlert } from '../../components/ui/form/form-alert.tsx';
import { Form } from '../../components/ui/form/form.tsx';
import { SubmitButton } from '../../components/ui/form/submit-button.tsx';
import { useZodForm } from '../../components/ui/form/use-zod-form.ts';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { useCreateCode } from '../../features/password/api/create-code.ts';
import { verifyGuid } from '../../features/password/api/verify-guid.ts';
import { CodeStrengthFields } from '../../features/password/components/code-strength-fields.tsx';
import { NEW_CODE_ERROR_FIELDS, CODE_FORM_MESSAGES, createCodeFormSchema } from '../../features/password/utils/code-form.ts';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { isApiError } from '../../lib/api-error.ts';
import { PATHS } from '../../lib/routes.ts';

type LinkCheck = { kind: 'valid'; guid: string; email: string } | { kind: 'unchecked'; message: string };

/**
 * Spec §4 "Create code": a missing guid, or one the server says is not ok, leads to
 * /pages/accueil. A check that got no verdict (too many requests, network) is shown instead.
 */
export async function createCodeLoader({ params, request }: LoaderFunctionArgs): Promise<LinkCheck> {
  const guid = params.guid?.trim() ?? '';
  if (guid === '') throw redirect(PATHS.home);
  try {
    const check = await verifyGuid(guid, request.signal);
    if (!check.ok) throw redirect(PATHS.home);
    return { kind: 'valid', guid, email: check.email };
  } catch (error) {
    if (error instanceof Response) throw error;
    // A malformed guid is refused by the route's schema: as invalid as an unknown one.
    if (isApiError(error) && (error.status === 400 || error.status === 404)) throw redirect(PATHS.home);
    return { kind: 'unchecked', message: apiErrorMessage(error) };
  }
}

function CreatedNotice() {
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => noticeRef.current?.focus(), []);
  return (
    <>
      <PageHeading>Votre nouveau code confidentiel</PageHeading>
      <div className="card max-w-2xl space-y-5">
        <p ref={noticeRef} tabIndex={-1} role="status" className="font-semibold text-success">
          Votre nouveau code confidentiel a bien été pris en compte.
        </p>
        <Link to={PATHS.login} className="btn-primary">
          Se connecter
        </Link>
      </div>
    </>
  );
}

function CreateCodeForm({ guid, email }: { guid: string; email: string }) {
  const form = useZodForm(createCodeFormSchema, { defaultValues: { newCode: '' }, messages: CODE_FORM_MESSAGES });
  const create = useCreateCode();

  if (create.isSuccess) return <CreatedNotice />;

  return (
    <>
      <PageHeading intro={`Identifiant : ${email}`}>Veuillez créer votre mot de passe</PageHeading>
      <Form
        form={form}
        errorFields={NEW_CODE_ERROR_FIELDS}
        className="card max-w-2xl space-y-6"
        onSubmit={({ newCode }) => create.mutateAsync({ guid, email, code: newCode })}
      >
        <CodeStrengthFields username={email} />
        <FormAlert />
        <div className="flex flex-wrap gap-3">
          <Link to={PATHS.home} className="btn-secondary">
            Annuler
          </Link>
          <SubmitButton disabledUnlessValid>Valider</SubmitButton>
        </div>
      </Form>
    </>
  );
}

/** /identification/creer-code-confidentiel/{guid}: creation of a code from an e-mailed link (no session loading). */
export function CreateCodeRoute() {
  const check = useLoaderData<typeof createCodeLoader>();
  if (check.kind === 'unchecked') {
    return (
      <>
        <PageHeading>Veuillez créer votre mot de passe</PageHeading>
        <Alert tone="error">{check.message}</Alert>
      </>
    );
  }
  return <CreateCodeForm key={check.guid} guid={check.guid} email={check.email} />;
}
